import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const keyCount = () => (t.db.prepare('SELECT count(*) AS n FROM api_keys').get() as { n: number }).n

describe('POST /api/api-keys', () => {
  it('creates a key and returns its full value once, with id, name, role and created_at', async () => {
    const res = await t.req('POST', '/api/api-keys', {
      key: t.secretKey,
      body: { name: 'CI', role: 'publishable' },
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'key', 'name', 'role'])
    expect(body.key).toMatch(/^pk_/)
    expect(body).toMatchObject({ name: 'CI', role: 'publishable', created_at: '2026-01-01T00:00:00.000Z' })
  })

  it('the new key works at once', async () => {
    const created = await (
      await t.req('POST', '/api/api-keys', { key: t.secretKey, body: { name: 'fresh', role: 'secret' } })
    ).json()
    expect((await t.req('POST', '/api/api-keys/search', { key: created.key })).status).toBe(200)
  })

  it('listing never returns the key value or its hash', async () => {
    const created = await (
      await t.req('POST', '/api/api-keys', { key: t.secretKey, body: { name: 'hidden', role: 'secret' } })
    ).json()
    const text = await (await t.req('POST', '/api/api-keys/search', { key: t.secretKey, body: {} })).text()
    expect(text).not.toContain(created.key)
    expect(text).not.toContain('hash')
    const listed = JSON.parse(text).data.find((k: { id: string }) => k.id === created.id)
    expect(listed).toMatchObject({ id: created.id, name: 'hidden', role: 'secret', status: 'active' })
    expect(created.key.startsWith(listed.prefix)).toBe(true)
  })
})

describe('DELETE /api/api-keys/{id}', () => {
  it('revokes (204), and revoking again is 204 too and keeps the first revoked_at', async () => {
    const { id } = t.core.apiKeys.create(t.workspaceId, { name: 'x', role: 'secret' })
    const first = await t.req('DELETE', `/api/api-keys/${id}`, { key: t.secretKey })
    expect(first.status).toBe(204)
    t.clock.advance(1000)
    const again = await t.req('DELETE', `/api/api-keys/${id}`, { key: t.secretKey })
    expect(again.status).toBe(204)
    const [listed] = t.core.apiKeys.list(t.workspaceId).filter((k) => k.id === id)
    expect(listed).toMatchObject({ status: 'revoked', revoked_at: '2026-01-01T00:00:00.000Z' })
  })

  it('an unknown id is 404 problem+json', async () => {
    const res = await t.req('DELETE', '/api/api-keys/key_nope', { key: t.secretKey })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(await res.json()).toMatchObject({ status: 404, code: 'not_found' })
  })
})

describe('bad input to POST /api/api-keys is refused with a clear 4xx and stores nothing', () => {
  const cases: Array<
    [string, { body?: unknown; raw?: string; headers?: Record<string, string> }, number, string]
  > = [
    [
      'malformed JSON',
      { raw: '{"name": "x",', headers: { 'content-type': 'application/json' } },
      400,
      'invalid_request',
    ],
    ['a JSON array', { body: [] }, 400, 'invalid_request'],
    ['a missing role', { body: { name: 'x' } }, 400, 'invalid_request'],
    ['an unknown role', { body: { name: 'x', role: 'admin' } }, 400, 'invalid_request'],
    ['a wrong type', { body: { name: 42, role: 'secret' } }, 400, 'invalid_request'],
    ['an empty name', { body: { name: '   ', role: 'secret' } }, 400, 'invalid_request'],
    [
      'a 10,000-character name',
      { body: { name: 'x'.repeat(10_000), role: 'secret' } },
      400,
      'invalid_request',
    ],
    ['an unknown field', { body: { name: 'x', role: 'secret', key: 'sk_mine' } }, 400, 'invalid_request'],
    [
      'a prototype-pollution attempt',
      {
        raw: '{"name":"x","role":"secret","__proto__":{"admin":true}}',
        headers: { 'content-type': 'application/json' },
      },
      400,
      'invalid_request',
    ],
    [
      'a non-JSON content type',
      { raw: 'name=x&role=secret', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'unsupported_media_type',
    ],
    [
      'text/plain',
      { raw: '{"name":"x","role":"secret"}', headers: { 'content-type': 'text/plain' } },
      415,
      'unsupported_media_type',
    ],
    [
      'a body over 1 MiB',
      {
        raw: JSON.stringify({ name: 'x'.repeat(1_100_000), role: 'secret' }),
        headers: { 'content-type': 'application/json' },
      },
      413,
      'payload_too_large',
    ],
  ]
  for (const [label, input, status, code] of cases) {
    it(`${label} → ${status} ${code}`, async () => {
      const before = keyCount()
      const res = await t.req('POST', '/api/api-keys', { key: t.secretKey, ...input })
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      const problem = await res.json()
      expect(problem).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String) })
      expect(problem.type).toMatch(/^https:\/\//)
      expect(JSON.stringify(problem)).not.toMatch(/at .*\.ts:\d+/)
      expect(keyCount()).toBe(before)
    })
  }

  it('validation problems point at each offending field', async () => {
    const res = await t.req('POST', '/api/api-keys', { key: t.secretKey, body: { name: 7, role: 'root' } })
    const { errors } = await res.json()
    expect(errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/name', '/role'])
  })
})
