import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

/**
 * `switchyard/sdk` from CommonJS as well as ESM, with types under every TypeScript module
 * resolution a user may have: a separate folder whose node_modules/switchyard is this package.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')
// Asynchronous: the gateway answering the child runs in this very process.
const run = promisify(execFile)
const data = tempDir()
const app = tempDir('switchyard-cjs-app-')
let server: RunningServer
let secretKey: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  secretKey = firstSecretKey(server)
  mkdirSync(join(app.dir, 'node_modules'))
  symlinkSync(ROOT, join(app.dir, 'node_modules', 'switchyard'), 'dir')
  // A CommonJS app: no "type": "module".
  writeFileSync(join(app.dir, 'package.json'), JSON.stringify({ name: 'cjs-app', private: true }))
})
afterAll(async () => {
  await server.close()
  data.cleanup()
  app.cleanup()
})

describe('switchyard/sdk from CommonJS', () => {
  it('require() loads the CommonJS build and it talks to the gateway', async () => {
    writeFileSync(
      join(app.dir, 'app.js'),
      `const { Switchyard, SwitchyardError } = require('switchyard/sdk')
const [baseUrl, apiKey] = process.argv.slice(2)
const sdk = new Switchyard({ apiKey, baseUrl })
;(async () => {
  const key = await sdk.createApiKey({ name: 'from app.js', role: 'secret' })
  const revoked = await sdk.revokeApiKey(key.id)
  let code
  try { await sdk.getConnection('conn_nope') } catch (err) { code = err instanceof SwitchyardError && err.code }
  console.log(JSON.stringify({ file: require.resolve('switchyard/sdk').split('/').pop(), key: key.key.slice(0, 3), revoked: revoked === undefined, code }))
})()
`,
    )
    const { stdout } = await run(process.execPath, ['app.js', server.url, secretKey], { cwd: app.dir })
    expect(JSON.parse(stdout)).toEqual({ file: 'index.cjs', key: 'sk_', revoked: true, code: 'not_found' })
  })

  it('import() from the same app still gets the ES module build', async () => {
    const { stdout } = await run(
      process.execPath,
      ['-e', "import('switchyard/sdk').then((m) => console.log(typeof m.Switchyard))"],
      { cwd: app.dir },
    )
    expect(stdout.trim()).toBe('function')
    const resolved = await run(
      process.execPath,
      ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('switchyard/sdk'))"],
      { cwd: app.dir },
    )
    expect(resolved.stdout).toMatch(/\/dist\/sdk\/index\.js$/)
  })

  it('the CommonJS bundle needs nothing but fetch: it requires no other module', () => {
    const bundle = readFileSync(join(ROOT, 'dist/sdk/index.cjs'), 'utf8')
    expect(bundle).not.toMatch(/\brequire\(/)
  })
})

describe('switchyard/sdk types under each moduleResolution', () => {
  const USE = `const sdk = new Switchyard({ apiKey: 'sk_x', baseUrl: 'http://127.0.0.1:4747' })
export async function use(): Promise<string> {
  const created = await sdk.createApiKey({ name: 'k', role: 'secret' })
  const gone: void = await sdk.revokeApiKey(created.id)
  try { await sdk.getConnection('conn_x') } catch (err) { if (err instanceof SwitchyardError) return err.code }
  return String(gone) + created.key
}
// @ts-expect-error role must be 'secret' or 'publishable': the types come from the server's schema
void sdk.createApiKey({ name: 'k', role: 'admin' })
`
  const files = {
    'consumer.cts': `import { Switchyard, SwitchyardError } from 'switchyard/sdk'\n${USE}`,
    'consumer.mts': `import { Switchyard, SwitchyardError } from 'switchyard/sdk'\n${USE}`,
    'consumer.ts': `import { Switchyard, SwitchyardError } from 'switchyard/sdk'\n${USE}`,
  }

  it.each([
    { resolution: 'node16', module: 'node16', consumers: ['consumer.cts', 'consumer.mts'] },
    { resolution: 'nodenext', module: 'nodenext', consumers: ['consumer.cts', 'consumer.mts'] },
    { resolution: 'bundler', module: 'esnext', consumers: ['consumer.ts'] },
  ])('$resolution: a strict consumer typechecks ($consumers)', async ({ resolution, module, consumers }) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(app.dir, name), text)
    const config = `tsconfig.${resolution}.json`
    writeFileSync(
      join(app.dir, config),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module,
          moduleResolution: resolution,
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          noEmit: true,
          skipLibCheck: false,
        },
        files: consumers,
      }),
    )
    const tsc = await run(process.execPath, [TSC, '-p', config], { cwd: app.dir }).catch(
      (err: { stdout: string; stderr: string }) => err,
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
  })
})
