// Builds the UI into out/renderer when it is missing or older than its sources (always with --force),
// so `npm start` serves a current dashboard and stays instant when nothing changed.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = join(root, 'out/renderer/index.html')

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const sources = [join(root, 'renderer'), join(root, 'package-lock.json')].filter(existsSync)
const stale =
  process.argv.includes('--force') ||
  !existsSync(built) ||
  statSync(built).mtimeMs < Math.max(...sources.map(newestMtime))
if (stale) {
  const quiet = process.argv.includes('--quiet')
  if (!quiet) console.log('building the dashboard (out/renderer)…')
  // Always the production bundle, also when called from a test runner that set NODE_ENV=test.
  process.env.NODE_ENV = 'production'
  const { build } = await import('vite')
  await build({
    configFile: join(root, 'renderer/vite.config.ts'),
    mode: 'production',
    logLevel: quiet ? 'error' : 'warn',
  })
}
