#!/usr/bin/env node
// The installed `switchyard` command: runs the bundled CLI (built by `npm install` / `npm run build:node`).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
if (!existsSync(cli)) {
  process.stderr.write(
    'switchyard: the CLI is not built yet. Run `npm install` (or `npm run build:node`) in the checkout first.\n',
  )
  process.exit(1)
}
await import(cli)
