import Database from 'better-sqlite3'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { createErrorHandler } from '../../src/server/middleware/problem.js'
import { createTestApp } from '../helpers/app.js'

const t = await createTestApp()
afterAll(() => t.close())

/** Workspace A (the victim) declares conn_victim through a trusted apply, as `serve --fixtures` does. */
fixturesOf(t.core).apply({
  workspaces: [{ name: 'default', connections: [{ id: 'conn_victim', provider: 'github', tenant_id: 'a' }] }],
})
/** Workspace B, with only its own secret key. */
const b = t.core.workspaces.create({ name: 'intruder', tier: 'free' })
const bKey = t.core.apiKeys.create(b.id, { name: 'b', role: 'secret' }).key

const resetB = (workspace: Record<string, unknown>) =>
  t.req('POST', '/api/reset', {
    key: bKey,
    body: { fixtures: { workspaces: [{ name: 'intruder', ...workspace }] } },
  })
const victimAnswers = async () => (await t.req('GET', '/proxy/conn_victim/user', { key: t.secretKey })).status

describe('fixtures cannot reach another workspace', () => {
  it("a reset declaring another workspace's connection id is a 409 that names no table, no SQL and no owner", async () => {
    t.core.events.emit(b.id, { type: 'b.kept' })
    const res = await resetB({ connections: [{ id: 'conn_victim', provider: 'github', tenant_id: 'b' }] })
    expect(res.status).toBe(409)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    const text = await res.text()
    expect(text).not.toMatch(/UNIQUE|constraint|connections\.id|INSERT|default/i)
    expect(JSON.parse(text).errors).toEqual([
      {
        pointer: '/fixtures/workspaces/0/connections/0',
        detail: "The id 'conn_victim' is not available; choose another.",
      },
    ])
    // Nothing of B was deleted, and A's connection answers as before.
    const events = await (await t.req('POST', '/api/events/search', { key: bKey, body: {} })).json()
    expect(events.data.map((e: { type: string }) => e.type)).toContain('b.kept')
    expect(await victimAnswers()).toBe(200)
  })

  it("declaring another workspace's fixture token leaves that workspace's connection working", async () => {
    const res = await resetB({
      connections: [
        { id: 'conn_b', provider: 'github', tenant_id: 'b', access_token: 'fixture_access_conn_victim' },
      ],
    })
    expect(res.status).toBe(200)
    expect(await victimAnswers()).toBe(200)
    expect((await t.req('GET', '/proxy/conn_b/user', { key: bKey })).status).toBe(200)
  })

  it('a token declared by another workspace first does not take the place of the later one', async () => {
    await resetB({
      connections: [
        { id: 'conn_b2', provider: 'github', tenant_id: 'b', access_token: 'fixture_access_conn_late' },
      ],
    })
    fixturesOf(t.core).apply({
      workspaces: [
        { name: 'default', connections: [{ id: 'conn_late', provider: 'github', tenant_id: 'a' }] },
      ],
    })
    expect((await t.req('GET', '/proxy/conn_late/user', { key: t.secretKey })).status).toBe(200)
    expect((await t.req('GET', '/proxy/conn_b2/user', { key: bKey })).status).toBe(200)
  })
})

describe("a workspace's own key cannot raise its limits through fixtures", () => {
  it('a reset declaring a higher tier or rpm is a 403 naming both, and changes nothing', async () => {
    t.core.events.emit(b.id, { type: 'b.still_here' })
    const res = await resetB({ tier: 'enterprise', rpm: 1_000_000 })
    expect(res.status).toBe(403)
    expect((await res.json()).errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/fixtures/workspaces/0/tier',
      '/fixtures/workspaces/0/rpm',
    ])
    expect(t.core.workspaces.getById(b.id)).toMatchObject({ tier: 'free' })
    const events = await (await t.req('POST', '/api/events/search', { key: bKey, body: {} })).json()
    expect(events.data.map((e: { type: string }) => e.type)).toContain('b.still_here')
  })

  it('declaring the tier it already has is fine', async () => {
    expect((await resetB({ tier: 'free' })).status).toBe(200)
  })

  it('the admin token may set them', async () => {
    const res = await t.req('POST', '/api/reset', {
      key: t.adminToken,
      headers: { 'switchyard-workspace': 'intruder' },
      body: { fixtures: { workspaces: [{ name: 'intruder', tier: 'pro' }] } },
    })
    expect(res.status).toBe(200)
    expect(t.core.workspaces.getById(b.id)).toMatchObject({ tier: 'pro' })
  })
})

describe('a database constraint error', () => {
  it('becomes a 409 problem without its SQL text', async () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE things (id TEXT PRIMARY KEY)')
    const insert = db.prepare('INSERT INTO things (id) VALUES (?)')
    const app = new Hono()
    app.onError(createErrorHandler({ error: () => {} }))
    app.get('/twice', () => {
      insert.run('x')
      insert.run('x')
      return new Response('unreachable')
    })
    const res = await app.request('/twice')
    expect(res.status).toBe(409)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ code: 'conflict', status: 409 })
    expect(text).not.toMatch(/UNIQUE|things|INSERT|constraint failed/i)
  })
})
