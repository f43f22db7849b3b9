import { Client as HubSpot } from '@hubspot/api-client'
import { throttling } from '@octokit/plugin-throttling'
import { Octokit } from '@octokit/rest'
import { ErrorCode, LogLevel, WebClient } from '@slack/web-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'
import { stripeThroughGateway } from './stripe-client.js'

/**
 * The gateway's own errors on /proxy (a bad key, a connection it cannot use, nothing that answers,
 * its own rate limit), as the official SDKs surface them: in the provider's dialect, with the
 * problem still readable in the body's `switchyard` member.
 */
const data = tempDir('switchyard-gateway-errors-')
let server: RunningServer
let key: string
let revokedKey: string
const conns: Record<string, string> = {}
const QUIET = { debug() {}, info() {}, warn() {}, error() {} }
const MISSING = 'conn_doesnotexist'

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

/** The error a call fails with (the test fails if it succeeds). */
const failure = <E = Record<string, unknown>>(call: Promise<unknown>): Promise<E> =>
  call.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (err: E) => err,
  )

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  for (const provider of ['github', 'slack', 'hubspot', 'stripe', 'trello'])
    conns[provider] = await simulatedConnect(server, provider, 'acme')
  const created = (await (await api('POST', '/api/api-keys', { name: 'old', role: 'secret' })).json()) as {
    id: string
    key: string
  }
  expect((await api('DELETE', `/api/api-keys/${created.id}`)).status).toBeLessThan(300)
  revokedKey = created.key
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

type OctokitError = {
  name: string
  status: number
  message: string
  response: { headers: Record<string, string>; data: { message: string; switchyard: { code: string } } }
}
const octokit = (conn: string, auth = key) =>
  new Octokit({ baseUrl: `${server.url}/proxy/${conn}`, auth, log: QUIET })

describe('Octokit', () => {
  it('an unknown key is a RequestError 401 with the gateway’s message, not "Unknown error"', async () => {
    const err = await failure<OctokitError>(octokit(conns.github!, 'sk_nope').rest.users.getAuthenticated())
    expect(err.name).toBe('HttpError')
    expect(err.status).toBe(401)
    expect(err.response.headers['content-type']).toMatch(/^application\/json/)
    expect(err.response.data.message).toMatch(/key/i)
    expect(err.message).toContain(err.response.data.message)
    expect(err.response.data).toMatchObject({ documentation_url: expect.any(String) })
    expect(err.response.data.switchyard).toMatchObject({ code: 'unauthorized', status: 401 })
  })

  it('a revoked key is a 401 whose switchyard member says api_key_revoked', async () => {
    const err = await failure<OctokitError>(octokit(conns.github!, revokedKey).rest.users.getAuthenticated())
    expect(err.status).toBe(401)
    expect(err.response.data.switchyard.code).toBe('api_key_revoked')
  })

  it('a connection that does not exist is a 404 in GitHub’s shape', async () => {
    const err = await failure<OctokitError>(octokit(MISSING).rest.users.getAuthenticated())
    expect(err.status).toBe(404)
    expect(err.response.data.switchyard.code).toBe('not_found')
  })

  it('nothing that answers (simulation_unavailable) is GitHub’s 404, the 501 problem kept', async () => {
    const err = await failure<OctokitError>(octokit(conns.github!).rest.gists.list())
    expect(err.status).toBe(404)
    expect(err.response.headers['switchyard-proxy-mode']).toBe('simulated')
    expect(err.response.data.switchyard).toMatchObject({ code: 'simulation_unavailable', status: 501 })
  })

  it('a connection needing re-authorization is a 409 with the problem’s detail as its message', async () => {
    const conn = await simulatedConnect(server, 'github', 'reauth')
    expect((await api('POST', `/api/connections/${conn}/faults`, { kind: 'revoke_access' })).status).toBe(201)
    const first = await failure<OctokitError>(octokit(conn).rest.users.getAuthenticated())
    expect(first.response.data.message).toBe('Bad credentials')
    const err = await failure<OctokitError>(octokit(conn).rest.users.getAuthenticated())
    expect(err.status).toBe(409)
    expect(err.response.data.switchyard.code).toBe('needs_reauth')
    expect(err.message).toContain('re-authoriz')
  })
})

describe('Octokit on a real GitHub connection (live and replay modes)', () => {
  // The OAuth connect itself needs github.com: the connection is made in process, with a token the
  // provider never sees (the API base points at a closed port, or replay mode sends nothing).
  const realConnection = async (config: Record<string, unknown>) => {
    const created = await api('POST', '/api/provider-configs', { provider: 'github', ...config })
    expect(created.status).toBe(201)
    const cfg = (await created.json()) as { id: string }
    const workspace = server.core.workspaces.get('default')
    return server.core.connections.create(workspace.id, {
      provider: 'github',
      provider_config_id: cfg.id,
      tenant_id: `real-${cfg.id}`,
      mode: 'real',
      params: {},
      requested_scopes: [],
      tokens: { access_token: 'gho_not_sent', token_type: 'bearer', expires_in: 3600 },
      session_id: 'sess_in_process',
    }).id
  }

  it('an unreachable provider (live) is a 502 RequestError, upstream_error in switchyard', async () => {
    const conn = await realConnection({ name: 'down', api_base_url: 'http://127.0.0.1:9' })
    const err = await failure<OctokitError>(octokit(conn).rest.users.getAuthenticated())
    expect(err.status).toBe(502)
    expect(err.response.headers['content-type']).toMatch(/^application\/json/)
    expect(err.response.data.switchyard.code).toBe('upstream_error')
  })

  it('no recording (replay) is a 404 RequestError, recording_not_found in switchyard', async () => {
    const conn = await realConnection({ name: 'replayed', proxy_mode: 'replay' })
    const err = await failure<OctokitError>(octokit(conn).rest.users.getAuthenticated())
    expect(err.status).toBe(404)
    expect(err.response.headers['switchyard-proxy-mode']).toBe('replay')
    expect(err.response.data.switchyard.code).toBe('recording_not_found')
  })
})

describe('Slack WebClient with its default retry policy', () => {
  const slack = (conn: string, token = key) =>
    new WebClient(token, { slackApiUrl: `${server.url}/proxy/${conn}/`, logLevel: LogLevel.ERROR })
  type SlackError = { code: string; data: { ok: boolean; error: string; switchyard: { code: string } } }

  it.each([
    ['an unknown key', () => slack(conns.slack!, 'sk_nope'), 'invalid_auth', 'unauthorized'],
    ['a revoked key', () => slack(conns.slack!, revokedKey), 'token_revoked', 'api_key_revoked'],
    ['a connection that does not exist', () => slack(MISSING), 'invalid_auth', 'not_found'],
  ])(
    '%s is an ok:false platform error thrown at once',
    { timeout: 20_000 },
    async (_, client, error, code) => {
      const err = await failure<SlackError>(client().auth.test())
      expect(err.code).toBe(ErrorCode.PlatformError)
      expect(err.data).toMatchObject({ ok: false, error, switchyard: { code } })
    },
  )

  it('a revoked connection is account_inactive', { timeout: 20_000 }, async () => {
    const conn = await simulatedConnect(server, 'slack', 'gone')
    expect((await api('DELETE', `/api/connections/${conn}`)).status).toBeLessThan(300)
    const err = await failure<SlackError>(slack(conn).auth.test())
    expect(err.code).toBe(ErrorCode.PlatformError)
    expect(err.data).toMatchObject({ error: 'account_inactive', switchyard: { code: 'connection_revoked' } })
  })
})

type HubSpotError = {
  code: number
  headers: Record<string, string>
  body: Record<string, unknown> & { switchyard: { code: string } }
}
const hubspot = (conn = conns.hubspot!) =>
  new HubSpot({ accessToken: key, basePath: `${server.url}/proxy/${conn}`, numberOfApiCallRetries: 0 })

describe('@hubspot/api-client', () => {
  it('a revoked connection is an ApiException 409 in HubSpot’s error shape', async () => {
    const conn = await simulatedConnect(server, 'hubspot', 'gone')
    expect((await api('DELETE', `/api/connections/${conn}`)).status).toBeLessThan(300)
    const err = await failure<HubSpotError>(hubspot(conn).crm.contacts.basicApi.getPage())
    expect(err.code).toBe(409)
    expect(err.body).toMatchObject({
      status: 'error',
      category: 'CONFLICT',
      correlationId: expect.any(String),
      message: expect.stringMatching(/revoked/i),
      switchyard: { code: 'connection_revoked' },
    })
  })

  it('nothing that answers is a 404 OBJECT_NOT_FOUND, the problem kept', async () => {
    const err = await failure<HubSpotError>(hubspot().crm.deals.basicApi.getPage())
    expect(err.code).toBe(404)
    expect(err.body).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      switchyard: { code: 'simulation_unavailable' },
    })
  })
})

describe('stripe', () => {
  type StripeError = { type: string; statusCode: number; message: string; raw: Record<string, unknown> }

  it('an unknown key is a StripeAuthenticationError with the gateway’s message', async () => {
    const stripe = stripeThroughGateway(server, conns.stripe!, 'sk_nope')
    const err = await failure<StripeError>(stripe.customers.list())
    expect(err.type).toBe('StripeAuthenticationError')
    expect(err.statusCode).toBe(401)
    expect(err.message).toMatch(/key/i)
  })

  it('nothing that answers is a StripeInvalidRequestError 404', async () => {
    const err = await failure<StripeError>(stripeThroughGateway(server, conns.stripe!).products.list())
    expect(err.type).toBe('StripeInvalidRequestError')
    expect(err.statusCode).toBe(404)
    expect(err.message).toMatch(/Nothing answers/)
  })
})

describe('what stays problem+json', () => {
  const OCTOKIT_UA = 'octokit-rest.js/22.0.0 octokit-core.js/7.0.0 Node.js/24'
  const get = (path: string, auth: string, ua = 'curl/8') =>
    fetch(`${server.url}${path}`, { headers: { authorization: auth, 'user-agent': ua } })

  it('/api/* routes, whatever client calls them', async () => {
    const res = await get(`/api/connections/${MISSING}`, `Bearer ${key}`, OCTOKIT_UA)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })

  it('a provider without a kit', async () => {
    const res = await get(`/proxy/${conns.trello}/1/members/me`, `Bearer ${key}`, OCTOKIT_UA)
    expect(res.status).toBe(501)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })

  it('an unknown key from an unrecognised client, whether the connection exists or not', async () => {
    const real = await get(`/proxy/${conns.github}/user`, 'Bearer sk_nope')
    const missing = await get(`/proxy/${MISSING}/user`, 'Bearer sk_nope')
    for (const res of [real, missing]) {
      expect(res.status).toBe(401)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
    }
    const { instance: _a, ...a } = await real.json()
    const { instance: _b, ...b } = await missing.json()
    expect(a).toEqual(b)
  })
})

// Last: it spends the workspace's whole rate limit.
describe('the gateway’s own rate limit', () => {
  const exhaust = () => server.core.workspaces.setTier('default', 'enterprise', 1)
  const restore = () => server.core.workspaces.setTier('default', 'enterprise', 1_000_000)

  it('Octokit’s throttling plugin reads Retry-After from a secondary-rate-limit 429 and does not loop', async () => {
    const Throttled = Octokit.plugin(throttling)
    const seen: number[] = []
    const client = new Throttled({
      baseUrl: `${server.url}/proxy/${conns.github}`,
      auth: key,
      log: QUIET,
      throttle: {
        onRateLimit: () => false,
        onSecondaryRateLimit: (retryAfter: number) => {
          seen.push(retryAfter)
          return false
        },
      },
    })
    exhaust()
    try {
      const err = await failure<OctokitError>(client.rest.users.getAuthenticated())
      expect(err.status).toBe(429)
      const retryAfter = Number(err.response.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(0)
      expect(seen).toEqual([retryAfter])
      expect(err.response.data.switchyard.code).toBe('rate_limited')
    } finally {
      restore()
    }
  })

  it('@hubspot/api-client gets a 429 RATE_LIMITS ApiException with Retry-After', async () => {
    exhaust()
    try {
      const err = await failure<HubSpotError>(hubspot().crm.contacts.basicApi.getPage())
      expect(err.code).toBe(429)
      expect(Number(err.headers['retry-after'])).toBeGreaterThan(0)
      expect(err.body).toMatchObject({ category: 'RATE_LIMITS', switchyard: { code: 'rate_limited' } })
    } finally {
      restore()
    }
  })

  it('Slack’s WebClient gets a 429 with Retry-After: a rate-limited error', async () => {
    const client = new WebClient(key, {
      slackApiUrl: `${server.url}/proxy/${conns.slack}/`,
      rejectRateLimitedCalls: true,
      logLevel: LogLevel.ERROR,
    })
    exhaust()
    try {
      const err = await failure<{ code: string; retryAfter: number }>(client.auth.test())
      expect(err.code).toBe(ErrorCode.RateLimitedError)
      expect(err.retryAfter).toBeGreaterThan(0)
      // The body WebClient does not read is Slack's too.
      const raw = await fetch(`${server.url}/proxy/${conns.slack}/auth.test`, {
        headers: { authorization: `Bearer ${key}` },
      })
      expect(raw.status).toBe(429)
      expect(await raw.json()).toMatchObject({ ok: false, error: 'ratelimited' })
    } finally {
      restore()
    }
  })
})
