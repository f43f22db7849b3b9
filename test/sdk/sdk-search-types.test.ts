import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'

/**
 * Search items are fully typed for strict TypeScript users: a fixture compiled with `tsc --strict`
 * must pass, including its `@ts-expect-error` lines (an unused one is an error too).
 */
const ROOT = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)
const dir = tempDir('switchyard-sdk-types-')
afterAll(() => dir.cleanup())

const FIXTURE = `import { Switchyard, type SearchItem, type SearchRequest } from '${ROOT}/src/sdk/index.js'
const sdk = new Switchyard({ apiKey: 'sk_x' })

export async function whole(): Promise<string[]> {
  // Without fields: every field is there, with its own type (no \`!\`, no \`| undefined\`).
  const providers = await sdk.searchProviders({ query: 'git' })
  const name: string = providers.data[0]!.name
  const events = await sdk.searchEvents()
  const event: { id: string; type: string; created_at: string } = events.data[0]!
  const keys = await sdk.listApiKeys({ filter: { status: { eq: 'active' } } })
  const status: 'active' | 'revoked' = keys.data[0]!.status
  const connections = await sdk.searchConnections({ limit: 5 })
  const tenant: string = connections.data[0]!.tenant_id
  for await (const config of sdk.iterate('searchProviderConfigs')) {
    const provider: string = config.provider
    void provider
  }
  return [name, event.id, status, tenant]
}

export async function projected(): Promise<string> {
  // A literal list of fields: just those fields, each required.
  const page = await sdk.searchProviders({ fields: ['id', 'name'] })
  const item = page.data[0]!
  const text: string = item.id + item.name
  // @ts-expect-error description was not asked for
  void item.description
  for await (const e of sdk.iterate('searchEvents', { fields: ['type'] })) {
    const type: string = e.type
    // id and created_at always come
    const id: string = e.id + e.created_at
    // @ts-expect-error only type was asked for
    void e.source
    void type
    void id
  }
  return text
}

export async function shared(request: SearchRequest): Promise<string | undefined> {
  // The exported SearchRequest (one value for any search) is accepted by every search method.
  const connections = await sdk.searchConnections(request)
  await sdk.searchEvents({ ...request, fields: ['id'] })
  // @ts-expect-error it does not say whether fields is set, so any field may be absent
  const sure: string = connections.data[0]!.tenant_id
  void sure
  return connections.data[0]?.id
}

export async function dynamic(fields: Array<'id' | 'name'>, names: string[]): Promise<void> {
  // A list known only at run time: any of its fields may be there.
  const page = await sdk.searchProviders({ fields })
  const name: string | undefined = page.data[0]!.name
  const id: string = page.data[0]!.id
  // @ts-expect-error may be absent
  const sure: string = page.data[0]!.name
  // @ts-expect-error fields must be field names of the item
  await sdk.searchProviders({ fields: names })
  // @ts-expect-error a misspelt field name is caught at compile time
  await sdk.searchEvents({ fields: ['tpye'] })
  void id
  void name
  void sure
}

type Whole = SearchItem<'searchWebhookEndpoints'>
export const url = (e: Whole): string => e.url
`

describe('search items in the SDK (strict TypeScript)', () => {
  it('are whole without fields, Pick<> with literal fields, Partial<> with run-time fields', async () => {
    writeFileSync(join(dir.dir, 'fixture.ts'), FIXTURE)
    writeFileSync(
      join(dir.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['fixture.ts'],
      }),
    )
    const tsc = await run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
      { cwd: dir.dir },
    ).catch((err: { stdout: string; stderr: string }) => err)
    expect(tsc.stdout + tsc.stderr).toBe('')
  })
})
