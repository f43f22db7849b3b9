import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { count, dataFolderBytes, eventsOf, follow, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const connect = async (body: Record<string, unknown> = {}) =>
  (await simulatedFlow(t, { provider: 'github', tenant_id: 'acme', ...body })).params.get('connection_id')!
const api = (method: string, path: string, body?: unknown) =>
  t.req(method, path, { key: t.secretKey, ...(body !== undefined && { body }) })
const refresh = async (id: string, query = '') => api('POST', `/api/connections/${id}/refresh${query}`)

describe('GET /api/connections/{id}', () => {
  it('returns the documented fields and never a token', async () => {
    const id = await connect()
    const res = await api('GET', `/api/connections/${id}`)
    const body = await res.json()
    for (const field of [
      'id',
      'provider',
      'provider_config_id',
      'tenant_id',
      'status',
      'status_reason',
      'scopes',
      'created_at',
      'last_refreshed_at',
    ]) {
      expect(body, field).toHaveProperty(field)
    }
    const { access_token, refresh_token } = t.core.connections.tokens(t.workspaceId, id)
    const text = JSON.stringify(body)
    expect(text).not.toContain(access_token)
    expect(text).not.toContain(refresh_token)
  })

  it('an unknown id is a 404 problem+json', async () => {
    const res = await api('GET', '/api/connections/conn_nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })

  it("another workspace's key gets a 404", async () => {
    const id = await connect()
    const other = t.core.workspaces.create({ name: 'other', tier: 'enterprise', rpm: 1_000_000 })
    const key = t.core.apiKeys.create(other.id, { name: 'o', role: 'secret' }).key
    expect((await t.req('GET', `/api/connections/${id}`, { key })).status).toBe(404)
  })
})

describe('POST /api/connections/search', () => {
  it('filters by status, tenant_id and provider', async () => {
    const a = await connect({ tenant_id: 'acme' })
    await connect({ tenant_id: 'globex' })
    await connect({ provider: 'slack', tenant_id: 'acme' })
    await api('DELETE', `/api/connections/${a}`)
    const page = await (
      await api('POST', '/api/connections/search', {
        filter: { status: { eq: 'active' }, tenant_id: { eq: 'acme' } },
      })
    ).json()
    expect(page.data.map((c: { provider: string }) => c.provider)).toEqual(['slack'])
  })

  it('a status outside active, needs_reauth and revoked is a 400', async () => {
    const res = await api('POST', '/api/connections/search', { filter: { status: { eq: 'broken' } } })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].detail).toContain('active, needs_reauth, revoked')
  })

  it('query is refused (full text is for providers only)', async () => {
    expect((await api('POST', '/api/connections/search', { query: 'github' })).status).toBe(400)
  })
})

describe('refresh', () => {
  it('a successful refresh stores new tokens, sets last_refreshed_at and records connection.refreshed', async () => {
    const id = await connect()
    const before = t.core.connections.tokens(t.workspaceId, id)
    t.clock.advance(60_000)
    const res = await refresh(id)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      status: 'active',
      last_refreshed_at: '2026-01-01T00:01:00.000Z',
    })
    const after = t.core.connections.tokens(t.workspaceId, id)
    expect(after.access_token).not.toBe(before.access_token)
    expect(after.refresh_token).not.toBe(before.refresh_token)
    expect(eventsOf(t, 'connection.refreshed')).toHaveLength(1)
  })

  it('a refresh the simulator is told to fail moves the connection to needs_reauth, with a reason', async () => {
    const id = await connect()
    const res = await refresh(id, '?simulate=error')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.status).toBe('needs_reauth')
    expect(body.status_reason).toContain('invalid_grant')
  })

  it('the failed refresh records connection.needs_reauth carrying connection_id, tenant_id and provider', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    expect(eventsOf(t, 'connection.needs_reauth')).toEqual([
      expect.objectContaining({ connection_id: id, tenant_id: 'acme', provider: 'github' }),
    ])
  })

  it('refreshing a connection that needs re-authorization is a 409', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    const res = await refresh(id)
    expect(res.status).toBe(409)
    expect((await res.json()).code).toBe('invalid_transition')
  })

  it('two concurrent refreshes make one token request and agree', async () => {
    const id = await connect()
    const spy = vi.spyOn(t.core.simulator, 'token')
    const [a, b] = await Promise.all([refresh(id), refresh(id)])
    expect(spy).toHaveBeenCalledTimes(1)
    expect(await a.json()).toEqual(await b.json())
  })

  it('simulate=error on a real-mode connection is a 400 and changes nothing', async () => {
    const id = await connect()
    t.db.prepare("UPDATE connections SET mode = 'real' WHERE id = ?").run(id)
    const res = await refresh(id, '?simulate=error')
    expect(res.status).toBe(400)
    expect(t.core.connections.get(t.workspaceId, id).status).toBe('active')
  })

  it('an unknown simulate value is a 400', async () => {
    const id = await connect()
    expect((await refresh(id, '?simulate=yes')).status).toBe(400)
  })

  it('an unknown id is a 404', async () => {
    expect((await refresh('conn_nope')).status).toBe(404)
  })
})

describe('re-authorization through an auth session', () => {
  it('re-activates the same connection: needs_reauth → active, reason cleared', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme', connection_id: id })
    expect(params.get('connection_id')).toBe(id)
    expect(t.core.connections.get(t.workspaceId, id)).toMatchObject({ status: 'active', status_reason: null })
    expect(count(t, 'connections')).toBe(1)
  })

  it('records connection.reauthorized with the previous status', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    await simulatedFlow(t, { provider: 'github', tenant_id: 'acme', connection_id: id })
    expect(eventsOf(t, 'connection.reauthorized')).toEqual([
      expect.objectContaining({
        connection_id: id,
        data: expect.objectContaining({ previous_status: 'needs_reauth' }),
      }),
    ])
  })

  it('replaces the tokens', async () => {
    const id = await connect()
    const before = t.core.connections.tokens(t.workspaceId, id)
    await simulatedFlow(t, { provider: 'github', tenant_id: 'acme', connection_id: id })
    expect(t.core.connections.tokens(t.workspaceId, id).access_token).not.toBe(before.access_token)
  })

  it('a denied re-authorization leaves the connection in needs_reauth', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    const { params } = await simulatedFlow(
      t,
      { provider: 'github', tenant_id: 'acme', connection_id: id },
      'deny',
    )
    expect(params.get('error')).toBe('access_denied')
    expect(t.core.connections.get(t.workspaceId, id).status).toBe('needs_reauth')
  })

  it('a session to re-authorize a revoked connection is a 409', async () => {
    const id = await connect()
    await api('DELETE', `/api/connections/${id}`)
    const res = await t.req('POST', '/auth-sessions', {
      key: t.secretKey,
      body: { provider: 'github', tenant_id: 'acme', connection_id: id },
    })
    expect(res.status).toBe(409)
    expect((await res.json()).code).toBe('invalid_transition')
  })

  it('a connection revoked while its re-authorization is under way stays revoked; the flow fails', async () => {
    const id = await connect()
    const session = await t.req('POST', '/auth-sessions', {
      key: t.secretKey,
      body: {
        provider: 'github',
        tenant_id: 'acme',
        connection_id: id,
        redirect_url: 'http://localhost:3000/done',
      },
    })
    const { url } = await session.json()
    await api('DELETE', `/api/connections/${id}`)
    const { location } = await follow(t, `${url}?simulate=approve`)
    expect(new URL(location!).searchParams.get('error')).toBe('connection_unavailable')
    expect(t.core.connections.get(t.workspaceId, id).status).toBe('revoked')
  })

  it('a session naming a connection of another tenant is a 400 pointing at /tenant_id', async () => {
    const id = await connect()
    const res = await t.req('POST', '/auth-sessions', {
      key: t.secretKey,
      body: { provider: 'github', tenant_id: 'globex', connection_id: id },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/tenant_id')
  })

  it('a session naming a connection of another provider is a 400 pointing at /provider', async () => {
    const id = await connect()
    const res = await t.req('POST', '/auth-sessions', {
      key: t.secretKey,
      body: { provider: 'slack', tenant_id: 'acme', connection_id: id },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/provider')
  })
})

describe('DELETE /api/connections/{id}', () => {
  it('revokes: 204, status revoked, and the tokens are erased', async () => {
    const id = await connect()
    const res = await api('DELETE', `/api/connections/${id}`)
    expect(res.status).toBe(204)
    expect((await (await api('GET', `/api/connections/${id}`)).json()).status).toBe('revoked')
    expect(t.core.connections.tokens(t.workspaceId, id)).toEqual({})
  })

  it('records connection.revoked', async () => {
    const id = await connect()
    await api('DELETE', `/api/connections/${id}`)
    expect(eventsOf(t, 'connection.revoked')).toEqual([
      expect.objectContaining({ connection_id: id, tenant_id: 'acme' }),
    ])
  })

  it('revoking again is a 204 that changes nothing and records no second event (idempotent)', async () => {
    const id = await connect()
    await api('DELETE', `/api/connections/${id}`)
    const res = await api('DELETE', `/api/connections/${id}`)
    expect(res.status).toBe(204)
    expect(eventsOf(t, 'connection.revoked')).toHaveLength(1)
  })

  it('a revoked connection cannot be refreshed (409)', async () => {
    const id = await connect()
    await api('DELETE', `/api/connections/${id}`)
    expect((await refresh(id)).status).toBe(409)
  })

  it('a connection in needs_reauth can be revoked', async () => {
    const id = await connect()
    await refresh(id, '?simulate=error')
    expect((await api('DELETE', `/api/connections/${id}`)).status).toBe(204)
  })

  it('an unknown id is a 404', async () => {
    expect((await api('DELETE', '/api/connections/conn_nope')).status).toBe(404)
  })
})

describe('tokens at rest', () => {
  it('a scan of the data folder finds no token plaintext', async () => {
    const ids = [
      await connect(),
      await connect({ provider: 'slack' }),
      await connect({ provider: 'google-drive' }),
    ]
    await refresh(ids[0]!)
    const tokens = ids.flatMap((id) => Object.values(t.core.connections.tokens(t.workspaceId, id)))
    expect(tokens).toHaveLength(6)
    t.db.pragma('wal_checkpoint(TRUNCATE)')
    const bytes = dataFolderBytes(t.dir)
    for (const token of tokens) expect(bytes.includes(token), token.slice(0, 8)).toBe(false)
  })

  it('no event carries a token', async () => {
    const id = await connect()
    await refresh(id)
    const tokens = Object.values(t.core.connections.tokens(t.workspaceId, id))
    const all = JSON.stringify(t.db.prepare('SELECT * FROM events').all())
    for (const token of tokens) expect(all).not.toContain(token)
  })

  it('a token sealed for one connection does not open on another (the row id is bound in)', async () => {
    const a = await connect()
    const b = await connect()
    t.db
      .prepare(
        'UPDATE connections SET access_token = (SELECT access_token FROM connections WHERE id = ?) WHERE id = ?',
      )
      .run(a, b)
    expect(() => t.core.connections.tokens(t.workspaceId, b)).toThrow()
  })

  it('no search field exposes a token', async () => {
    await connect()
    const res = await api('POST', '/api/connections/search', { fields: ['access_token'] })
    expect(res.status).toBe(400)
  })
})

describe('GET /api/connections/{id}/credentials', () => {
  it('is sent with Cache-Control: no-store, so no cache keeps the token', async () => {
    const id = await connect()
    const res = await api('GET', `/api/connections/${id}/credentials`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('records connection.credentials_read naming the key that read, never the token', async () => {
    const id = await connect()
    const { access_token } = await (await api('GET', `/api/connections/${id}/credentials`)).json()
    const keyId = t.core.apiKeys.list(t.workspaceId).find((k) => k.role === 'secret')!.id
    const read = eventsOf(t, 'connection.credentials_read')
    expect(read).toEqual([
      expect.objectContaining({
        provider: 'github',
        tenant_id: 'acme',
        connection_id: id,
        data: { read_by: keyId, mode: 'simulated' },
      }),
    ])
    const stored = t.db.prepare('SELECT data FROM events').all() as Array<{ data: string | null }>
    expect(JSON.stringify(stored)).not.toContain(access_token)
  })

  it('a refused read (unknown connection) records nothing', async () => {
    expect((await api('GET', '/api/connections/conn_nope/credentials')).status).toBe(404)
    expect(eventsOf(t, 'connection.credentials_read')).toEqual([])
  })
})
