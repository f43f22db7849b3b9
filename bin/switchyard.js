#!/usr/bin/env node
// The installed `switchyard` command. It runs the bundled CLI (dist/cli.cjs: in the package since
// `npm pack`; in a checkout built by `npm start`, `npm test`, `npm run build:node` or the first run)
// through a V8 code cache (dist/cli.cjs.cache): compiling the bundle from source is a large part of
// a cold start (startup in bench/RESULTS.md). The rules the bundle keeps for this are in
// scripts/build-node.mjs. A missing or stale cache (another Node version) only
// costs that one start: it is written anew.
// The supported Node.js (package.json engines), said plainly before anything else can fail: an older
// Node crashes inside the SQLite module (better-sqlite3 13 needs Node 22+) with no useful message.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `switchyard: Node.js ${process.versions.node} is not supported; it needs Node.js 22.12 or newer (24 LTS recommended). ` +
      'Install a current LTS from https://nodejs.org, or with your version manager (nvm install 24).\n',
  )
  process.exit(1)
}
// Built-ins through process.getBuiltinModule rather than `import`: no ES-module facades to build.
const { readFileSync, renameSync, writeFileSync } = process.getBuiltinModule('node:fs')
const Module = process.getBuiltinModule('node:module')
const { dirname } = process.getBuiltinModule('node:path')
const { fileURLToPath } = process.getBuiltinModule('node:url')
const { Script } = process.getBuiltinModule('node:vm')

const cli = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url))
const cacheFile = `${cli}.cache`

let source
try {
  source = readFileSync(cli, 'utf8')
} catch {
  // A fresh checkout: `npm install` builds nothing (no install scripts), so the first run builds.
  const builder = fileURLToPath(new URL('../scripts/build-node.mjs', import.meta.url))
  try {
    process.stderr.write('switchyard: building the CLI (dist/cli.cjs), once for this checkout…\n')
    process.getBuiltinModule('node:child_process').execFileSync(process.execPath, [builder, '--quiet'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    source = readFileSync(cli, 'utf8')
  } catch {
    process.stderr.write(
      'switchyard: the CLI is not built and could not be built. Run `npm install`, then `npm run build:node`, in the checkout.\n',
    )
    process.exit(1)
  }
}
let cachedData
try {
  cachedData = readFileSync(cacheFile)
} catch {
  cachedData = undefined
}
const script = new Script(Module.wrap(source), { filename: cli, cachedData })

if (cachedData === undefined || script.cachedDataRejected || process.env.SWITCHYARD_WRITE_CODE_CACHE) {
  // Written at exit, so it also holds the functions this run compiled (serve's request path too).
  process.once('exit', () => {
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`
      writeFileSync(tmp, script.createCachedData())
      renameSync(tmp, cacheFile)
    } catch {
      // A read-only install runs without a cache, just as correctly.
    }
  })
}
const module = { exports: {} }
script.runInThisContext()(module.exports, Module.createRequire(cli), module, cli, dirname(cli))
