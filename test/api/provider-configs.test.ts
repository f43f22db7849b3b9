import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { count, dataFolderBytes } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const CLIENT_SECRET = 'cs_live_5f0d6c1e9b8a4f3e2d1c0b9a8f7e6d5c'
const WEBHOOK_SECRET = 'whsec_3a9c1f7e5b2d8a6c4e0f9b7d5a3c1e8f'

const create = async (body: Record<string, unknown>) => {
  const res = await t.req('POST', '/api/provider-configs', { key: t.secretKey, body })
  return { res, body: await res.json() }
}

describe('POST /api/provider-configs', () => {
  it('creates a config for a catalog provider with its name as default: 201, simulated without credentials', async () => {
    const { res, body } = await create({ provider: 'github' })
    expect(res.status).toBe(201)
    expect(body).toMatchObject({
      provider: 'github',
      name: 'GitHub',
      client_id: null,
      client_secret_set: false,
      webhook_secret_set: false,
      scopes: null,
      mode: 'simulated',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    expect(body.id).toMatch(/^pcfg_/)
  })

  it('client_id plus client_secret make it a real-mode config', async () => {
    const { body } = await create({ provider: 'github', client_id: 'Iv1.abc', client_secret: CLIENT_SECRET })
    expect(body).toMatchObject({ client_id: 'Iv1.abc', client_secret_set: true, mode: 'real' })
  })

  it('the response shows that secrets are set, never the secrets', async () => {
    const { body } = await create({
      provider: 'stripe',
      client_id: 'ca_123',
      client_secret: CLIENT_SECRET,
      webhook_secret: WEBHOOK_SECRET,
    })
    const text = JSON.stringify(body)
    expect(text).not.toContain(CLIENT_SECRET)
    expect(text).not.toContain(WEBHOOK_SECRET)
    expect(body).toMatchObject({ client_secret_set: true, webhook_secret_set: true })
    expect(body).not.toHaveProperty('client_secret')
    expect(body).not.toHaveProperty('webhook_secret')
  })

  it('an unknown provider is a 400 pointing at /provider, and nothing is stored', async () => {
    const { res, body } = await create({ provider: 'no-such-provider' })
    expect(res.status).toBe(400)
    expect(body).toMatchObject({ code: 'invalid_request', errors: [{ pointer: '/provider' }] })
    expect(count(t, 'provider_configs')).toBe(0)
  })
})

describe('GET, PATCH and DELETE /api/provider-configs/{id}', () => {
  it('GET returns the config without its secrets', async () => {
    const { body: created } = await create({
      provider: 'github',
      client_id: 'id',
      client_secret: CLIENT_SECRET,
    })
    const res = await t.req('GET', `/api/provider-configs/${created.id}`, { key: t.secretKey })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(CLIENT_SECRET)
    expect(JSON.parse(text)).toEqual(created)
  })

  it('PATCH changes only the fields sent and moves updated_at', async () => {
    const { body: created } = await create({ provider: 'github', scopes: ['repo'] })
    t.clock.advance(5_000)
    const res = await t.req('PATCH', `/api/provider-configs/${created.id}`, {
      key: t.secretKey,
      body: { name: 'GitHub (staging)' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      name: 'GitHub (staging)',
      scopes: ['repo'],
      created_at: created.created_at,
      updated_at: '2026-01-01T00:00:05.000Z',
    })
  })

  it('PATCH with null clears a secret, and the config falls back to simulated mode', async () => {
    const { body: created } = await create({
      provider: 'github',
      client_id: 'id',
      client_secret: CLIENT_SECRET,
    })
    const res = await t.req('PATCH', `/api/provider-configs/${created.id}`, {
      key: t.secretKey,
      body: { client_secret: null },
    })
    expect(await res.json()).toMatchObject({ client_secret_set: false, mode: 'simulated' })
    expect(t.core.providerConfigs.clientCredentials(t.workspaceId, created.id)).toBeUndefined()
  })

  it('PATCH replacing a secret stores the new one (the OAuth client reads it back)', async () => {
    const { body: created } = await create({
      provider: 'github',
      client_id: 'id',
      client_secret: 'old-secret',
    })
    await t.req('PATCH', `/api/provider-configs/${created.id}`, {
      key: t.secretKey,
      body: { client_secret: CLIENT_SECRET },
    })
    expect(t.core.providerConfigs.clientCredentials(t.workspaceId, created.id)).toEqual({
      client_id: 'id',
      client_secret: CLIENT_SECRET,
    })
  })

  it('DELETE answers 204, and the config is gone', async () => {
    const { body: created } = await create({ provider: 'github' })
    expect((await t.req('DELETE', `/api/provider-configs/${created.id}`, { key: t.secretKey })).status).toBe(
      204,
    )
    expect((await t.req('GET', `/api/provider-configs/${created.id}`, { key: t.secretKey })).status).toBe(404)
    expect((await t.req('DELETE', `/api/provider-configs/${created.id}`, { key: t.secretKey })).status).toBe(
      404,
    )
  })

  it("another workspace's key cannot see, change or delete the config", async () => {
    const { body: created } = await create({ provider: 'github' })
    const other = t.core.workspaces.create({ name: 'other', tier: 'enterprise', rpm: 1_000_000 })
    const otherKey = t.core.apiKeys.create(other.id, { name: 'o', role: 'secret' }).key
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await t.req(method, `/api/provider-configs/${created.id}`, {
        key: otherKey,
        ...(body && { body }),
      })
      expect(res.status, method).toBe(404)
    }
    expect(t.core.providerConfigs.get(t.workspaceId, created.id).name).toBe('GitHub')
  })
})

describe('POST /api/provider-configs/search', () => {
  it('filters by provider and mode, and never returns secrets', async () => {
    await create({ provider: 'github', client_id: 'id', client_secret: CLIENT_SECRET })
    await create({ provider: 'github' })
    await create({ provider: 'slack', webhook_secret: WEBHOOK_SECRET })
    const res = await t.req('POST', '/api/provider-configs/search', {
      key: t.secretKey,
      body: { filter: { provider: { eq: 'github' }, mode: { eq: 'real' } } },
    })
    const text = await res.text()
    const page = JSON.parse(text)
    expect(page.data).toHaveLength(1)
    expect(page.data[0]).toMatchObject({ provider: 'github', mode: 'real' })
    const all = await (
      await t.req('POST', '/api/provider-configs/search', { key: t.secretKey, body: {} })
    ).text()
    expect(JSON.parse(all).data).toHaveLength(3)
    for (const secret of [CLIENT_SECRET, WEBHOOK_SECRET]) expect(all + text).not.toContain(secret)
  })

  it('an unknown mode value is a 400 naming the allowed ones', async () => {
    const res = await t.req('POST', '/api/provider-configs/search', {
      key: t.secretKey,
      body: { filter: { mode: { eq: 'fake' } } },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].detail).toContain('real, simulated')
  })
})

describe('secrets at rest', () => {
  it('a scan of the data folder finds no secret plaintext', async () => {
    await create({
      provider: 'github',
      client_id: 'id',
      client_secret: CLIENT_SECRET,
      webhook_secret: WEBHOOK_SECRET,
    })
    t.db.pragma('wal_checkpoint(TRUNCATE)')
    const bytes = dataFolderBytes(t.dir)
    expect(bytes.length).toBeGreaterThan(0)
    expect(bytes.includes(CLIENT_SECRET)).toBe(false)
    expect(bytes.includes(WEBHOOK_SECRET)).toBe(false)
  })

  it('a sealed secret copied onto another row does not open there (the row id is bound in)', async () => {
    const { body: a } = await create({ provider: 'github', client_id: 'a', client_secret: CLIENT_SECRET })
    const { body: b } = await create({ provider: 'github', client_id: 'b', client_secret: 'other' })
    t.db
      .prepare(
        'UPDATE provider_configs SET client_secret = (SELECT client_secret FROM provider_configs WHERE id = ?) WHERE id = ?',
      )
      .run(a.id, b.id)
    expect(() => t.core.providerConfigs.clientCredentials(t.workspaceId, b.id)).toThrow()
  })
})

describe('bad input is refused with a clear 4xx problem+json and changes nothing', () => {
  const cases: Array<[string, { body?: unknown; raw?: string; headers?: Record<string, string> }, number]> = [
    [
      'malformed JSON',
      { raw: '{"provider": "github",', headers: { 'content-type': 'application/json' } },
      400,
    ],
    ['a JSON array', { body: [] }, 400],
    ['a missing provider', { body: { name: 'x' } }, 400],
    ['a wrong type', { body: { provider: 'github', scopes: 'repo' } }, 400],
    ['an unknown field', { body: { provider: 'github', client_secret_set: true } }, 400],
    ['an empty secret', { body: { provider: 'github', client_secret: '' } }, 400],
    ['an oversized secret', { body: { provider: 'github', client_secret: 'x'.repeat(5000) } }, 400],
    [
      'too many scopes',
      { body: { provider: 'github', scopes: Array.from({ length: 101 }, (_, i) => `s${i}`) } },
      400,
    ],
    ['a hostile provider id', { body: { provider: '<script>alert(1)</script>' } }, 400],
    ['a path-like provider id', { body: { provider: '../../etc/passwd' } }, 400],
    ['an unknown signature scheme', { body: { provider: 'github', webhook_signature: 'md5' } }, 400],
    ['a body over 1 MiB', { body: { provider: 'github', name: 'x'.repeat(1024 * 1024 + 10) } }, 413],
    [
      'a non-JSON content type',
      { raw: 'provider=github', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
    ],
  ]
  for (const [name, input, status] of cases) {
    it(`POST with ${name} → ${status}`, async () => {
      const res = await t.req('POST', '/api/provider-configs', { key: t.secretKey, ...input })
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(count(t, 'provider_configs')).toBe(0)
    })
  }

  it('PATCH cannot change the provider (unknown field) and leaves the config as it was', async () => {
    const { body: created } = await create({ provider: 'github' })
    const res = await t.req('PATCH', `/api/provider-configs/${created.id}`, {
      key: t.secretKey,
      body: { provider: 'slack' },
    })
    expect(res.status).toBe(400)
    expect(t.core.providerConfigs.get(t.workspaceId, created.id)).toEqual(created)
  })

  it('PATCH with a wrong type is a 400 and changes nothing', async () => {
    const { body: created } = await create({ provider: 'github' })
    const res = await t.req('PATCH', `/api/provider-configs/${created.id}`, {
      key: t.secretKey,
      body: { name: 42 },
    })
    expect(res.status).toBe(400)
    expect(t.core.providerConfigs.get(t.workspaceId, created.id)).toEqual(created)
  })

  it('an over-long id in the path is a 400', async () => {
    const res = await t.req('GET', `/api/provider-configs/${'x'.repeat(201)}`, { key: t.secretKey })
    expect(res.status).toBe(400)
  })
})
