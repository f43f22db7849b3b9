import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiKeysSearchable } from '../../src/core/api-keys/api-keys.searchable.js'
import { inTransaction } from '../../src/core/db/open.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const admin = (
  method: string,
  path: string,
  options: { body?: unknown; workspace?: string; raw?: BodyInit; headers?: Record<string, string> } = {},
) =>
  t.req(method, path, {
    key: t.adminToken,
    ...(options.body !== undefined && { body: options.body }),
    ...(options.raw !== undefined && { raw: options.raw }),
    headers: { ...(options.workspace && { 'switchyard-workspace': options.workspace }), ...options.headers },
  })

const problem = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/problem+json')
  const body = (await res.json()) as { code: string; errors?: Array<{ pointer: string }> }
  expect(body.code).toBe(code)
  return body
}

const workspaceNames = () => t.core.workspaces.list().map((w) => w.name)

describe('admin endpoints (the UI)', () => {
  it('lists every workspace for the switcher', async () => {
    t.core.workspaces.create({ name: 'staging', tier: 'pro' })
    const res = await admin('GET', '/api/admin/workspaces')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: Array<{ name: string; tier: string; rpm: number }> }
    expect(body.data.map((w) => w.name).sort()).toEqual(['default', 'staging'])
    expect(body.data.find((w) => w.name === 'staging')).toMatchObject({ tier: 'pro', rpm: 600 })
  })

  it('refuses API keys, even secret ones, with 403', async () => {
    await problem(await t.req('GET', '/api/admin/workspaces', { key: t.secretKey }), 403, 'forbidden')
  })

  it('refuses requests without the admin token with 401', async () => {
    await problem(await t.req('GET', '/api/admin/overview'), 401, 'unauthorized')
    await problem(await t.req('GET', '/api/admin/overview', { key: 'adm_wrong' }), 401, 'unauthorized')
  })

  it('creates a workspace', async () => {
    const res = await admin('POST', '/api/admin/workspaces', { body: { name: 'qa', tier: 'free' } })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ name: 'qa', tier: 'free', rpm: 60 })
    expect(workspaceNames()).toContain('qa')
  })

  it('answers 409 for a workspace name that exists, creating nothing', async () => {
    await problem(
      await admin('POST', '/api/admin/workspaces', { body: { name: 'default' } }),
      409,
      'conflict',
    )
    expect(workspaceNames()).toEqual(['default'])
  })

  it.each([
    ['an invalid name', { name: 'Has Spaces' }, '/name'],
    ['a wrong type', { name: 42 }, '/name'],
    ['an unknown tier', { name: 'ok', tier: 'platinum' }, '/tier'],
    ['an unknown field', { name: 'ok', admin: true }, ''],
    ['a hostile name', { name: "x'; DROP TABLE workspaces; --" }, '/name'],
    ['a custom rpm off the enterprise tier', { name: 'ok', tier: 'free', rpm: 10 }, '/rpm'],
  ])('rejects %s with 400 and creates nothing', async (_label, body, pointer) => {
    const res = await admin('POST', '/api/admin/workspaces', { body })
    const problemBody = await problem(res, 400, 'invalid_request')
    if (pointer) expect(problemBody.errors?.map((e) => e.pointer)).toContain(pointer)
    expect(workspaceNames()).toEqual(['default'])
  })

  it('rejects malformed JSON and oversized bodies, creating nothing', async () => {
    await problem(
      await admin('POST', '/api/admin/workspaces', {
        raw: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_request',
    )
    const huge = JSON.stringify({ name: 'big', pad: 'x'.repeat(2 * 1024 * 1024) })
    await problem(
      await admin('POST', '/api/admin/workspaces', {
        raw: huge,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    )
    expect(workspaceNames()).toEqual(['default'])
  })

  it('changes a tier, in effect for the next request', async () => {
    const res = await admin('PATCH', '/api/admin/workspaces/default', { body: { tier: 'pro' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'default', tier: 'pro', rpm: 600 })
    expect(t.core.workspaces.get('default').rpm).toBe(600)
  })

  it('sets a custom rpm on the enterprise tier', async () => {
    const res = await admin('PATCH', '/api/admin/workspaces/default', {
      body: { tier: 'enterprise', rpm: 1234 },
    })
    expect(await res.json()).toMatchObject({ tier: 'enterprise', rpm: 1234 })
  })

  it('rejects a bad tier change with 4xx and leaves the workspace as it was', async () => {
    const before = t.core.workspaces.get('default')
    await problem(
      await admin('PATCH', '/api/admin/workspaces/default', { body: { tier: 'gold' } }),
      400,
      'invalid_request',
    )
    await problem(
      await admin('PATCH', '/api/admin/workspaces/default', { body: { tier: 'pro', rpm: 5 } }),
      400,
      'invalid_request',
    )
    await problem(
      await admin('PATCH', '/api/admin/workspaces/default', { body: { tier: 'enterprise', rpm: -1 } }),
      400,
      'invalid_request',
    )
    await problem(
      await admin('PATCH', '/api/admin/workspaces/nope', { body: { tier: 'pro' } }),
      404,
      'not_found',
    )
    await problem(
      await admin('PATCH', '/api/admin/workspaces/..%2F..', { body: { tier: 'pro' } }),
      400,
      'invalid_request',
    )
    expect(t.core.workspaces.get('default')).toEqual(before)
  })

  it('creates a quick-start key pair that works at once', async () => {
    const res = await admin('POST', '/api/admin/quick-start-keys')
    expect(res.status).toBe(201)
    const keys = (await res.json()) as {
      secret: { key: string; role: string }
      publishable: { key: string; role: string }
    }
    expect(keys.secret.key).toMatch(/^sk_/)
    expect(keys.publishable.key).toMatch(/^pk_/)
    expect((await t.req('POST', '/api/api-keys/search', { key: keys.secret.key })).status).toBe(200)
  })

  it('creates quick-start keys in the workspace the header names', async () => {
    const staging = t.core.workspaces.create({ name: 'staging', tier: 'free' })
    const res = await admin('POST', '/api/admin/quick-start-keys', { workspace: 'staging' })
    const keys = (await res.json()) as { secret: { key: string } }
    expect(t.core.auth.authenticate(keys.secret.key).workspaceId).toBe(staging.id)
  })

  it('answers 404 for an unknown workspace header, creating no keys', async () => {
    const keyCount = () => t.core.search.search(apiKeysSearchable, t.workspaceId, {}).data.length
    const before = keyCount()
    await problem(
      await admin('POST', '/api/admin/quick-start-keys', { workspace: 'ghost' }),
      404,
      'not_found',
    )
    expect(keyCount()).toBe(before)
  })
})

describe('admin overview', () => {
  it('counts active keys and buckets the last hour of events by minute', async () => {
    const now = t.clock.now()
    t.core.events.emit(t.workspaceId, { type: 'test.one' })
    t.clock.advance(2 * 60_000)
    t.core.events.emit(t.workspaceId, { type: 'test.two' })
    t.core.events.emit(t.workspaceId, { type: 'test.three' })
    const res = await admin('GET', '/api/admin/overview')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      counts: Record<string, number>
      events_per_minute: Array<{ minute: string; count: number }>
    }
    expect(body.counts).toMatchObject({
      api_keys: 2,
      connections: 0,
      installations: 0,
      provider_configs: 0,
      events_last_hour: 3,
    })
    expect(body.events_per_minute).toHaveLength(60)
    const nonZero = body.events_per_minute.filter((b) => b.count > 0)
    expect(nonZero).toEqual([
      { minute: new Date(Math.floor(now / 60_000) * 60_000).toISOString(), count: 1 },
      { minute: new Date(Math.floor(now / 60_000) * 60_000 + 120_000).toISOString(), count: 2 },
    ])
  })

  it('leaves events older than an hour out of the chart', async () => {
    t.core.events.emit(t.workspaceId, { type: 'test.old' })
    t.clock.advance(61 * 60_000)
    const body = (await (await admin('GET', '/api/admin/overview')).json()) as {
      counts: Record<string, number>
    }
    expect(body.counts.events_last_hour).toBe(0)
  })

  it('does not count revoked keys', async () => {
    const key = t.core.apiKeys.create(t.workspaceId, { name: 'temp', role: 'secret' })
    t.core.apiKeys.revoke(t.workspaceId, key.id)
    const body = (await (await admin('GET', '/api/admin/overview')).json()) as {
      counts: Record<string, number>
    }
    expect(body.counts.api_keys).toBe(2)
  })

  it('counts only the workspace the header names', async () => {
    t.core.workspaces.create({ name: 'empty', tier: 'free' })
    const body = (await (await admin('GET', '/api/admin/overview', { workspace: 'empty' })).json()) as {
      counts: Record<string, number>
      workspace: { name: string }
    }
    expect(body.workspace.name).toBe('empty')
    expect(body.counts.api_keys).toBe(0)
  })

  it('counts exactly beyond the 10,000 rows a search walk would stop at', async () => {
    const many = 10_050
    inTransaction(t.db, () => {
      for (let i = 0; i < many; i++) t.core.events.emit(t.workspaceId, { type: 'test.bulk' })
      for (let i = 0; i < many; i++) {
        const key = t.core.apiKeys.create(t.workspaceId, { name: `bulk ${i}`, role: 'secret' })
        if (i % 2) t.core.apiKeys.revoke(t.workspaceId, key.id)
      }
    })
    const body = (await (await admin('GET', '/api/admin/overview')).json()) as {
      counts: Record<string, number>
    }
    expect(body.counts.events_last_hour).toBe(many)
    expect(body.counts.api_keys).toBe(2 + many / 2)
  })
})
