import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

/**
 * `import { Switchyard } from 'switchyard/sdk'` as a user's app does it: a separate folder whose
 * node_modules/switchyard is this package (the built dist/sdk, through package.json `exports`).
 */
const ROOT = join(import.meta.dirname, '..', '..')
// Asynchronous: the gateway answering the child runs in this very process.
const run = promisify(execFile)
const data = tempDir()
const app = tempDir('switchyard-user-app-')
let server: RunningServer
let secretKey: string
let publishableKey: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  secretKey = firstSecretKey(server)
  publishableKey = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  mkdirSync(join(app.dir, 'node_modules'))
  symlinkSync(ROOT, join(app.dir, 'node_modules', 'switchyard'), 'dir')
  writeFileSync(
    join(app.dir, 'package.json'),
    JSON.stringify({ name: 'user-app', type: 'module', private: true }),
  )
})
afterAll(async () => {
  await server.close()
  data.cleanup()
  app.cleanup()
})

describe("the SDK as a user's Node app imports it", () => {
  it("runs the spec's operations from plain ESM JavaScript", async () => {
    writeFileSync(
      join(app.dir, 'app.mjs'),
      `import { Switchyard, SwitchyardError } from 'switchyard/sdk'
const [baseUrl, apiKey, publishableKey] = process.argv.slice(2)
const sdk = new Switchyard({ apiKey, baseUrl })
const session = await new Switchyard({ apiKey: publishableKey, baseUrl }).createAuthSession({ provider: 'github', tenant_id: 'acme' })
const install = await sdk.createInstallSession({ provider: 'github-app', tenant_id: 'acme' })
const key = await sdk.createApiKey({ name: 'from app.mjs', role: 'secret' })
const listed = await sdk.listApiKeys()
await sdk.revokeApiKey(key.id)
const searches = await Promise.all([
  sdk.searchProviders({ query: 'github', limit: 1 }),
  sdk.searchProviderConfigs(),
  sdk.searchInstallations(),
  sdk.searchConnections(),
  sdk.searchEvents(),
])
let code
try { await sdk.getConnection('conn_nope') } catch (err) { code = err instanceof SwitchyardError && err.code }
console.log(JSON.stringify({ session: typeof session.url, install: typeof install.url, keys: listed.data.length, top: searches[0].data[0].id, pages: searches.map((p) => Array.isArray(p.data)), code }))
`,
    )
    const { stdout } = await run(process.execPath, ['app.mjs', server.url, secretKey, publishableKey], {
      cwd: app.dir,
    })
    expect(JSON.parse(stdout)).toEqual({
      session: 'string',
      install: 'string',
      keys: 3,
      top: 'github',
      pages: [true, true, true, true, true],
      code: 'not_found',
    })
  })

  it('typechecks a TypeScript app against the published declarations (NodeNext resolution)', async () => {
    writeFileSync(
      join(app.dir, 'app.ts'),
      `import { Switchyard, SwitchyardError, type Connection, type SearchRequest } from 'switchyard/sdk'
const sdk = new Switchyard({ apiKey: 'sk_x', baseUrl: 'http://127.0.0.1:4747', maxRetries: 3 })
const request: SearchRequest = { filter: { status: { eq: 'active' } }, sort: [{ field: 'created_at', direction: 'desc' }] }
export async function run(): Promise<string[]> {
  const page = await sdk.searchConnections(request)
  const first: Connection = await sdk.getConnection(page.data[0]?.id ?? 'conn_x')
  const created = await sdk.createApiKey({ name: 'k', role: 'publishable' })
  const ids: string[] = [first.tenant_id, created.key]
  for await (const item of sdk.iterate('searchEvents', { limit: 10 })) ids.push(item.id ?? '')
  try { await sdk.revokeApiKey(created.id) } catch (err) { if (err instanceof SwitchyardError) ids.push(err.code, String(err.status), err.detail) }
  return ids
}
// @ts-expect-error role must be 'secret' or 'publishable': the types come from the server's schema
sdk.createApiKey({ name: 'k', role: 'admin' })
`,
    )
    writeFileSync(
      join(app.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['app.ts'],
      }),
    )
    const tsc = await run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
      {
        cwd: app.dir,
      },
    ).catch((err: { stdout: string; stderr: string }) => err)
    expect(tsc.stdout + tsc.stderr).toBe('')
  })

  it('needs nothing at runtime but fetch: the bundle imports no other module', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('switchyard/sdk'))"],
      { cwd: app.dir },
    )
    expect(stdout).toMatch(/\/dist\/sdk\/index\.js$/)
    const bundle = readFileSync(fileURLToPath(stdout), 'utf8')
    expect(bundle).not.toMatch(/^\s*import\s/m)
    expect(bundle).not.toMatch(/\brequire\(/)
  })
})
