import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsSearchable } from '../../src/core/events/events.searchable.js'
import { count, createSession, LOCAL, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const post = (path: string, body: unknown, key = t.publishableKey) => t.req('POST', path, { key, body })

describe('POST /auth-sessions', () => {
  it('a publishable key creates a session: 201 {id, url, expires_at}, the URL on the gateway itself', async () => {
    const res = await post('/auth-sessions', { provider: 'github', tenant_id: 'acme' })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'id', 'url'])
    expect(body.url).toBe(`${LOCAL}/connect/${body.id}`)
  })

  it('the session expires 15 minutes after creation', async () => {
    const body = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    expect(body.expires_at).toBe('2026-01-01T00:15:00.000Z')
  })

  it('a secret key creates one too', async () => {
    expect(
      (await post('/auth-sessions', { provider: 'github', tenant_id: 'acme' }, t.secretKey)).status,
    ).toBe(201)
  })

  it('records auth_session.created with the tenant and provider', async () => {
    const { id } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const page = t.core.search.search(eventsSearchable, t.workspaceId, {
      filter: { type: { eq: 'auth_session.created' } },
    })
    expect(page.data).toHaveLength(1)
    expect(page.data[0]).toMatchObject({
      provider: 'github',
      tenant_id: 'acme',
      data: { session_id: id, mode: 'simulated' },
    })
  })

  it('answers CORS preflights from other origins, without credentials', async () => {
    const res = await t.req('OPTIONS', '/auth-sessions', {
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })
})

describe('POST /install-sessions', () => {
  it('a publishable key creates an install session: 201 {id, url, expires_at}', async () => {
    const res = await post('/install-sessions', { provider: 'github-app', tenant_id: 'acme' })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body.url).toBe(`${LOCAL}/connect/${body.id}`)
    expect(body.expires_at).toBe('2026-01-01T00:15:00.000Z')
  })

  it('does not take scopes or connection_id (unknown fields)', async () => {
    const res = await post('/install-sessions', { provider: 'github-app', tenant_id: 'acme', scopes: ['x'] })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].detail).toContain('scopes')
  })
})

describe('choosing the mode', () => {
  it('without client credentials the session URL redirects straight to the simulator, with PKCE S256 and a state', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', new URL(url).pathname)
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${LOCAL}/simulator/github/authorize`)
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(location.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32)
    expect(location.searchParams.get('redirect_uri')).toBe(`${LOCAL}/oauth/callback`)
    expect(location.searchParams.get('scope')).toBe('repo read:user user:email')
  })

  it("with client credentials it redirects to the provider's authorization_url", async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github',
      client_id: 'Iv1.test',
      client_secret: 'shh',
    })
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme', scopes: ['repo'] })
    const res = await t.req('GET', new URL(url).pathname)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'Iv1.test',
      redirect_uri: `${LOCAL}/oauth/callback`,
      scope: 'repo',
      code_challenge_method: 'S256',
    })
  })

  it('a real-mode session for a provider with {shop} URLs needs params.shop, and fills it in', async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'shopify',
      client_id: 'id',
      client_secret: 'shh',
    })
    const missing = await post('/auth-sessions', { provider: 'shopify', tenant_id: 'acme' })
    expect(missing.status).toBe(400)
    expect((await missing.json()).errors).toEqual([{ pointer: '/params/shop', detail: expect.any(String) }])
    const { url } = await createSession(t, {
      provider: 'shopify',
      tenant_id: 'acme',
      params: { shop: 'acme-store' },
    })
    const location = (await t.req('GET', new URL(url).pathname)).headers.get('location')!
    expect(location.startsWith('https://acme-store.myshopify.com/admin/oauth/authorize?')).toBe(true)
    expect(new URL(location).searchParams.get('scope')).toBe(
      'read_products,write_products,read_orders,write_orders',
    )
  })

  it("a provider that does not take PKCE gets no code_challenge in real mode (the provider's pkce flag)", async () => {
    t.core.providerConfigs.create(t.workspaceId, { provider: 'slack', client_id: 'id', client_secret: 'shh' })
    const { url } = await createSession(t, { provider: 'slack', tenant_id: 'acme' })
    const location = new URL((await t.req('GET', new URL(url).pathname)).headers.get('location')!)
    expect(location.searchParams.has('code_challenge')).toBe(false)
    expect(location.searchParams.get('state')).toBeTruthy()
  })

  it('the simulator needs no params for a templated provider', async () => {
    const { params } = await simulatedFlow(t, { provider: 'shopify', tenant_id: 'acme' })
    expect(params.get('connection_id')).toMatch(/^conn_/)
  })

  it('a real-mode session for a provider without OAuth 2.0 is a 400 pointing at /provider', async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'resend',
      client_id: 'id',
      client_secret: 'shh',
    })
    const res = await post('/auth-sessions', { provider: 'resend', tenant_id: 'acme' })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/provider')
  })

  it('provider_config_id picks the config; one for another provider is a 400', async () => {
    const slack = t.core.providerConfigs.create(t.workspaceId, { provider: 'slack' })
    const res = await post('/auth-sessions', {
      provider: 'github',
      tenant_id: 'acme',
      provider_config_id: slack.id,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/provider_config_id')
  })

  it('an unknown provider_config_id is a 400 pointing at it', async () => {
    const res = await post('/auth-sessions', {
      provider: 'github',
      tenant_id: 'acme',
      provider_config_id: 'pcfg_nope',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/provider_config_id')
  })
})

describe('the session URL', () => {
  it('is single use: a second open is 409', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    expect((await t.req('GET', new URL(url).pathname)).status).toBe(302)
    const again = await t.req('GET', new URL(url).pathname)
    expect(again.status).toBe(409)
    expect(again.headers.get('content-type')).toBe('application/problem+json')
  })

  it('after 15 minutes it is 410 session_expired', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    t.clock.advance(15 * 60_000)
    const res = await t.req('GET', new URL(url).pathname)
    expect(res.status).toBe(410)
    expect((await res.json()).code).toBe('session_expired')
  })

  it('one millisecond before expiry it still starts', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    t.clock.advance(15 * 60_000 - 1)
    expect((await t.req('GET', new URL(url).pathname)).status).toBe(302)
  })

  it('an unknown session is 404', async () => {
    expect((await t.req('GET', '/connect/sess_nope')).status).toBe(404)
  })

  it('a browser gets the expiry as a page, with no-store and no-referrer', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    t.clock.advance(16 * 60_000)
    const res = await t.req('GET', new URL(url).pathname, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(410)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await res.text()).toContain('This link has expired')
  })

  it('the redirect carries Cache-Control: no-store and Referrer-Policy: no-referrer', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', new URL(url).pathname)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('simulate= on a real-mode session is a 400 and leaves the session unused', async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github',
      client_id: 'id',
      client_secret: 'shh',
    })
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    expect((await t.req('GET', `${new URL(url).pathname}?simulate=approve`)).status).toBe(400)
    expect((await t.req('GET', new URL(url).pathname)).status).toBe(302)
  })

  it('an unknown simulate value is a 400', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', `${new URL(url).pathname}?simulate=maybe`)
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('query:/simulate')
  })

  it('does not answer on a non-loopback Host (DNS rebinding)', async () => {
    const { url } = await createSession(t, { provider: 'github', tenant_id: 'acme' })
    const res = await t.req('GET', new URL(url).pathname, { headers: { host: 'evil.example' } })
    expect(res.status).toBe(403)
  })
})

describe('bad input to POST /auth-sessions is refused with a clear 4xx and stores nothing', () => {
  const ok = { provider: 'github', tenant_id: 'acme' }
  const cases: Array<
    [string, { body?: unknown; raw?: string; headers?: Record<string, string> }, number, string?]
  > = [
    ['malformed JSON', { raw: '{"provider":', headers: { 'content-type': 'application/json' } }, 400],
    ['a JSON string', { body: 'github' }, 400],
    ['a missing tenant_id', { body: { provider: 'github' } }, 400, '/tenant_id'],
    ['an empty tenant_id', { body: { ...ok, tenant_id: '' } }, 400, '/tenant_id'],
    ['a tenant_id with control characters', { body: { ...ok, tenant_id: 'a\u0000b' } }, 400, '/tenant_id'],
    ['an over-long tenant_id', { body: { ...ok, tenant_id: 'x'.repeat(201) } }, 400, '/tenant_id'],
    ['a numeric tenant_id', { body: { ...ok, tenant_id: 42 } }, 400, '/tenant_id'],
    ['an unknown provider', { body: { ...ok, provider: 'nope' } }, 400, '/provider'],
    ['a hostile provider', { body: { ...ok, provider: '"><script>' } }, 400, '/provider'],
    [
      'a javascript: redirect_url',
      { body: { ...ok, redirect_url: 'javascript:alert(1)' } },
      400,
      '/redirect_url',
    ],
    ['an ftp redirect_url', { body: { ...ok, redirect_url: 'ftp://example.com/x' } }, 400, '/redirect_url'],
    ['a relative redirect_url', { body: { ...ok, redirect_url: '/done' } }, 400, '/redirect_url'],
    [
      'a redirect_url with credentials',
      { body: { ...ok, redirect_url: 'https://u:p@example.com/' } },
      400,
      '/redirect_url',
    ],
    [
      'an over-long redirect_url',
      { body: { ...ok, redirect_url: `https://e.com/${'x'.repeat(2048)}` } },
      400,
      '/redirect_url',
    ],
    ['a scope with a space', { body: { ...ok, scopes: ['repo user'] } }, 400, '/scopes/0'],
    ['scopes as a string', { body: { ...ok, scopes: 'repo' } }, 400, '/scopes'],
    ['a hostile params value', { body: { ...ok, params: { shop: 'evil.com/x' } } }, 400, '/params/shop'],
    ['a params value of the wrong type', { body: { ...ok, params: { shop: 1 } } }, 400, '/params/shop'],
    ['an unknown field', { body: { ...ok, state: 'mine' } }, 400],
    ['a body over 1 MiB', { body: { ...ok, redirect_url: `https://e.com/${'x'.repeat(1024 * 1024)}` } }, 413],
    ['a non-JSON content type', { raw: 'provider=github', headers: { 'content-type': 'text/plain' } }, 415],
  ]
  for (const [name, input, status, pointer] of cases) {
    it(`${name} → ${status}${pointer ? ` at ${pointer}` : ''}`, async () => {
      const res = await t.req('POST', '/auth-sessions', { key: t.publishableKey, ...input })
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      if (pointer)
        expect((await res.json()).errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer)
      expect(count(t, 'sessions')).toBe(0)
      expect(count(t, 'events')).toBe(0)
    })
  }

  it('without a key it is 401', async () => {
    const res = await t.req('POST', '/auth-sessions', { body: { provider: 'github', tenant_id: 'acme' } })
    expect(res.status).toBe(401)
  })
})

describe('old sessions', () => {
  it('sessions that expired more than a day ago are forgotten when new ones are created', async () => {
    await createSession(t, { provider: 'github', tenant_id: 'acme' })
    t.clock.advance(25 * 60 * 60_000)
    await createSession(t, { provider: 'github', tenant_id: 'acme' })
    expect(count(t, 'sessions')).toBe(1)
  })
})
