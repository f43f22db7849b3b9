import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/** Faults on simulated connections, through the API, applied to simulated GitHub answers. */
let t: TestApp
let conn: string
const gh = (path: string, id = conn) => t.req('GET', `/proxy/${id}${path}`, { key: t.secretKey })
const addFault = (body: unknown, id = conn) =>
  t.req('POST', `/api/connections/${id}/faults`, { key: t.secretKey, body })
const listFaults = async (id = conn) => {
  const res = await t.req('GET', `/api/connections/${id}/faults`, { key: t.secretKey })
  expect(res.status).toBe(200)
  return (await res.json()).data as Array<Record<string, unknown>>
}
const eventsOfType = (type: string) =>
  t.db.prepare('SELECT data FROM events WHERE type = ? ORDER BY rowid').all(type) as Array<{ data: string }>
const connect = async () =>
  (await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })).params.get('connection_id')!

beforeAll(async () => {
  t = await createTestApp()
  conn = await connect()
})
afterAll(() => t.close())

describe('faults on a simulated GitHub connection', () => {
  it('rate_limit: the next N calls get GitHub’s 403 with x-ratelimit-* and retry-after', async () => {
    const res = await addFault({ kind: 'rate_limit', count: 2 })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ kind: 'rate_limit', count: 2, remaining: 2 })
    for (let i = 0; i < 2; i++) {
      const limited = await gh('/user')
      expect(limited.status).toBe(403)
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/)
      expect(limited.headers.get('retry-after')).toBe('60')
      expect((await limited.json()).message).toMatch(/^API rate limit exceeded/)
    }
    expect((await gh('/user')).status).toBe(200)
    expect((await listFaults())[0]).toMatchObject({ kind: 'rate_limit', remaining: 0 })
    expect(JSON.parse(eventsOfType('connection.fault_injected')[0]!.data).fault.kind).toBe('rate_limit')
  })

  it('server_error: the next N calls get the chosen 5xx', async () => {
    expect((await addFault({ kind: 'server_error', count: 1, status: 503 })).status).toBe(201)
    const failed = await gh('/user')
    expect(failed.status).toBe(503)
    expect((await failed.json()).message).toBe('Service Unavailable')
    expect((await gh('/user')).status).toBe(200)
    expect((await addFault({ kind: 'server_error', count: 1 })).status).toBe(201)
    expect((await gh('/user')).status).toBe(500)
  })

  it('latency: the next N calls wait the given milliseconds', async () => {
    const delay = vi.spyOn(t.core.simulation.timing, 'delay').mockResolvedValue()
    try {
      expect((await addFault({ kind: 'latency', ms: 1500, count: 1 })).status).toBe(201)
      expect((await gh('/user')).status).toBe(200)
      expect((await gh('/user')).status).toBe(200)
      expect(delay.mock.calls).toEqual([[1500]])
    } finally {
      delay.mockRestore()
    }
  })

  it('expire_token: the token stops working; the proxy refreshes once and the call succeeds', async () => {
    const before = t.core.connections.secrets(t.workspaceId, conn).access_token!
    expect(t.core.simulation.ledger.check(t.workspaceId, conn, 'github', before)).toBe('ok')
    expect((await addFault({ kind: 'expire_token' })).status).toBe(201)
    expect(t.core.simulation.ledger.check(t.workspaceId, conn, 'github', before)).toBe('expired')
    const res = await gh('/user')
    expect(res.status).toBe(200)
    const after = t.core.connections.secrets(t.workspaceId, conn).access_token!
    expect(after).not.toBe(before)
    expect(eventsOfType('connection.refreshed').length).toBeGreaterThan(0)
  })

  it('expire_token: the stored expiry moves into the past, so the credentials endpoint refreshes', async () => {
    const other = await connect()
    const before = t.core.connections.secrets(t.workspaceId, other).access_token!
    expect((await addFault({ kind: 'expire_token' }, other)).status).toBe(201)
    const shown = await t.req('GET', `/api/connections/${other}`, { key: t.secretKey })
    expect(Date.parse((await shown.json()).token_expires_at)).toBeLessThan(t.clock.now())
    const res = await t.req('GET', `/api/connections/${other}/credentials`, { key: t.secretKey })
    expect(res.status).toBe(200)
    const credentials = await res.json()
    expect(credentials.access_token).not.toBe(before)
    expect(Date.parse(credentials.expires_at)).toBeGreaterThan(t.clock.now())
    expect(t.core.simulation.ledger.check(t.workspaceId, other, 'github', credentials.access_token)).toBe(
      'ok',
    )
  })

  it('DELETE clears the faults (204) and emits connection.fault_cleared', async () => {
    expect((await addFault({ kind: 'rate_limit', count: 5 })).status).toBe(201)
    const res = await t.req('DELETE', `/api/connections/${conn}/faults`, { key: t.secretKey })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await listFaults()).toEqual([])
    expect((await gh('/user')).status).toBe(200)
    expect(eventsOfType('connection.fault_cleared')).toHaveLength(1)
  })

  it('revoke_access: 401, the refresh fails, and the connection needs re-authorization', async () => {
    const other = await connect()
    expect((await addFault({ kind: 'revoke_access' }, other)).status).toBe(201)
    const res = await gh('/user', other)
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('Bad credentials')
    const connection = await (await t.req('GET', `/api/connections/${other}`, { key: t.secretKey })).json()
    expect(connection.status).toBe('needs_reauth')
    const next = await gh('/user', other)
    expect(next.status).toBe(409)
    expect((await next.json()).switchyard.code).toBe('needs_reauth')
  })
})

describe('bad input on the faults API', () => {
  it.each([
    [{ kind: 'meltdown' }, '/kind'],
    [{ kind: 'rate_limit' }, '/count'],
    [{ kind: 'rate_limit', count: 0 }, '/count'],
    [{ kind: 'rate_limit', count: 2.5 }, '/count'],
    [{ kind: 'server_error', count: 1, status: 404 }, '/status'],
    [{ kind: 'latency', ms: 30_001, count: 1 }, '/ms'],
    [{ kind: 'expire_token', count: 3 }, ''],
  ])('%j is a 400 naming the field, and stores nothing', async (body, pointer) => {
    const id = await connect()
    const res = await addFault(body, id)
    expect(res.status).toBe(400)
    const problem = await res.json()
    expect(problem.code).toBe('invalid_request')
    if (pointer) expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer)
    expect(await listFaults(id)).toEqual([])
  })

  it('a server_error status other than 500, 502 or 503 is refused with the allowed values', async () => {
    const res = await addFault({ kind: 'server_error', count: 1, status: 418 })
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([
      { pointer: '/status', detail: 'expected 500, 502 or 503, got an integer' },
    ])
  })

  it('an unknown connection is a 404', async () => {
    expect((await addFault({ kind: 'expire_token' }, 'conn_nope')).status).toBe(404)
    expect((await t.req('GET', '/api/connections/conn_nope/faults', { key: t.secretKey })).status).toBe(404)
    expect((await t.req('DELETE', '/api/connections/conn_nope/faults', { key: t.secretKey })).status).toBe(
      404,
    )
  })

  it('a publishable key is refused', async () => {
    const res = await t.req('POST', `/api/connections/${conn}/faults`, {
      key: t.publishableKey,
      body: { kind: 'expire_token' },
    })
    expect(res.status).toBe(403)
  })
})

describe('the cap on faults per connection', () => {
  it('100 pending faults are kept; the 101st is a 409 that stores nothing', async () => {
    const id = await connect()
    for (let i = 0; i < 100; i++) {
      expect((await addFault({ kind: 'latency', ms: 1, count: 5 }, id)).status).toBe(201)
    }
    const refused = await addFault({ kind: 'rate_limit', count: 1 }, id)
    expect(refused.status).toBe(409)
    expect((await refused.json()).detail).toContain('100 pending faults')
    expect(await listFaults(id)).toHaveLength(100)
  })

  it('used-up faults make room for new ones, oldest first', async () => {
    const id = await connect()
    for (let i = 0; i < 100; i++) expect((await addFault({ kind: 'expire_token' }, id)).status).toBe(201)
    const first = (await listFaults(id))[0]!.id
    expect((await addFault({ kind: 'rate_limit', count: 1 }, id)).status).toBe(201)
    const kept = await listFaults(id)
    expect(kept).toHaveLength(100)
    expect(kept.map((f) => f.id)).not.toContain(first)
    expect(kept.at(-1)).toMatchObject({ kind: 'rate_limit', remaining: 1 })
  })
})

describe('faults on a real connection', () => {
  let dp: DataPlane
  beforeAll(async () => {
    dp = await startDataPlane()
  })
  afterAll(() => dp.close())

  it('are a 409 with a clear detail, and change nothing', async () => {
    const id = await dp.connect()
    const res = await dp.gateway.api('POST', `/api/connections/${id}/faults`, {
      kind: 'rate_limit',
      count: 1,
    })
    expect(res.status).toBe(409)
    expect(res.body.detail).toMatch(/real connection.*simulated connections/)
    const calls = dp.gateway.server.core.db
      .prepare('SELECT count(*) AS n FROM simulation_accounts')
      .get() as { n: number }
    expect(calls.n).toBe(0)
  })
})
