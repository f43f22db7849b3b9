import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKey } from '../../src/core/api-keys/key-format.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Every operation the app documents × every kind of credential. The operations are read from the
 * app's own OpenAPI document, so routes added later are covered without editing this test.
 */
let t: TestApp
let revokedKey: string
let otherWorkspaceKey: string
type Operation = { method: string; path: string; security: Array<Record<string, string[]>> | undefined }
let operations: Operation[]

beforeAll(async () => {
  t = await createTestApp()
  const revoked = t.core.apiKeys.create(t.workspaceId, { name: 'to revoke', role: 'secret' })
  t.core.apiKeys.revoke(t.workspaceId, revoked.id)
  revokedKey = revoked.key
  const other = t.core.workspaces.create({ name: 'other', tier: 'enterprise', rpm: 1_000_000 })
  otherWorkspaceKey = t.core.apiKeys.create(other.id, { name: 'other', role: 'secret' }).key
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Switchyard', version: 'test' } })
  operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { security?: Operation['security'] }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, 'nope'),
        security: op.security,
      })),
  )
})
afterAll(() => t.close())

/** A `{}` entry in `security` makes the key optional (the public catalog takes one to show custom providers). */
const needsKey = (op: Operation) =>
  (op.security?.length ?? 0) > 0 && !op.security!.some((s) => Object.keys(s).length === 0)
const allows = (op: Operation, scheme: string) => op.security?.some((s) => scheme in s) ?? false
const send = (op: Operation, key?: string, raw?: string) =>
  t.req(op.method, op.path, {
    ...(key !== undefined && { key }),
    ...(raw !== undefined && { headers: { authorization: raw } }),
    ...(op.method !== 'GET' && op.method !== 'DELETE' && { body: {} }),
  })

describe('auth matrix over every documented operation', () => {
  it('documents the key-protected API (sanity check on the route table)', () => {
    expect(operations.filter(needsKey).length).toBeGreaterThanOrEqual(8)
    expect(operations.some((op) => op.path === '/api/api-keys' && op.method === 'POST')).toBe(true)
  })

  it('no key → 401 unauthorized', async () => {
    for (const op of operations.filter(needsKey)) {
      const res = await send(op)
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      expect((await res.json()).code).toBe('unauthorized')
    }
  })

  it('a malformed Authorization header or key → 401 unauthorized', async () => {
    for (const op of operations.filter(needsKey)) {
      for (const raw of ['Basic abc', 'Bearer', 'Bearer not-a-key', `Bearer ${t.secretKey}x`]) {
        const res = await send(op, undefined, raw)
        expect(res.status, `${op.method} ${op.path} with ${raw}`).toBe(401)
      }
    }
  })

  it('a well-formed but unknown key → 401 unauthorized', async () => {
    const unknown = generateKey('secret')
    for (const op of operations.filter(needsKey)) {
      const res = await send(op, unknown)
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      expect((await res.json()).code).toBe('unauthorized')
    }
  })

  it('a revoked key → 401 api_key_revoked', async () => {
    for (const op of operations.filter(needsKey)) {
      const res = await send(op, revokedKey)
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      expect((await res.json()).code).toBe('api_key_revoked')
    }
  })

  it('a publishable key → 403 everywhere except the operations that allow it', async () => {
    for (const op of operations.filter(needsKey)) {
      const res = await send(op, t.publishableKey)
      if (allows(op, 'publishableKey'))
        expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status)
      else {
        expect(res.status, `${op.method} ${op.path}`).toBe(403)
        expect((await res.json()).code).toBe('forbidden')
      }
    }
  })

  it('of the operations that need a key, only session creation accepts publishable keys', () => {
    const publishable = operations
      .filter((op) => needsKey(op) && allows(op, 'publishableKey'))
      .map((op) => `${op.method} ${op.path}`)
    for (const op of publishable) expect(['POST /auth-sessions', 'POST /install-sessions']).toContain(op)
  })

  it('a secret key (of this or another workspace) passes authentication everywhere it is allowed', async () => {
    for (const op of operations.filter((o) => allows(o, 'secretKey'))) {
      for (const key of [t.secretKey, otherWorkspaceKey]) {
        const res = await send(op, key)
        expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status)
      }
    }
  })

  it('API keys are refused on admin-only operations, the admin token is accepted', async () => {
    for (const op of operations.filter((o) => allows(o, 'adminToken') && !allows(o, 'secretKey'))) {
      expect((await send(op, t.secretKey)).status, `${op.method} ${op.path}`).toBe(403)
      expect([401, 403]).not.toContain((await send(op, t.adminToken)).status)
    }
  })

  it('public operations answer without a key', async () => {
    for (const op of operations.filter((o) => !needsKey(o))) {
      const res = await send(op)
      expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status)
    }
  })

  it('public operations that take a key take a publishable one too (browser code sends it on every call)', async () => {
    const publicWithKey = operations.filter((o) => !needsKey(o) && (o.security?.length ?? 0) > 0)
    expect(publicWithKey.length).toBeGreaterThanOrEqual(3)
    for (const op of publicWithKey) {
      expect(allows(op, 'publishableKey'), `${op.method} ${op.path}`).toBe(true)
      const res = await send(op, t.publishableKey)
      expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status)
    }
  })

  it('a key sent to a public operation must be valid: revoked → 401 api_key_revoked', async () => {
    for (const op of operations.filter((o) => !needsKey(o) && (o.security?.length ?? 0) > 0)) {
      const res = await send(op, revokedKey)
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      expect((await res.json()).code).toBe('api_key_revoked')
    }
  })
})

describe('revocation', () => {
  it('a revoked key is rejected on the very next request', async () => {
    const created = t.core.apiKeys.create(t.workspaceId, { name: 'short-lived', role: 'secret' })
    expect((await t.req('POST', '/api/api-keys/search', { key: created.key })).status).toBe(200)
    const revoke = await t.req('DELETE', `/api/api-keys/${created.id}`, { key: t.secretKey })
    expect(revoke.status).toBe(204)
    const next = await t.req('POST', '/api/api-keys/search', { key: created.key })
    expect(next.status).toBe(401)
    expect((await next.json()).code).toBe('api_key_revoked')
  })

  it('a key can revoke itself, and is rejected right after', async () => {
    const created = t.core.apiKeys.create(t.workspaceId, { name: 'self', role: 'secret' })
    expect((await t.req('DELETE', `/api/api-keys/${created.id}`, { key: created.key })).status).toBe(204)
    expect((await t.req('POST', '/api/api-keys/search', { key: created.key })).status).toBe(401)
  })

  it("another workspace's key cannot see or revoke this workspace's keys", async () => {
    const mine = t.core.apiKeys.create(t.workspaceId, { name: 'mine', role: 'secret' })
    const del = await t.req('DELETE', `/api/api-keys/${mine.id}`, { key: otherWorkspaceKey })
    expect(del.status).toBe(404)
    const list = await (await t.req('POST', '/api/api-keys/search', { key: otherWorkspaceKey })).json()
    expect(list.data.map((k: { id: string }) => k.id)).not.toContain(mine.id)
    expect((await t.req('POST', '/api/api-keys/search', { key: mine.key })).status).toBe(200)
  })
})
