// The identity lookups of API requests (key, workspace) are memoised until the database changes:
// a change made by another connection to the same data folder (a CLI command in another process,
// the commit worker) or by this one must be seen by the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core.js'
import { openDataFolder } from '../../src/core/data-folder.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let other: { core: ReturnType<typeof createCore>; close: () => void }

beforeAll(async () => {
  t = await createTestApp()
  // A second connection, as `switchyard api-keys revoke` or `workspaces set-tier` in another process has.
  const folder = openDataFolder(t.dir)
  other = {
    core: createCore({ db: folder.db, encryptionKey: folder.encryptionKey }),
    close: () => folder.db.close(),
  }
})
afterAll(() => {
  other.close()
  t.close()
})

const search = (key: string) => t.req('POST', '/api/api-keys/search', { key, body: {} })
const policy = async (key: string) => (await search(key)).headers.get('ratelimit-policy')

describe('identity cache', () => {
  it('a key revoked by another connection fails on the very next request', async () => {
    const created = t.core.apiKeys.create(t.workspaceId, { name: 'cached', role: 'secret' })
    // Twice, so the second answer comes from the memo.
    expect((await search(created.key)).status).toBe(200)
    expect((await search(created.key)).status).toBe(200)
    other.core.apiKeys.revoke(t.workspaceId, created.id)
    const next = await search(created.key)
    expect(next.status).toBe(401)
    expect((await next.json()).code).toBe('api_key_revoked')
  })

  it('a key revoked on this connection fails on the very next request', async () => {
    const created = t.core.apiKeys.create(t.workspaceId, { name: 'cached too', role: 'secret' })
    expect((await search(created.key)).status).toBe(200)
    expect((await search(created.key)).status).toBe(200)
    t.core.apiKeys.revoke(t.workspaceId, created.id)
    expect((await search(created.key)).status).toBe(401)
  })

  it('a tier changed by another connection applies to the next request', async () => {
    expect(await policy(t.secretKey)).toBe('"default";q=1000000;w=60')
    expect(await policy(t.secretKey)).toBe('"default";q=1000000;w=60')
    other.core.workspaces.setTier('default', 'enterprise', 500_000)
    expect(await policy(t.secretKey)).toBe('"default";q=500000;w=60')
  })

  it('a tier changed on this connection applies to the next request', async () => {
    t.core.workspaces.setTier('default', 'enterprise', 400_000)
    expect(await policy(t.secretKey)).toBe('"default";q=400000;w=60')
    t.core.workspaces.setTier('default', 'enterprise', 1_000_000)
    expect(await policy(t.secretKey)).toBe('"default";q=1000000;w=60')
  })

  it('the admin token reaches a workspace that did not exist on its previous request', async () => {
    const second = { key: t.adminToken, body: {}, headers: { 'switchyard-workspace': 'second' } }
    expect((await t.req('POST', '/api/api-keys/search', second)).status).toBe(404)
    other.core.workspaces.create({ name: 'second', tier: 'free' })
    expect((await t.req('POST', '/api/api-keys/search', second)).status).toBe(200)
  })
})
