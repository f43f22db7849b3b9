// Bundles the Node side (CLI + server) and the SDK with esbuild. `--if-stale` skips the work when
// dist/ is newer than every source file, so `npm start` stays instant after the first build.
import { execFileSync, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const args = new Set(process.argv.slice(2))
const outputs = [
  join(root, 'dist/cli.cjs'),
  join(root, 'dist/sdk/index.js'),
  join(root, 'dist/sdk/index.cjs'),
  join(root, 'dist/sdk/index.d.ts'),
  join(root, 'dist/sdk/index.d.cts'),
]
outputs.push(join(root, 'dist/testing/index.cjs')) // switchyard/testing, built in its own block below
outputs.push(join(root, 'dist/commit-worker.js'), join(root, 'dist/testing/commit-worker.js'))

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

/**
 * zod re-exports its 60-odd message locales as `z.locales`, which keeps all of them in the bundle,
 * and every start would load them. Switchyard only uses English messages (the default zod
 * installs itself), so the bundle's locale index offers just that one.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: join(root, 'node_modules/zod/v4/locales'),
    }))
  },
}

/**
 * @hono/node-server imports node:http2 only to recognise HTTP/2 requests (`instanceof`). The
 * gateway serves HTTP/1.1 alone, so the bundle gives it a stand-in that no request is an instance
 * of, and a start does not load Node's HTTP/2 stack.
 */
const noHttp2 = {
  name: 'no-http2',
  setup(b) {
    b.onResolve({ filter: /^node:http2$/ }, (args) =>
      args.importer.includes(`${'@hono'}/node-server`)
        ? { path: 'http2-stand-in', namespace: 'no-http2' }
        : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'no-http2' }, () => ({
      contents: 'export class Http2ServerRequest {}\nexport const constants = { NGHTTP2_NO_ERROR: 0 }',
    }))
  },
}

/**
 * The webhook commit worker's thread, beside each bundle that starts it (src/core/webhooks/
 * commit-worker.ts looks for it there). An ES module like the source; better-sqlite3 stays a
 * package import, resolved when the thread starts (it starts only under concurrent webhooks).
 */
const buildCommitWorker = (outdir) =>
  build({
    ...common,
    entryPoints: { 'commit-worker': join(root, 'src/core/webhooks/commit-worker.thread.ts') },
    outdir,
    packages: 'external',
  })

// The CLI is one file that bin/switchyard.js compiles through a V8 code cache (vm.Script
// cachedData: one file beside the bundle, written here by the Node that builds it; V8 rejects a cache
// made by another Node version and bin/switchyard.js then writes it anew, so the cache always belongs
// to the Node that runs it). That holds the CLI's code to three rules:
// - CommonJS only: the bundle runs as a script wrapped like a CommonJS module, so no top-level
//   await and no `import.meta` (defined below as __importMetaUrl);
// - no `import()` left in the bundle: a vm.Script has no dynamic-import hook, so one throws when it
//   runs. `import()` of our own modules is fine (esbuild inlines it as a lazy initialiser); a
//   built-in loaded late comes from process.getBuiltinModule;
// - the cache this build writes (warmCodeCache) must be accepted, or every start compiles anew.
// test/cli/code-cache.test.ts checks all three on the built bundle. Whitespace and syntax are
// minified (less to read and hash at every start); names are kept for readable stack traces.
// BUILD_READABLE=1 keeps the whitespace, one statement a line, so a CPU profile's line numbers (and
// the bundle's `// src/...` file markers) point somewhere useful.
await build({
  ...common,
  format: 'cjs',
  minifyWhitespace: !process.env.BUILD_READABLE,
  minifySyntax: true,
  entryPoints: { cli: join(root, 'src/cli/main.ts') },
  outExtension: { '.js': '.cjs' },
  outdir: join(root, 'dist'),
  // Every dependency is bundled, better-sqlite3's JavaScript too (its native addon is loaded by
  // path, see openDatabase): a start then resolves and reads no package files at all.
  define: { 'import.meta.url': '__importMetaUrl' },
  plugins: [englishOnlyZod, noHttp2],
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
})
rmSync(join(root, 'dist/cli.js'), { force: true })
rmSync(join(root, 'dist/cli.js.map'), { force: true })
await buildCommitWorker(join(root, 'dist'))
await warmCodeCache()

// The SDK twice, for `import` (dist/sdk/index.js) and `require` (dist/sdk/index.cjs): package.json
// `exports` picks one by condition. Both are self-contained (the SDK imports nothing at runtime).
for (const format of ['esm', 'cjs']) {
  await build({
    ...common,
    entryPoints: { index: join(root, 'src/sdk/index.ts') },
    outdir: join(root, 'dist/sdk'),
    platform: 'neutral',
    packages: 'external',
    format,
    ...(format === 'cjs' && { outExtension: { '.js': '.cjs' } }),
  })
}
// The SDK's type declarations (dist/sdk/*.d.ts), for `import … from 'switchyard/sdk'` in TypeScript.
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.sdk.json')],
  {
    stdio: 'inherit',
  },
)
// The same declarations as CommonJS ones (*.d.cts importing ./x.cjs): under node16/nodenext
// resolution a .d.ts of this "type": "module" package describes an ES module, which `require` cannot
// load, so the `require` condition needs declarations of its own.
const sdkDir = join(root, 'dist/sdk')
for (const file of readdirSync(sdkDir).filter((f) => f.endsWith('.d.ts'))) {
  const text = readFileSync(join(sdkDir, file), 'utf8').replace(/(['"]\.\/[\w.-]+)\.js(['"])/g, '$1.cjs$2')
  writeFileSync(join(sdkDir, file.replace(/\.d\.ts$/, '.d.cts')), text)
}
if (!args.has('--quiet'))
  console.log('built dist/cli.cjs (+ code cache) and dist/sdk/index.js, index.cjs (+ .d.ts, .d.cts)')

// ---- switchyard/testing ---------------------------------------------------------------------
// startSwitchyard runs the whole gateway in a test process, so it is bundled like the CLI (every
// dependency inside, one CommonJS file). ESM importers get a thin wrapper around that same file:
// one copy of the module whichever way it is loaded. Types: the declarations its public surface
// reaches, once for `import` and once, under a `"type": "commonjs"` folder, for `require`.
await build({
  ...common,
  format: 'cjs',
  sourcemap: false,
  entryPoints: { index: join(root, 'src/testing/index.ts') },
  outExtension: { '.js': '.cjs' },
  outdir: join(root, 'dist/testing'),
  define: { 'import.meta.url': '__importMetaUrl' },
  plugins: [englishOnlyZod, noHttp2],
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
})
await buildCommitWorker(join(root, 'dist/testing'))
writeFileSync(
  join(root, 'dist/testing/index.mjs'),
  "import testing from './index.cjs'\n\nexport const { startSwitchyard } = testing\n",
)
rmSync(join(root, 'dist/testing/types'), { recursive: true, force: true })
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.testing.json')],
  { stdio: 'inherit' },
)
cpSync(join(root, 'dist/testing/types'), join(root, 'dist/testing/types-cjs'), { recursive: true })
writeFileSync(join(root, 'dist/testing/types-cjs/package.json'), '{ "type": "commonjs" }\n')
// For importers, `client` is typed as `switchyard/sdk`'s own Switchyard class (not a copy of it,
// which TypeScript would hold apart: the class has private fields).
const publicTypes = join(root, 'dist/testing/types/testing/types.d.ts')
writeFileSync(publicTypes, readFileSync(publicTypes, 'utf8').replace("'../sdk/index.js'", "'switchyard/sdk'"))
pruneDeclarations(join(root, 'dist/testing/types'), 'testing/api.d.ts')
pruneDeclarations(join(root, 'dist/testing/types-cjs'), 'testing/api.d.ts')
if (!args.has('--quiet'))
  console.log('built dist/testing (switchyard/testing: CommonJS + ESM wrapper + .d.ts)')

/** Deletes the emitted declarations the entry's public types do not reach (the server's internals). */
function pruneDeclarations(dir, entry) {
  const keep = new Set()
  const visit = (file) => {
    if (keep.has(file) || !existsSync(file)) return
    keep.add(file)
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g))
      visit(join(dirname(file), spec.replace(/\.js$/, '.d.ts')))
  }
  visit(join(dir, entry))
  const sweep = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name)
      if (e.isDirectory()) {
        sweep(path)
        if (readdirSync(path).length === 0) rmSync(path, { recursive: true })
      } else if (!keep.has(path) && e.name !== 'package.json') rmSync(path)
    }
  }
  sweep(dir)
}

/**
 * Writes dist/cli.cjs.cache from a real start: `serve` on a scratch folder until it has answered
 * /health and then an API request (which waits for the whole app to be assembled), so the cache
 * holds every function a start compiles. Best effort: without it, the first
 * start writes one.
 */
async function warmCodeCache() {
  rmSync(join(root, 'dist/cli.cjs.cache'), { force: true })
  const data = mkdtempSync(join(tmpdir(), 'switchyard-warm-'))
  const child = spawn(
    process.execPath,
    [join(root, 'bin/switchyard.js'), 'serve', '--port', '0', '--data', data],
    {
      env: { ...process.env, SWITCHYARD_WRITE_CODE_CACHE: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const url = await Promise.race([
      new Promise((resolve) => {
        let out = ''
        child.stdout.on('data', (d) => {
          out += d
          const m = /listening on (http:\/\/\S+)/.exec(out)
          if (m) resolve(m[1])
        })
      }),
      exited.then(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 20_000).unref()),
    ])
    if (url) {
      await fetch(`${url}/health`).then((r) => r.arrayBuffer())
      await fetch(`${url}/api/api-keys/search`, { method: 'POST' }).then((r) => r.arrayBuffer())
    } else
      console.warn('warning: could not warm the code cache (serve did not start); the first start writes it')
  } catch (err) {
    console.warn(`warning: could not warm the code cache: ${err.message}`)
  } finally {
    child.kill('SIGTERM')
    await exited
    rmSync(data, { recursive: true, force: true })
  }
}
