import type { IncomingMessage } from 'node:http'
import { format } from 'node:util'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import { s256Challenge } from '../../src/core/oauth/pkce.js'
import { CreateProviderSchema } from '../../src/core/providers/providers.schema.js'
import { type RunningServer, startServer } from '../../src/server/index.js'
import { dataFolderBytes } from '../helpers/api/oauth-helpers.js'
import { tempDir } from '../helpers/app.js'

/**
 * Real mode end to end: the gateway's OAuth client against a real OAuth 2 server running locally
 * (oauth2-mock-server), reached through a custom provider whose URLs point at it.
 */
const CLIENT_ID = 'switchyard-test-client'
const CLIENT_SECRET = 'cs_9c2f4e7a1b3d5f7e9a1c3e5b7d9f1a3c'
const REDIRECT = 'https://app.example/done'

const data = tempDir()
const clock = createManualClock(Date.now())
const oauthServer = new OAuth2Server()
let server: RunningServer
let publishableKey: string
let secretKey: string
let configId: string
const authorizeRequests: Array<Record<string, string>> = []
const tokenRequests: Array<{ authorization: string | undefined; body: Record<string, string> }> = []
const issuedTokens: string[] = []
const logged: string[] = []
const capture = (...args: unknown[]) => {
  logged.push(format(...args))
}

beforeAll(async () => {
  await oauthServer.issuer.keys.generate('RS256')
  await oauthServer.start(0, '127.0.0.1')
  const port = (oauthServer.address() as { port: number }).port
  oauthServer.issuer.url = `http://127.0.0.1:${port}`
  oauthServer.service.on(
    'beforeAuthorizeRedirect',
    (_uri: unknown, req: IncomingMessage & { query: Record<string, string> }) => {
      authorizeRequests.push({ ...req.query })
    },
  )
  oauthServer.service.on(
    'beforeResponse',
    (res: { body: Record<string, unknown> }, req: IncomingMessage & { body: Record<string, string> }) => {
      tokenRequests.push({ authorization: req.headers.authorization, body: { ...req.body } })
      for (const name of ['access_token', 'refresh_token', 'id_token']) {
        if (typeof res.body[name] === 'string') issuedTokens.push(res.body[name] as string)
      }
    },
  )

  server = await startServer({
    dataDir: data.dir,
    host: '127.0.0.1',
    port: 0,
    clock,
    logger: { error: capture, warn: capture, info: capture },
  })
  server.core.workspaces.setTier('default', 'enterprise', 1_000_000)
  publishableKey = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  secretKey = server.firstRun!.keys.find((k) => k.role === 'secret')!.key
  const workspaceId = server.core.workspaces.get('default').id
  server.core.redirectOrigins.add(workspaceId, new URL(REDIRECT).origin)
  server.core.providers.create(
    workspaceId,
    CreateProviderSchema.parse({
      id: 'local-oauth',
      name: 'Local OAuth',
      auth: {
        type: 'oauth2',
        authorization_url: `${oauthServer.issuer.url}/authorize`,
        token_url: `${oauthServer.issuer.url}/token`,
        scopes: ['read', 'write'],
      },
    }),
  )
  const config = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'local-oauth', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
  })
  configId = (await config.json()).id
})

afterAll(async () => {
  await server.close()
  await oauthServer.stop()
  data.cleanup()
})

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers })
const api = async (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secretKey}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

/** Creates a session and walks the browser's part up to the callback URL the provider redirects to. */
async function toCallback(body: Record<string, unknown> = {}) {
  const created = await fetch(`${server.url}/auth-sessions`, {
    method: 'POST',
    headers: {
      // Re-authorizing a connection_id needs the secret key.
      authorization: `Bearer ${body.connection_id ? secretKey : publishableKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ provider: 'local-oauth', tenant_id: 'acme', redirect_url: REDIRECT, ...body }),
  })
  const session = (await created.json()) as { id: string; url: string }
  const start = await get(session.url)
  const authorize = new URL(start.headers.get('location')!)
  const provider = await get(authorize.href)
  return { session, start, authorize, callback: provider.headers.get('location')! }
}

const connectionIdOf = (res: Response) =>
  new URL(res.headers.get('location')!).searchParams.get('connection_id')

describe('real mode against a local OAuth 2 server', () => {
  let flow: Awaited<ReturnType<typeof toCallback>>
  let finished: Response
  let tokensBefore: number

  beforeAll(async () => {
    tokensBefore = tokenRequests.length
    flow = await toCallback()
    finished = await get(flow.callback)
  })

  it("the session URL redirects straight to the provider's authorization_url", () => {
    expect(flow.start.status).toBe(302)
    expect(`${flow.authorize.origin}${flow.authorize.pathname}`).toBe(`${oauthServer.issuer.url}/authorize`)
  })

  it('the authorization request uses PKCE S256 and carries client_id, redirect_uri, scope and a state', () => {
    const query = authorizeRequests.at(-1)!
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${server.url}/oauth/callback`,
      scope: 'read write',
      code_challenge_method: 'S256',
    })
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(query.state!.length).toBeGreaterThanOrEqual(32)
  })

  it('the provider returns the same state to the callback', () => {
    expect(new URL(flow.callback).searchParams.get('state')).toBe(authorizeRequests.at(-1)!.state)
  })

  it('the code exchange proves the PKCE verifier: SHA-256 of code_verifier is the code_challenge', () => {
    expect(tokenRequests.length).toBe(tokensBefore + 1)
    const exchange = tokenRequests.at(-1)!
    expect(exchange.body.grant_type).toBe('authorization_code')
    expect(s256Challenge(exchange.body.code_verifier!)).toBe(authorizeRequests.at(-1)!.code_challenge)
  })

  it('the client authenticates with HTTP Basic client_id:client_secret, never the secret in the body', () => {
    const exchange = tokenRequests.at(-1)!
    const expected = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')
    expect(exchange.authorization).toBe(`Basic ${expected}`)
    expect(JSON.stringify(exchange.body)).not.toContain(CLIENT_SECRET)
    expect(exchange.body.redirect_uri).toBe(`${server.url}/oauth/callback`)
  })

  it('the callback redirects to redirect_url with connection_id, and the connection is active in real mode', async () => {
    expect(finished.status).toBe(302)
    expect(finished.headers.get('cache-control')).toBe('no-store')
    expect(finished.headers.get('referrer-policy')).toBe('no-referrer')
    const id = connectionIdOf(finished)!
    const connection = await (await api('GET', `/api/connections/${id}`)).json()
    expect(connection).toMatchObject({
      status: 'active',
      mode: 'real',
      provider: 'local-oauth',
      provider_config_id: configId,
    })
  })

  it('replaying the callback is a 400 and makes no token request', async () => {
    const before = tokenRequests.length
    const replay = await get(flow.callback)
    expect(replay.status).toBe(400)
    expect((await replay.json()).code).toBe('invalid_state')
    expect(tokenRequests.length).toBe(before)
  })

  it('refresh uses the refresh token with client authentication and keeps the connection active', async () => {
    const id = connectionIdOf(finished)!
    clock.advance(1_000)
    const res = await api('POST', `/api/connections/${id}/refresh`)
    expect(res.status).toBe(200)
    expect((await res.json()).last_refreshed_at).toBe(new Date(clock.now()).toISOString())
    const request = tokenRequests.at(-1)!
    expect(request.body.grant_type).toBe('refresh_token')
    expect(request.authorization).toMatch(/^Basic /)
  })

  it('a data folder scan finds none of the tokens the provider issued, nor the client secret', async () => {
    expect(issuedTokens.length).toBeGreaterThanOrEqual(3)
    server.core.db.pragma('wal_checkpoint(TRUNCATE)')
    const bytes = dataFolderBytes(data.dir)
    for (const token of [...issuedTokens, CLIENT_SECRET])
      expect(bytes.includes(token), token.slice(0, 12)).toBe(false)
  })
})

describe('real mode: failures', () => {
  it('a forged state is a 400 and no token request is made', async () => {
    const { callback } = await toCallback()
    const before = tokenRequests.length
    const forged = new URL(callback)
    forged.searchParams.set('state', 'attacker-chosen-state')
    const res = await get(forged.href)
    expect(res.status).toBe(400)
    expect(tokenRequests.length).toBe(before)
  })

  it('an expired state (manual clock past 15 minutes) is a 400 and no token request is made', async () => {
    const { callback } = await toCallback()
    const before = tokenRequests.length
    clock.advance(15 * 60_000)
    const res = await get(callback)
    expect(res.status).toBe(400)
    expect((await res.json()).detail).toContain('expired')
    expect(tokenRequests.length).toBe(before)
  })

  it('of two concurrent uses of one state exactly one succeeds, with one token request', async () => {
    const { callback } = await toCallback()
    const before = tokenRequests.length
    const results = await Promise.all([get(callback), get(callback)])
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([302, 400])
    const winner = results.find((r) => r.status === 302)!
    expect(connectionIdOf(winner)).toMatch(/^conn_/)
    expect(tokenRequests.length).toBe(before + 1)
  })

  it('a code the provider refuses ends at redirect_url with error=token_exchange_failed', async () => {
    const { callback } = await toCallback()
    oauthServer.service.once('beforeResponse', (res: { body: unknown; statusCode: number }) => {
      res.body = { error: 'invalid_grant', error_description: 'code already redeemed' }
      res.statusCode = 400
    })
    const res = await get(callback)
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('token_exchange_failed')
    expect(location.searchParams.get('error_description')).toContain('code already redeemed')
  })

  it('a refresh the provider refuses moves the connection to needs_reauth', async () => {
    const { callback } = await toCallback()
    const id = connectionIdOf(await get(callback))!
    oauthServer.service.once('beforeResponse', (res: { body: unknown; statusCode: number }) => {
      res.body = { error: 'invalid_grant', error_description: 'refresh token revoked' }
      res.statusCode = 400
    })
    const body = await (await api('POST', `/api/connections/${id}/refresh`)).json()
    expect(body.status).toBe('needs_reauth')
    expect(body.status_reason).toContain('refresh token revoked')
  })

  it('a provider failing with 503 on refresh is a 502 and the connection stays active', async () => {
    const { callback } = await toCallback()
    const id = connectionIdOf(await get(callback))!
    oauthServer.service.once('beforeResponse', (res: { body: unknown; statusCode: number }) => {
      res.body = { error: 'temporarily_unavailable' }
      res.statusCode = 503
    })
    const res = await api('POST', `/api/connections/${id}/refresh`)
    expect(res.status).toBe(502)
    expect((await res.json()).code).toBe('upstream_error')
    expect((await (await api('GET', `/api/connections/${id}`)).json()).status).toBe('active')
  })

  it('re-authorization through the real provider re-activates the connection', async () => {
    const { callback } = await toCallback()
    const id = connectionIdOf(await get(callback))!
    oauthServer.service.once('beforeResponse', (res: { body: unknown; statusCode: number }) => {
      res.body = { error: 'invalid_grant' }
      res.statusCode = 400
    })
    await api('POST', `/api/connections/${id}/refresh`)
    const again = await toCallback({ connection_id: id })
    const res = await get(again.callback)
    expect(connectionIdOf(res)).toBe(id)
    expect((await (await api('GET', `/api/connections/${id}`)).json()).status).toBe('active')
  })
})

describe('real mode: nothing leaks', () => {
  it('no log line the gateway wrote contains a token or the client secret', () => {
    expect(issuedTokens.length).toBeGreaterThan(0)
    const text = logged.join('\n')
    for (const secret of [...issuedTokens, CLIENT_SECRET]) expect(text).not.toContain(secret)
  })

  it('no event contains a token or the client secret', async () => {
    const res = await api('POST', '/api/events/search', { limit: 200 })
    const text = await res.text()
    expect(JSON.parse(text).data.length).toBeGreaterThan(5)
    for (const secret of [...issuedTokens, CLIENT_SECRET]) expect(text).not.toContain(secret)
  })
})

describe('real mode: the provider config goes away', () => {
  it('a refresh after the config was deleted moves the connection to needs_reauth, without a token request', async () => {
    const { callback } = await toCallback()
    const id = connectionIdOf(await get(callback))!
    expect((await api('DELETE', `/api/provider-configs/${configId}`)).status).toBe(204)
    const before = tokenRequests.length
    const body = await (await api('POST', `/api/connections/${id}/refresh`)).json()
    expect(body.status).toBe('needs_reauth')
    expect(body.status_reason).toContain(configId)
    expect(tokenRequests.length).toBe(before)
  })
})
