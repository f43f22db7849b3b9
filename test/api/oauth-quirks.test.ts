import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type Gateway, startGateway } from '../helpers/real-connect.js'
import { type StrictOAuthServer, startStrictOAuthServer } from '../helpers/strict-oauth-server.js'

/**
 * Providers' documented quirks, declared in the catalog, against a strict local server that
 * enforces each one. Every catalog entry under test is copied into a custom provider whose URLs
 * point at the local server, so the catalog's own declaration is what is exercised.
 */
const CLIENT_ID = 'quirks-client'
const CLIENT_SECRET = 'quirks-secret-51c0'

let gateway: Gateway
let server: StrictOAuthServer

beforeAll(async () => {
  gateway = await startGateway()
  server = await startStrictOAuthServer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    method: 'client_secret_basic',
  })
  server.register([gateway.callbackUrl])
})

afterAll(async () => {
  await gateway.close()
  await server.close()
})

/** Copies catalog provider `id` onto the local server as `<id>-local`, with a real-mode config. */
async function localCopy(id: string, config: Record<string, unknown> = {}) {
  const res = await fetch(`${gateway.server.url}/providers/${id}`)
  const catalog = (await res.json()) as { name: string; auth: Record<string, unknown>; placeholders: unknown }
  const local = `${id}-local`
  const created = await gateway.api('POST', '/api/providers', {
    id: local,
    name: `${catalog.name} (local)`,
    auth: { ...catalog.auth, authorization_url: server.authorizationUrl, token_url: server.tokenUrl },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const cfg = await gateway.api('POST', '/api/provider-configs', {
    provider: local,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    ...config,
  })
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(201)
  return local
}

/** Sets the server's demands for one test (everything else back to plain). */
const demand = (changes: Parameters<StrictOAuthServer['set']>[0]) =>
  server.set({
    method: 'client_secret_basic',
    requiredAuthorizationParams: {},
    requiredTokenParams: {},
    shape: undefined,
    ...changes,
  })

const connection = async (result: URLSearchParams) => {
  const id = result.get('connection_id')
  expect(result.get('error_description')).toBeNull()
  expect(id).toMatch(/^conn_/)
  return (await gateway.api('GET', `/api/connections/${id}`)).body as {
    id: string
    scopes: string[]
    metadata: Record<string, unknown>
  }
}

describe('authorization parameters the provider refuses to go without', () => {
  it('Jira: audience=api.atlassian.com and prompt=consent, client_secret_post at the token endpoint', async () => {
    demand({
      method: 'client_secret_post',
      requiredAuthorizationParams: { audience: 'api.atlassian.com', prompt: 'consent' },
    })
    const { result } = await gateway.connect({ provider: await localCopy('jira') })
    await connection(result)
  })

  it('the same server refuses a provider that does not send them (the quirk is really enforced)', async () => {
    demand({ requiredAuthorizationParams: { audience: 'api.atlassian.com', prompt: 'consent' } })
    await gateway.api('POST', '/api/providers', {
      id: 'atlassian-bare',
      name: 'Atlassian bare',
      auth: { type: 'oauth2', authorization_url: server.authorizationUrl, token_url: server.tokenUrl },
    })
    await gateway.api('POST', '/api/provider-configs', {
      provider: 'atlassian-bare',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    })
    const { result } = await gateway.connect({ provider: 'atlassian-bare' })
    expect(result.get('error')).toBe('invalid_request')
    expect(result.get('error_description')).toContain('audience=api.atlassian.com is required')
  })

  it('a provider config can add the parameters a custom provider lacks', async () => {
    demand({ requiredAuthorizationParams: { audience: 'api.atlassian.com', prompt: 'consent' } })
    await gateway.api('POST', '/api/providers', {
      id: 'atlassian-configured',
      name: 'Atlassian configured',
      auth: { type: 'oauth2', authorization_url: server.authorizationUrl, token_url: server.tokenUrl },
    })
    await gateway.api('POST', '/api/provider-configs', {
      provider: 'atlassian-configured',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      authorization_params: { audience: 'api.atlassian.com', prompt: 'consent' },
    })
    const { result } = await gateway.connect({ provider: 'atlassian-configured' })
    await connection(result)
  })

  it('Google: access_type=offline and prompt=consent, so a refresh token is issued', async () => {
    demand({ requiredAuthorizationParams: { access_type: 'offline', prompt: 'consent' } })
    const { result } = await gateway.connect({ provider: await localCopy('google-drive') })
    const conn = await connection(result)
    const refreshed = await gateway.api('POST', `/api/connections/${conn.id}/refresh`)
    expect(refreshed.status).toBe(200)
  })

  it('Notion: owner=user; its workspace and owner land in the connection metadata', async () => {
    demand({
      requiredAuthorizationParams: { owner: 'user' },
      shape: (t) => ({
        ...t,
        bot_id: 'bot-7d1',
        workspace_id: 'ws-91c',
        workspace_name: 'Acme HQ',
        owner: { type: 'user', user: { object: 'user', id: 'user-44e' } },
      }),
    })
    const { result } = await gateway.connect({ provider: await localCopy('notion') })
    expect((await connection(result)).metadata).toEqual({
      bot_id: 'bot-7d1',
      workspace_id: 'ws-91c',
      workspace_name: 'Acme HQ',
      user_id: 'user-44e',
    })
  })

  it('Dropbox: token_access_type=offline; account_id lands in the metadata', async () => {
    demand({
      requiredAuthorizationParams: { token_access_type: 'offline' },
      shape: (t) => ({ ...t, account_id: 'dbid:AAH4f99', uid: '12345' }),
    })
    const { result } = await gateway.connect({ provider: await localCopy('dropbox') })
    expect((await connection(result)).metadata).toEqual({ account_id: 'dbid:AAH4f99' })
  })

  it('token_params are sent with the code exchange and with every refresh', async () => {
    demand({ requiredTokenParams: { resource: 'https://api.example' } })
    await gateway.api('POST', '/api/providers', {
      id: 'needs-resource',
      name: 'Needs resource',
      auth: {
        type: 'oauth2',
        authorization_url: server.authorizationUrl,
        token_url: server.tokenUrl,
        token_params: { resource: 'https://api.example' },
      },
    })
    await gateway.api('POST', '/api/provider-configs', {
      provider: 'needs-resource',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    })
    const conn = await connection((await gateway.connect({ provider: 'needs-resource' })).result)
    expect((await gateway.api('POST', `/api/connections/${conn.id}/refresh`)).status).toBe(200)
    expect(server.tokenRequests.at(-1)!.form).toMatchObject({
      grant_type: 'refresh_token',
      resource: 'https://api.example',
    })
  })
})

describe('token responses that are not RFC 6749 shaped', () => {
  /** Slack v2 with only user scopes: no top-level token, the user token under authed_user. */
  const slackShape = (t: Record<string, unknown>) => ({
    ok: true,
    app_id: 'A0KRD7HC3',
    authed_user: {
      id: 'U1234',
      scope: 'chat:write,users:read',
      access_token: t.access_token,
      refresh_token: t.refresh_token,
      expires_in: 43200,
      token_type: 'user',
    },
    team: { id: 'T9TK3CUKW', name: 'Slack Softworks' },
    enterprise: null,
    is_enterprise_install: false,
  })

  let slack: { id: string; scopes: string[]; metadata: Record<string, unknown> }

  beforeAll(async () => {
    demand({ shape: slackShape })
    const { result } = await gateway.connect({ provider: await localCopy('slack') })
    slack = await connection(result)
  })

  it('Slack: a user token under authed_user connects; team, user and app ids land in the metadata', () => {
    expect(slack.metadata).toEqual({
      team_id: 'T9TK3CUKW',
      team_name: 'Slack Softworks',
      user_id: 'U1234',
      app_id: 'A0KRD7HC3',
    })
  })

  it('Slack: the granted scopes are the ones authed_user reports (comma separated)', () => {
    expect(slack.scopes).toEqual(['chat:write', 'users:read'])
  })

  it('Slack: the nested token is the one stored (a refresh uses the nested refresh token)', async () => {
    demand({ shape: slackShape })
    expect((await gateway.api('POST', `/api/connections/${slack.id}/refresh`)).status).toBe(200)
    const refresh = server.tokenRequests.at(-1)!.form
    expect(refresh.grant_type).toBe('refresh_token')
    expect(server.issued).toContain(refresh.refresh_token)
  })

  it('Slack: {ok:false} with HTTP 200 is the refusal it is', async () => {
    demand({ shape: () => ({ ok: false, error: 'invalid_code' }) })
    const { result } = await gateway.connect({ provider: 'slack-local' })
    expect(result.get('error')).toBe('token_exchange_failed')
    expect(result.get('error_description')).toContain('invalid_code')
  })

  it('search finds the connection by a metadata field and returns metadata with fields', async () => {
    const res = await gateway.api('POST', '/api/connections/search', {
      filter: { team_id: { eq: 'T9TK3CUKW' } },
      fields: ['id', 'metadata'],
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { id: slack.id, created_at: expect.any(String), metadata: slack.metadata },
    ])
  })

  it('Salesforce: instance_url and the identity URL land in the metadata, and a refresh updates them', async () => {
    demand({
      method: 'client_secret_post',
      shape: (t) => ({
        ...t,
        instance_url: 'https://acme.my.salesforce.com',
        id: 'https://login.salesforce.com/id/00D/005',
      }),
    })
    const conn = await connection((await gateway.connect({ provider: await localCopy('salesforce') })).result)
    expect(conn.metadata).toEqual({
      instance_url: 'https://acme.my.salesforce.com',
      identity_url: 'https://login.salesforce.com/id/00D/005',
    })
    demand({
      method: 'client_secret_post',
      shape: (t) => ({ ...t, instance_url: 'https://acme2.my.salesforce.com' }),
    })
    const refreshed = await gateway.api('POST', `/api/connections/${conn.id}/refresh`)
    expect(refreshed.body.metadata).toMatchObject({ instance_url: 'https://acme2.my.salesforce.com' })
  })
})

describe('metadata never holds a token', () => {
  it('a provider cannot declare a token field as metadata (400, nothing stored)', async () => {
    const res = await gateway.api('POST', '/api/providers', {
      id: 'leaky',
      name: 'Leaky',
      auth: {
        type: 'oauth2',
        authorization_url: server.authorizationUrl,
        token_url: server.tokenUrl,
        token_response: { metadata: { user_token: { path: 'authed_user.access_token', example: 'x' } } },
      },
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('token_response')
    expect((await gateway.api('GET', '/api/providers/leaky')).status).toBe(404)
  })

  it('objects holding tokens, and values equal to a token, are not kept', async () => {
    demand({
      shape: (t) => ({ ...t, authed_user: { id: 'U1', access_token: 'xoxp-secret' }, echo: t.access_token }),
    })
    await gateway.api('POST', '/api/providers', {
      id: 'sneaky',
      name: 'Sneaky',
      auth: {
        type: 'oauth2',
        authorization_url: server.authorizationUrl,
        token_url: server.tokenUrl,
        token_response: {
          metadata: {
            user: { path: 'authed_user', example: 'x' },
            echo: { path: 'echo', example: 'x' },
            user_id: { path: 'authed_user.id', example: 'U0' },
          },
        },
      },
    })
    await gateway.api('POST', '/api/provider-configs', {
      provider: 'sneaky',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    })
    const conn = await connection((await gateway.connect({ provider: 'sneaky' })).result)
    expect(conn.metadata).toEqual({ user_id: 'U1' })
    const text = JSON.stringify(conn)
    for (const token of [...server.issued, 'xoxp-secret']) expect(text).not.toContain(token)
  })
})

describe('simulated connections get the same metadata, with plausible values', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a simulated Salesforce connection has an instance_url', async () => {
    const { params } = await simulatedFlow(t, { provider: 'salesforce', tenant_id: 'acme' })
    const res = await t.req('GET', `/api/connections/${params.get('connection_id')}`, { key: t.secretKey })
    const body = await res.json()
    expect(body.metadata.instance_url).toMatch(/^https:\/\/[a-z0-9-]+\.my\.salesforce\.com$/)
  })

  it('a simulated Slack connection has a team_id', async () => {
    const { params } = await simulatedFlow(t, { provider: 'slack', tenant_id: 'acme' })
    const res = await t.req('GET', `/api/connections/${params.get('connection_id')}`, { key: t.secretKey })
    expect((await res.json()).metadata.team_id).toMatch(/^T[A-Z0-9]+$/)
  })
})

describe('overrides on provider configs and API fields on custom providers', () => {
  it('a config keeps api_base_url and authorization_params, and null goes back to the provider’s', async () => {
    const created = await gateway.api('POST', '/api/provider-configs', {
      provider: 'zendesk',
      api_base_url: 'https://{subdomain}.zendesk-staging.example/api/v2',
      authorization_params: { prompt: 'login' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      api_base_url: 'https://{subdomain}.zendesk-staging.example/api/v2',
      authorization_params: { prompt: 'login' },
      token_params: null,
      token_endpoint_auth_method: null,
    })
    const cleared = await gateway.api('PATCH', `/api/provider-configs/${created.body.id}`, {
      api_base_url: null,
      authorization_params: null,
    })
    expect(cleared.body).toMatchObject({ api_base_url: null, authorization_params: null })
  })

  it('a parameter the gateway sets itself, or a non-http API base, is a 400 and changes nothing', async () => {
    const created = await gateway.api('POST', '/api/provider-configs', { provider: 'zendesk' })
    const id = created.body.id as string
    const reserved = await gateway.api('PATCH', `/api/provider-configs/${id}`, {
      authorization_params: { redirect_uri: 'https://evil.example/cb' },
    })
    expect(reserved.status).toBe(400)
    expect(JSON.stringify(reserved.body)).toContain('authorization_params')
    const ftp = await gateway.api('PATCH', `/api/provider-configs/${id}`, { api_base_url: 'ftp://x.example' })
    expect(ftp.status).toBe(400)
    const after = await gateway.api('GET', `/api/provider-configs/${id}`)
    expect(after.body).toMatchObject({ authorization_params: null, api_base_url: null })
  })

  it('a custom provider keeps its api and placeholders', async () => {
    const created = await gateway.api('POST', '/api/providers', {
      id: 'acme-api',
      name: 'Acme API',
      auth: { type: 'oauth2', authorization_url: server.authorizationUrl, token_url: server.tokenUrl },
      api: { base_url: 'https://{region}.acme.test/v1' },
      placeholders: { region: { source: 'params', description: 'The data region, e.g. eu.' } },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const got = await gateway.api('GET', '/api/providers/acme-api')
    expect(got.body).toMatchObject({
      api: { base_url: 'https://{region}.acme.test/v1' },
      placeholders: { region: { source: 'params' } },
    })
  })
})

describe('placeholders inside scopes (Dynamics 365 names the org host in its scope)', () => {
  const SCOPE = 'https://{subdomain}.crm.example/user_impersonation'

  beforeAll(async () => {
    await gateway.api('POST', '/api/providers', {
      id: 'dynamics-local',
      name: 'Dynamics local',
      auth: {
        type: 'oauth2',
        authorization_url: server.authorizationUrl,
        token_url: server.tokenUrl,
        scopes: [SCOPE],
      },
      placeholders: { subdomain: { source: 'params', description: 'The org name.' } },
    })
    await gateway.api('POST', '/api/provider-configs', {
      provider: 'dynamics-local',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    })
  })

  it('the scope is sent with the session params filled in', async () => {
    demand({ requiredAuthorizationParams: { scope: 'https://acme.crm.example/user_impersonation' } })
    const { result } = await gateway.connect({ provider: 'dynamics-local', params: { subdomain: 'acme' } })
    await connection(result)
  })

  it('a session without the param is a 400 naming it', async () => {
    const res = await fetch(`${gateway.server.url}/auth-sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${gateway.server.firstRun!.keys.find((k) => k.role === 'publishable')!.key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ provider: 'dynamics-local', tenant_id: 'acme' }),
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('/params/subdomain')
  })
})
