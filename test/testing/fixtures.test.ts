import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/open.js'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { dataTables, quoteIdent } from '../../src/core/snapshots/snapshots.repo.js'
import { createTestApp } from '../helpers/app.js'

const FIXTURES_FILE = join(import.meta.dirname, 'fixtures.json')
const fixtures = () => JSON.parse(readFileSync(FIXTURES_FILE, 'utf8'))
const FIXED_SECRET = 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B'
const STAGING_SECRET = 'sk_yqaq2VhcUGO4ftcxrgCcoO1RXHVFdUY1082TDB'

/** Every row of every data table, so "changed nothing" compares the whole database. */
const dump = (db: Db) =>
  Object.fromEntries(
    dataTables(db).map((t) => [
      t,
      db
        .prepare(`SELECT * FROM ${quoteIdent(t)} ORDER BY rowid`)
        .all()
        .map((row) =>
          JSON.stringify(row, (_k, v) => (v?.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v)),
        ),
    ]),
  )

const t = await createTestApp()
afterAll(() => t.close())
beforeEach(() => t.core.snapshots.resetWorkspace(t.workspaceId))

describe('fixtures apply', () => {
  it('creates what the document declares, and a fixed secret key works at once', async () => {
    const created = fixturesOf(t.core).apply(fixtures())
    expect(created).toEqual({
      workspaces: 1,
      api_keys: 3,
      custom_providers: 1,
      provider_configs: 2,
      connections: 3,
      installations: 1,
      recordings: 1,
      mock_routes: 0,
      openapi: 0,
    })
    const conn = await t.req('GET', '/api/connections/conn_acme_github', { key: FIXED_SECRET })
    expect(conn.status).toBe(200)
    expect(await conn.json()).toMatchObject({
      tenant_id: 'acme',
      status: 'active',
      scopes: ['repo'],
      mode: 'simulated',
    })
    const statuses = await Promise.all(
      ['conn_globex_github', 'conn_initech_stripe'].map(
        async (id) =>
          (await (await t.req('GET', `/api/connections/${id}`, { key: FIXED_SECRET })).json()).status,
      ),
    )
    expect(statuses).toEqual(['needs_reauth', 'revoked'])
    const staging = await (await t.req('GET', '/api/workspace', { key: STAGING_SECRET })).json()
    expect(staging).toMatchObject({ name: 'staging', tier: 'pro' })
    const ws = await (await t.req('GET', '/api/workspace', { key: FIXED_SECRET })).json()
    expect(ws).toMatchObject({
      tier: 'enterprise',
      rpm: 100000,
      allowed_redirect_origins: ['https://app.example.com'],
    })
  })

  it('is idempotent: applying twice changes nothing', () => {
    fixturesOf(t.core).apply(fixtures())
    const before = dump(t.db)
    const again = fixturesOf(t.core).apply(fixtures())
    expect(Object.values(again).every((n) => n === 0)).toBe(true)
    expect(dump(t.db)).toEqual(before)
  })

  it('uses the declared webhook secret of a provider config', async () => {
    fixturesOf(t.core).apply(fixtures())
    const configs = await (
      await t.req('POST', '/api/provider-configs/search', { key: FIXED_SECRET, body: {} })
    ).json()
    expect(
      configs.data
        .map((c: { id: string; webhook_secret_set: boolean }) => [c.id, c.webhook_secret_set])
        .sort(),
    ).toEqual([
      ['pcfg_github', true],
      ['pcfg_stripe', true],
    ])
  })

  it('refuses an invalid document whole, with every problem by JSON pointer, and changes nothing', () => {
    const doc = fixtures()
    doc.workspaces[0].api_keys[0].key = `${FIXED_SECRET.slice(0, -1)}X` // checksum broken
    doc.workspaces[0].connections[1].status = 'sleeping'
    doc.workspaces[1].tier = 'platinum'
    const before = dump(t.db)
    let problem: { code?: string; errors?: Array<{ pointer: string }> } = {}
    try {
      fixturesOf(t.core).apply(doc)
    } catch (err) {
      problem = err as typeof problem
    }
    expect(problem.code).toBe('invalid_request')
    expect(problem.errors!.map((e) => e.pointer).sort()).toEqual([
      '/workspaces/0/api_keys/0/key',
      '/workspaces/0/connections/1/status',
      '/workspaces/1/tier',
    ])
    expect(dump(t.db)).toEqual(before)
  })

  it('refuses references the gateway cannot resolve, rolling back the items before them', () => {
    const doc = fixtures()
    doc.workspaces[0].connections[0].provider = 'no-such-provider'
    doc.workspaces[0].installations[0].provider_config_id = 'pcfg_missing'
    const before = dump(t.db)
    expect(() => fixturesOf(t.core).apply(doc)).toThrow(
      expect.objectContaining({
        errors: [
          { pointer: '/workspaces/0/connections/0/provider', detail: expect.any(String) },
          { pointer: '/workspaces/0/connections/0/provider_config_id', detail: expect.any(String) },
          { pointer: '/workspaces/0/installations/0/provider_config_id', detail: expect.any(String) },
        ],
      }),
    )
    expect(dump(t.db)).toEqual(before)
  })
})

describe('POST /api/reset with fixtures', () => {
  const onlyDefault = () => ({ ...fixtures(), workspaces: [fixtures().workspaces[0]] })

  it("resets the caller's workspace and applies its fixtures", async () => {
    t.core.events.emit(t.workspaceId, { type: 'test.before_reset' })
    const res = await t.req('POST', '/api/reset', { key: t.secretKey, body: { fixtures: onlyDefault() } })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.deleted.events).toBe(1)
    expect(body.created).toMatchObject({ connections: 3, provider_configs: 2, installations: 1 })
    expect((await t.req('GET', '/api/connections/conn_acme_github', { key: FIXED_SECRET })).status).toBe(200)
  })

  it('refuses invalid fixtures with pointers under /fixtures and deletes nothing', async () => {
    t.core.events.emit(t.workspaceId, { type: 'test.kept' })
    const doc = onlyDefault()
    doc.workspaces[0].connections[0].id = 'connection-1'
    const before = dump(t.db)
    const res = await t.req('POST', '/api/reset', { key: t.secretKey, body: { fixtures: doc } })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    const problem = await res.json()
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/fixtures/workspaces/0/connections/0/id',
    ])
    expect(dump(t.db)).toEqual(before)
  })

  it('refuses fixtures for another workspace than the caller’s, deleting nothing', async () => {
    t.core.events.emit(t.workspaceId, { type: 'test.kept' })
    const before = dump(t.db)
    const res = await t.req('POST', '/api/reset', { key: t.secretKey, body: { fixtures: fixtures() } })
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([
      { pointer: '/fixtures/workspaces/1/name', detail: expect.stringContaining('calling workspace') },
    ])
    expect(dump(t.db)).toEqual(before)
  })

  it('without a body still just resets', async () => {
    t.core.events.emit(t.workspaceId, { type: 'test.gone' })
    const res = await t.req('POST', '/api/reset', { key: t.secretKey })
    expect(res.status).toBe(200)
    expect((await res.json()).deleted.events).toBe(1)
  })
})

describe('fixtures with recordings', () => {
  it('a declared simulated connection is answered by the simulated GitHub through the proxy', async () => {
    fixturesOf(t.core).apply(fixtures())
    const res = await t.req('GET', '/proxy/conn_acme_github/user', { key: FIXED_SECRET })
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(await res.json()).toMatchObject({ login: expect.any(String), type: 'User' })
  })

  it('declared recordings answer what the simulation does not, and apply once', async () => {
    expect(fixturesOf(t.core).apply(fixtures()).recordings).toBe(1)
    const res = await t.req('GET', '/proxy/conn_acme_github/users/octocat', { key: FIXED_SECRET })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ login: 'octocat', id: 583231, type: 'User' })
    expect(fixturesOf(t.core).apply(fixtures()).recordings).toBe(0)
    const page = await (await t.req('POST', '/api/recordings/search', { key: FIXED_SECRET, body: {} })).json()
    expect(page.data).toHaveLength(1)
  })
})
