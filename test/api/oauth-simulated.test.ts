import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  callbackUrlFor,
  count,
  createSession,
  eventsOf,
  follow,
  LOCAL,
  simulatedFlow,
} from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

describe('simulated flow: approve', () => {
  it('redirects to redirect_url with connection_id, and the connection is active', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    const id = params.get('connection_id')!
    expect([...params.keys()]).toEqual(['connection_id'])
    const res = await t.req('GET', `/api/connections/${id}`, { key: t.secretKey })
    expect(await res.json()).toMatchObject({
      id,
      provider: 'github',
      tenant_id: 'acme',
      status: 'active',
      status_reason: null,
      mode: 'simulated',
      scopes: ['repo', 'read:user', 'user:email'],
      last_refreshed_at: null,
    })
  })

  it('the new connection is found through /api/connections/search', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('POST', '/api/connections/search', {
      key: t.secretKey,
      body: { filter: { status: { eq: 'active' }, tenant_id: { eq: 'acme' } } },
    })
    expect((await res.json()).data.map((c: { id: string }) => c.id)).toEqual([params.get('connection_id')])
  })

  it('records connection.created carrying connection_id, tenant_id and provider', async () => {
    const { params, session } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    expect(eventsOf(t, 'connection.created')).toEqual([
      {
        type: 'connection.created',
        provider: 'github',
        tenant_id: 'acme',
        connection_id: params.get('connection_id'),
        installation_id: null,
        data: expect.objectContaining({ session_id: session.id, status: 'active', mode: 'simulated' }),
      },
    ])
  })

  it('the requested scopes are the ones granted', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme', scopes: ['gist'] })
    expect(t.core.connections.get(t.workspaceId, params.get('connection_id')!).scopes).toEqual(['gist'])
  })

  it('stores tokens that look like the provider’s (GitHub: ghu_ access, ghr_ refresh)', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    const tokens = t.core.connections.tokens(t.workspaceId, params.get('connection_id')!)
    expect(tokens.access_token).toMatch(/^ghu_[A-Za-z0-9]{36}$/)
    expect(tokens.refresh_token).toMatch(/^ghr_[A-Za-z0-9]{76}$/)
  })

  it('without redirect_url the browser gets a result page naming the provider', async () => {
    const session = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const { res } = await follow(t, `${session.url}?simulate=approve`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('GitHub is connected')
    expect(page).toMatch(/conn_[A-Za-z0-9_]+/)
  })
})

describe('simulated flow: deny', () => {
  it('redirects with error=access_denied and an error_description, and creates nothing', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' }, 'deny')
    expect(params.get('error')).toBe('access_denied')
    expect(params.get('error_description')).toContain('denied')
    expect(params.has('connection_id')).toBe(false)
    expect(count(t, 'connections')).toBe(0)
  })

  it('records auth_session.failed with the error', async () => {
    const { session } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' }, 'deny')
    expect(eventsOf(t, 'auth_session.failed')).toEqual([
      expect.objectContaining({
        provider: 'github',
        tenant_id: 'acme',
        data: expect.objectContaining({ session_id: session.id, error: 'access_denied' }),
      }),
    ])
  })

  it('without redirect_url the result page says it was not connected', async () => {
    const session = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const { res } = await follow(t, `${session.url}?simulate=deny`)
    expect(await res.text()).toContain('GitHub was not connected')
  })
})

describe('simulated flow: approve, then fail the token exchange', () => {
  it('redirects with error=token_exchange_failed, and creates nothing', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' }, 'error')
    expect(params.get('error')).toBe('token_exchange_failed')
    expect(params.get('error_description')).toContain('invalid_grant')
    expect(count(t, 'connections')).toBe(0)
    expect(eventsOf(t, 'auth_session.failed')).toHaveLength(1)
  })

  it('the token request is really made (and refused) through the simulator token endpoint', async () => {
    const spy = vi.spyOn(t.core.simulator, 'token')
    await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' }, 'error')
    expect(spy).toHaveBeenCalledTimes(1)
    expect((await spy.mock.results[0]!.value).status).toBe(400)
  })
})

describe('the consent screen', () => {
  const consent = async (body: Record<string, unknown>) => {
    const session = await createSession(t, body)
    return follow(t, session.url, { accept: 'text/html' })
  }

  it('shows the provider name and logo, the requested scopes and the tenant', async () => {
    const { res } = await consent({ provider: 'github', tenant_id: 'acme-corp', scopes: ['repo', 'gist'] })
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('your GitHub account')
    expect(page).toContain('<svg')
    expect(page).toContain('<li>repo</li>')
    expect(page).toContain('<li>gist</li>')
    expect(page).toContain('acme-corp')
  })

  it('offers Approve, Deny and "Approve, then fail the token exchange"', async () => {
    const page = await (await consent({ provider: 'github', tenant_id: 'acme' })).res.text()
    expect(page).toMatch(/simulate=approve"[^>]*>Approve</)
    expect(page).toMatch(/simulate=deny"[^>]*>Deny</)
    expect(page).toMatch(/simulate=error"[^>]*>Approve, then fail the token exchange</)
  })

  it("following the page's Approve link completes the flow", async () => {
    const session = await createSession(t, {
      provider: 'github',
      tenant_id: 'acme',
      redirect_url: 'https://app.example/done',
    })
    const page = await (await follow(t, session.url, { accept: 'text/html' })).res.text()
    const href = /href="([^"]*simulate=approve)"/.exec(page)![1]!.replaceAll('&amp;', '&')
    const { location } = await follow(t, `${LOCAL}${href}`)
    expect(location).toMatch(/^https:\/\/app\.example\/done\?connection_id=conn_/)
  })

  it('is served with a strict CSP: no scripts, no external loads, no framing', async () => {
    const { res } = await consent({ provider: 'github', tenant_id: 'acme' })
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    const page = await res.text()
    expect(page).not.toContain('<script')
    expect(page).not.toMatch(/(src|href)="https?:/)
  })

  it('escapes a hostile tenant id', async () => {
    const { res } = await consent({ provider: 'github', tenant_id: '<img src=x onerror=alert(1)>"\'&' })
    const page = await res.text()
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;')
  })
})

describe('GET /oauth/callback refuses states it cannot trust, before any token request', () => {
  it('a missing state is a 400 invalid_state', async () => {
    const res = await t.req('GET', '/oauth/callback?code=abc')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_state' })
  })

  it('a forged state is a 400 and no token request is made', async () => {
    const spy = vi.spyOn(t.core.simulator, 'token')
    const { callback } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req(
      'GET',
      `/oauth/callback?code=${callback.searchParams.get('code')}&state=forged-state-value`,
    )
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_state')
    expect(spy).not.toHaveBeenCalled()
    expect(count(t, 'connections')).toBe(0)
  })

  it('a state sent twice in one callback is a 400', async () => {
    const { callback } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const state = callback.searchParams.get('state')!
    const res = await t.req('GET', `/oauth/callback?code=x&state=${state}&state=${state}`)
    expect(res.status).toBe(400)
  })

  it('a replayed callback is a 400, makes no second token request and creates no second connection', async () => {
    const { path } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    expect((await t.req('GET', path)).status).toBe(302)
    const spy = vi.spyOn(t.core.simulator, 'token')
    const replay = await t.req('GET', path)
    expect(replay.status).toBe(400)
    expect((await replay.json()).code).toBe('invalid_state')
    expect(spy).not.toHaveBeenCalled()
    expect(count(t, 'connections')).toBe(1)
  })

  it('an expired state is a 400, makes no token request and records auth_session.failed', async () => {
    const { path, session } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    t.clock.advance(15 * 60_000)
    const spy = vi.spyOn(t.core.simulator, 'token')
    const res = await t.req('GET', path)
    expect(res.status).toBe(400)
    expect((await res.json()).detail).toContain('expired')
    expect(spy).not.toHaveBeenCalled()
    expect(eventsOf(t, 'auth_session.failed')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ session_id: session.id, error: 'session_expired' }),
      }),
    ])
  })

  it('a browser gets the refusal as a 400 page with no-store and no-referrer', async () => {
    const res = await t.req('GET', '/oauth/callback?code=x&state=nope', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('answers on any Host (tunnels deliver there)', async () => {
    const { path } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', path, { headers: { host: 'abc123.tunnel.example' } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/connection_id=conn_/)
  })

  it('an over-long code is a 400 and the state stays unused', async () => {
    const { callback, path } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req(
      'GET',
      `/oauth/callback?state=${callback.searchParams.get('state')}&code=${'x'.repeat(9000)}`,
    )
    expect(res.status).toBe(400)
    expect((await t.req('GET', path)).status).toBe(302)
  })

  it('a provider error with hostile characters is passed on as server_error, its description cleaned', async () => {
    const { callback } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const state = callback.searchParams.get('state')!
    const res = await t.req(
      'GET',
      `/oauth/callback?state=${state}&error=${encodeURIComponent('"><x')}&error_description=${encodeURIComponent('bad\r\nSet-Cookie: x=1')}`,
    )
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('server_error')
    expect(location.searchParams.get('error_description')).toBe('bad  Set-Cookie: x=1')
  })
})

describe('the simulator refuses requests a provider would refuse', () => {
  it('an unknown client_id is a 400 and no redirect', async () => {
    const { simulator } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    simulator.searchParams.set('client_id', 'someone-else')
    const res = await t.req('GET', `${simulator.pathname}${simulator.search}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('a redirect_uri that is not this gateway’s callback is a 400 and no redirect', async () => {
    const { simulator } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    simulator.searchParams.set('redirect_uri', 'https://evil.example/oauth/callback')
    const res = await t.req('GET', `${simulator.pathname}${simulator.search}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('a request without PKCE is sent back with error=invalid_request', async () => {
    const { simulator } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    simulator.searchParams.delete('code_challenge')
    const res = await t.req('GET', `${simulator.pathname}${simulator.search}`)
    const location = new URL(res.headers.get('location')!)
    expect(location.pathname).toBe('/oauth/callback')
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  it('an unknown provider is a 404', async () => {
    const { simulator } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', `/simulator/no-such-provider/authorize${simulator.search}`)
    expect(res.status).toBe(404)
  })

  it('the token endpoint refuses a code_verifier that does not match the challenge', async () => {
    const { callback, simulator } = await callbackUrlFor(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('POST', '/simulator/github/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${LOCAL}/oauth/callback`,
        client_id: simulator.searchParams.get('client_id')!,
        code_verifier: 'a'.repeat(43),
      }).toString(),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('the token endpoint refuses an unknown client with 401 invalid_client', async () => {
    const res = await t.req('POST', '/simulator/github/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: 'grant_type=authorization_code&code=x&client_id=nobody',
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error).toBe('invalid_client')
  })

  it('the token endpoint refuses JSON bodies', async () => {
    const res = await t.req('POST', '/simulator/github/token', { body: { grant_type: 'authorization_code' } })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('invalid_request')
  })
})
