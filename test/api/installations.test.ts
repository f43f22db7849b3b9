import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { count, createSession, eventsOf, follow, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const install = (decision: 'approve' | 'deny' | 'error' = 'approve', body: Record<string, unknown> = {}) =>
  simulatedFlow(t, { provider: 'github-app', tenant_id: 'acme', ...body }, decision, '/install-sessions')
const api = (method: string, path: string, body?: unknown) =>
  t.req(method, path, { key: t.secretKey, ...(body !== undefined && { body }) })

describe('simulated install flow', () => {
  it('approving redirects with installation_id and creates an active installation', async () => {
    const { params } = await install()
    const id = params.get('installation_id')!
    expect(id).toMatch(/^inst_/)
    const body = await (await api('GET', `/api/installations/${id}`)).json()
    expect(body).toMatchObject({
      id,
      provider: 'github-app',
      tenant_id: 'acme',
      status: 'active',
      mode: 'simulated',
    })
    expect(body.external_id).toMatch(/^\d{8}$/)
    expect(body.created_at).toBe('2026-01-01T00:00:00.000Z')
  })

  it('records installation.created carrying installation_id, tenant_id and provider', async () => {
    const { params } = await install()
    expect(eventsOf(t, 'installation.created')).toEqual([
      expect.objectContaining({
        installation_id: params.get('installation_id'),
        tenant_id: 'acme',
        provider: 'github-app',
      }),
    ])
  })

  it('cancelling redirects with error=access_denied and creates nothing', async () => {
    const { params } = await install('deny')
    expect(params.get('error')).toBe('access_denied')
    expect(count(t, 'installations')).toBe(0)
    expect(eventsOf(t, 'install_session.failed')).toHaveLength(1)
  })

  it('a provider failure redirects with its error and error_description', async () => {
    const { params } = await install('error')
    expect(params.get('error')).toBe('server_error')
    expect(params.get('error_description')).toBeTruthy()
    expect(count(t, 'installations')).toBe(0)
  })

  it('without redirect_url the result page says it is installed', async () => {
    const session = await createSession(
      t,
      { provider: 'github-app', tenant_id: 'acme' },
      { path: '/install-sessions' },
    )
    const { res } = await follow(t, `${session.url}?simulate=approve`)
    expect(await res.text()).toContain('GitHub App is installed')
  })

  it('the install screen offers Install and Cancel', async () => {
    const session = await createSession(
      t,
      { provider: 'github-app', tenant_id: 'acme' },
      { path: '/install-sessions' },
    )
    const page = await (await follow(t, session.url, { accept: 'text/html' })).res.text()
    expect(page).toMatch(/simulate=approve"[^>]*>Install</)
    expect(page).toMatch(/simulate=deny"[^>]*>Cancel</)
  })

  it('a callback without an installation_id fails the session instead of inventing one', async () => {
    const session = await createSession(
      t,
      { provider: 'github-app', tenant_id: 'acme', redirect_url: 'https://app.example/done' },
      { path: '/install-sessions' },
    )
    const start = await t.req('GET', new URL(session.url).pathname)
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const res = await t.req('GET', `/oauth/callback?state=${state}&setup_action=install`)
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_callback')
    expect(count(t, 'installations')).toBe(0)
  })
})

describe('real-mode install sessions', () => {
  it("redirect to the provider's install_url with the state and the params filled in", async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github-app',
      client_id: 'Iv1.app',
      client_secret: 'shh',
    })
    const session = await createSession(
      t,
      { provider: 'github-app', tenant_id: 'acme', params: { app_slug: 'my-app' } },
      { path: '/install-sessions' },
    )
    const location = new URL((await t.req('GET', new URL(session.url).pathname)).headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('https://github.com/apps/my-app/installations/new')
    expect(location.searchParams.get('state')).toBeTruthy()
  })

  it("the provider's callback with installation_id creates the installation with that external id", async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github-app',
      client_id: 'Iv1.app',
      client_secret: 'shh',
    })
    const session = await createSession(
      t,
      {
        provider: 'github-app',
        tenant_id: 'acme',
        params: { app_slug: 'my-app' },
        redirect_url: 'https://app.example/done',
      },
      { path: '/install-sessions' },
    )
    const state = new URL(
      (await t.req('GET', new URL(session.url).pathname)).headers.get('location')!,
    ).searchParams.get('state')!
    const res = await t.req('GET', `/oauth/callback?installation_id=4242&setup_action=install&state=${state}`)
    const id = new URL(res.headers.get('location')!).searchParams.get('installation_id')!
    expect(t.core.installations.get(t.workspaceId, id)).toMatchObject({
      external_id: '4242',
      mode: 'real',
      status: 'active',
    })
  })

  it('a real-mode install session without the {app_slug} param is a 400 pointing at it', async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github-app',
      client_id: 'Iv1.app',
      client_secret: 'shh',
    })
    const res = await t.req('POST', '/install-sessions', {
      key: t.publishableKey,
      body: { provider: 'github-app', tenant_id: 'acme' },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/params/app_slug')
  })

  it('a real-mode install session for an OAuth-only provider is a 400 pointing at /provider', async () => {
    t.core.providerConfigs.create(t.workspaceId, {
      provider: 'github',
      client_id: 'id',
      client_secret: 'shh',
    })
    const res = await t.req('POST', '/install-sessions', {
      key: t.publishableKey,
      body: { provider: 'github', tenant_id: 'acme' },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/provider')
  })
})

describe('search, get and revoke', () => {
  it('POST /api/installations/search filters by tenant_id and status', async () => {
    await install('approve', { tenant_id: 'acme' })
    await install('approve', { tenant_id: 'globex' })
    const page = await (
      await api('POST', '/api/installations/search', {
        filter: { tenant_id: { eq: 'globex' }, status: { eq: 'active' } },
      })
    ).json()
    expect(page.data.map((i: { tenant_id: string }) => i.tenant_id)).toEqual(['globex'])
  })

  it('DELETE revokes (uninstalls, 204) and records installation.revoked; a second DELETE is 204 and records nothing', async () => {
    const id = (await install()).params.get('installation_id')!
    const res = await api('DELETE', `/api/installations/${id}`)
    expect(res.status).toBe(204)
    expect((await (await api('GET', `/api/installations/${id}`)).json()).status).toBe('revoked')
    expect(eventsOf(t, 'installation.revoked')).toHaveLength(1)
    expect((await api('DELETE', `/api/installations/${id}`)).status).toBe(204)
    expect(eventsOf(t, 'installation.revoked')).toHaveLength(1)
  })

  it('an unknown id is a 404 for GET and DELETE', async () => {
    expect((await api('GET', '/api/installations/inst_nope')).status).toBe(404)
    expect((await api('DELETE', '/api/installations/inst_nope')).status).toBe(404)
  })

  it('a search filter on an unknown field is a 400 naming the allowed ones', async () => {
    const res = await api('POST', '/api/installations/search', { filter: { secret: { eq: 'x' } } })
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].detail).toContain('tenant_id')
  })
})

describe('bad input to POST /install-sessions is refused and stores nothing', () => {
  const cases: Array<[string, unknown, number]> = [
    ['a missing provider', { tenant_id: 'acme' }, 400],
    ['an unknown provider', { provider: 'nope', tenant_id: 'acme' }, 400],
    ['a missing tenant_id', { provider: 'github-app' }, 400],
    [
      'a data: redirect_url',
      { provider: 'github-app', tenant_id: 'acme', redirect_url: 'data:text/html,x' },
      400,
    ],
    [
      'a connection_id (auth sessions only)',
      { provider: 'github-app', tenant_id: 'acme', connection_id: 'c' },
      400,
    ],
    ['an array body', [], 400],
  ]
  for (const [name, body, status] of cases) {
    it(`${name} → ${status}`, async () => {
      const res = await t.req('POST', '/install-sessions', { key: t.publishableKey, body })
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(count(t, 'sessions')).toBe(0)
    })
  }
})
