// Bundles the Node side (CLI + server) and the SDK with esbuild. `--if-stale` skips the work when
// dist/ is newer than every source file, so `npm start` stays instant after the first build.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const args = new Set(process.argv.slice(2))
const outputs = [
  join(root, 'dist/cli.js'),
  join(root, 'dist/sdk/index.js'),
  join(root, 'dist/sdk/index.d.ts'),
]

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

if (args.has('--if-stale') && outputs.every(existsSync)) {
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs))
  const sources = Math.max(newestMtime(join(root, 'src')), newestMtime(join(root, 'resources')))
  if (built >= sources) process.exit(0)
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: args.has('--quiet') ? 'error' : 'warning',
}

await build({
  ...common,
  entryPoints: { cli: join(root, 'src/cli/main.ts') },
  outdir: join(root, 'dist'),
  // Dependencies stay in node_modules (better-sqlite3 is native); only our code is bundled.
  external: ['better-sqlite3'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
})

await build({
  ...common,
  entryPoints: { index: join(root, 'src/sdk/index.ts') },
  outdir: join(root, 'dist/sdk'),
  platform: 'neutral',
  packages: 'external',
})
// The SDK's type declarations (dist/sdk/*.d.ts), for `import … from 'switchyard/sdk'` in TypeScript.
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.sdk.json')],
  {
    stdio: 'inherit',
  },
)
if (!args.has('--quiet')) console.log('built dist/cli.js and dist/sdk/index.js (+ .d.ts)')
