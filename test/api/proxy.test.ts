import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { patternBytes, sha256 } from '../helpers/provider-api.js'

/**
 * Credentials and the live proxy against real peers: a strict local OAuth server issues and
 * refreshes the tokens of a real connection, and a local HTTP server stands in for the provider API.
 */
let dp: DataPlane
let gateway: DataPlane['gateway']
let oauth: DataPlane['oauth']
let api: DataPlane['api']
let configId: string

beforeAll(async () => {
  dp = await startDataPlane()
  ;({ gateway, oauth, api, configId } = dp)
})

afterAll(() => dp.close())

const connect = (expiresIn?: number) => dp.connect(expiresIn)
const key = () => dp.secretKey
const pk = () => dp.publishableKey
const proxy: DataPlane['proxy'] = (id, path, init) => dp.proxy(id, path, init)
const credentials = (id: string, query = '', auth = `Bearer ${key()}`) =>
  fetch(`${gateway.server.url}/api/connections/${id}/credentials${query}`, {
    headers: { authorization: auth },
  })
const refreshRequests = () => oauth.tokenRequests.filter((r) => r.form.grant_type === 'refresh_token').length

describe('GET /api/connections/{id}/credentials', () => {
  it('answers the access token, its type, expiry and scopes to a secret key', async () => {
    const id = await connect()
    const res = await credentials(id)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ connection_id: id, provider: 'local-api', mode: 'real', type: 'oauth2' })
    expect(body.token_type).toMatch(/^bearer$/i)
    expect(oauth.issued).toContain(body.access_token)
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now() + 3000_000)
  })

  it('refreshes first when the token expires within 60 s', async () => {
    const id = await connect(30)
    const before = refreshRequests()
    const body = await (await credentials(id)).json()
    expect(refreshRequests()).toBe(before + 1)
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now() + 3000_000)
  })

  it('does not refresh a token with more than 60 s left, unless force_refresh=true', async () => {
    const id = await connect(3600)
    const before = refreshRequests()
    const first = await (await credentials(id)).json()
    expect(refreshRequests()).toBe(before)
    await credentials(id, '?force_refresh=false')
    expect(refreshRequests()).toBe(before)
    const forced = await (await credentials(id, '?force_refresh=true')).json()
    expect(refreshRequests()).toBe(before + 1)
    expect(forced.access_token).not.toBe(first.access_token)
  })

  it('concurrent calls on an expiring token share one token request', async () => {
    const id = await connect(10)
    const before = refreshRequests()
    const answers = await Promise.all(Array.from({ length: 12 }, () => credentials(id).then((r) => r.json())))
    expect(refreshRequests()).toBe(before + 1)
    expect(new Set(answers.map((a) => a.access_token)).size).toBe(1)
  })

  it('a refused refresh moves the connection to needs_reauth and answers 409 needs_reauth', async () => {
    const id = await connect(10)
    oauth.set({ requiredTokenParams: { audience: 'nobody' } })
    const res = await credentials(id)
    oauth.set({ requiredTokenParams: {} })
    expect(res.status).toBe(409)
    expect((await res.json()).code).toBe('needs_reauth')
    expect((await gateway.api('GET', `/api/connections/${id}`)).body.status).toBe('needs_reauth')
    expect((await (await credentials(id)).json()).code).toBe('needs_reauth')
  })

  it('a revoked connection answers 409 connection_revoked', async () => {
    const id = await connect()
    await gateway.api('DELETE', `/api/connections/${id}`)
    const res = await credentials(id)
    expect(res.status).toBe(409)
    expect((await res.json()).code).toBe('connection_revoked')
  })

  it('a publishable key gets 403, another workspace 404, an unknown id 404', async () => {
    const id = await connect()
    expect((await credentials(id, '', `Bearer ${pk()}`)).status).toBe(403)
    const core = gateway.server.core
    const other = core.workspaces.create({ name: 'other-cred', tier: 'enterprise', rpm: 1_000_000 })
    const otherKey = core.apiKeys.create(other.id, { name: 'o', role: 'secret' }).key
    expect((await credentials(id, '', `Bearer ${otherKey}`)).status).toBe(404)
    expect((await credentials('conn_nope')).status).toBe(404)
    expect((await credentials(id, '?force_refresh=maybe')).status).toBe(400)
  })

  it('never puts a token in an event', async () => {
    const id = await connect(10)
    await credentials(id)
    const events = await gateway.api('POST', '/api/events/search', {
      filter: { connection_id: { eq: id } },
      limit: 100,
    })
    const text = JSON.stringify(events.body)
    for (const token of oauth.issued) expect(text).not.toContain(token)
  })
})

describe('/proxy/{connection_id}/{path}, live', () => {
  let id: string
  beforeAll(async () => {
    id = await connect()
  })

  it('forwards method, path, raw query, body and headers, with the token instead of the key', async () => {
    const res = await proxy(id, '/repos/acme/app?b=2&a=1&a=0', {
      method: 'POST',
      body: '{"x":1}',
      headers: {
        'content-type': 'application/json',
        'x-custom': 'yes',
        'switchyard-workspace': 'default',
        connection: 'keep-alive',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('live')
    expect(res.headers.get('x-provider')).toBe('local')
    expect(await res.json()).toEqual({ method: 'POST', url: '/v1/repos/acme/app?b=2&a=1&a=0' })
    const seen = api.seen.at(-1)!
    expect(seen.body.toString()).toBe('{"x":1}')
    expect(seen.headers['x-custom']).toBe('yes')
    expect(seen.headers['switchyard-workspace']).toBeUndefined()
    expect(seen.headers.host).toBe(new URL(api.url).host)
    const token = (await (await credentials(id)).json()).access_token
    expect(seen.headers.authorization).toBe(`Bearer ${token}`)
  })

  it('takes the key as `token sk_…` (Octokit) as well', async () => {
    const res = await proxy(id, '/user', { auth: `token ${key()}` })
    expect(res.status).toBe(200)
  })

  it('passes binary bodies byte-exact both ways, 20 MiB included', async () => {
    const body = patternBytes(20 * 1024 * 1024)
    const res = await proxy(id, '/echo', {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-body-sha256')).toBe(sha256(body))
    const back = new Uint8Array(await res.arrayBuffer())
    expect(back.length).toBe(body.length)
    expect(sha256(back)).toBe(sha256(body))
  })

  it('streams a large download with every byte in order', async () => {
    const n = 8 * 1024 * 1024 + 7
    const res = await proxy(id, `/bytes?n=${n}`)
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(patternBytes(n)))
  })

  it("answers the provider's status, e.g. 404 and 204 with no body", async () => {
    const missing = await proxy(id, '/status/404')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('status 404')
    const empty = await proxy(id, '/status/204', { method: 'DELETE' })
    expect(empty.status).toBe(204)
  })

  it("keeps the provider's own Request-Id; the gateway's goes in Switchyard-Request-Id", async () => {
    const own = await proxy(id, '/own-request-id')
    expect(own.headers.get('request-id')).toBe('req_provider_1')
    expect(own.headers.get('switchyard-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const plain = await proxy(id, '/status/404')
    expect(plain.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(plain.headers.get('switchyard-request-id')).toBeNull()
  })

  it('on a provider 401, refreshes once and retries with the new token', async () => {
    const conn = await connect()
    const old = (await (await credentials(conn)).json()).access_token
    api.reject(old)
    const before = refreshRequests()
    const res = await proxy(conn, '/user')
    expect(res.status).toBe(200)
    expect(refreshRequests()).toBe(before + 1)
    const last = api.seen.at(-1)!
    expect(last.headers.authorization).not.toBe(`Bearer ${old}`)
  })

  it("puts the token in the provider's own header when its catalog entry says so (Shopify style)", async () => {
    const api_ = { base_url: `${api.url}/v1` }
    const patched = await gateway.api('PATCH', '/api/providers/local-api', {
      api: { ...api_, token_header: 'X-Local-Access-Token' },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    const res = await proxy(id, '/shop', { headers: { 'x-local-access-token': 'from-the-client' } })
    await gateway.api('PATCH', '/api/providers/local-api', { api: api_ })
    expect(res.status).toBe(200)
    const seen = api.seen.at(-1)!
    const token = (await (await credentials(id)).json()).access_token
    expect(seen.headers['x-local-access-token']).toBe(token)
    expect(seen.headers.authorization).toBeUndefined()
  })

  it('the Shopify catalog entry declares X-Shopify-Access-Token', async () => {
    const shopify = await (await fetch(`${gateway.server.url}/providers/shopify`)).json()
    expect(shopify.api).toEqual({
      base_url: 'https://{shop}.myshopify.com',
      token_header: 'X-Shopify-Access-Token',
    })
  })

  it('answers 502 upstream_error with the cause when the provider cannot be reached', async () => {
    const conn = await connect()
    const cfg = await gateway.api('PATCH', `/api/provider-configs/${configId}`, {
      api_base_url: 'http://127.0.0.1:9/v1',
    })
    expect(cfg.status).toBe(200)
    const res = await proxy(conn, '/user')
    await gateway.api('PATCH', `/api/provider-configs/${configId}`, { api_base_url: null })
    expect(res.status).toBe(502)
    const problem = await res.json()
    expect(problem.code).toBe('upstream_error')
    expect(problem.detail).toMatch(/ECONNREFUSED/)
  })

  it('answers 502 upstream_error when a small answer is cut short, before sending anything of it', async () => {
    const id = await connect()
    const res = await proxy(id, '/short')
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect((await res.json()).detail).toMatch(/ended after 10 of its 100 bytes/)
  })

  it('emits a proxy.request event per call, without credentials', async () => {
    await (await proxy(id, '/events-check?q=1')).text()
    // They are written in batches every few milliseconds; the test does not wait for the timer.
    gateway.server.core.proxy.flush()
    const events = await gateway.api('POST', '/api/events/search', {
      filter: { type: { eq: 'proxy.request' }, connection_id: { eq: id } },
      limit: 100,
    })
    const items = events.body.data as Array<{ data: Record<string, unknown>; tenant_id: string }>
    const mine = items.find((e) => e.data.path === '/events-check')!
    expect(mine.data).toMatchObject({ method: 'GET', query: 'q=1', status: 200, mode: 'live' })
    expect(typeof mine.data.duration_ms).toBe('number')
    expect(mine.tenant_id).toBe('acme')
    const text = JSON.stringify(items)
    for (const token of oauth.issued) expect(text).not.toContain(token)
    expect(text).not.toContain(key())
  })
})

describe('/proxy: bad input is a clear 4xx and nothing is forwarded or recorded', () => {
  let id: string
  beforeAll(async () => {
    id = await connect()
  })

  const check = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/problem\+json/)
    expect((await res.json()).code).toBe(code)
  }

  it('unknown connection, publishable key, other workspace, no key, malformed path, oversized body', async () => {
    const seen = api.seen.length
    await check(await proxy('conn_nope', '/user'), 404, 'not_found')
    await check(await proxy(id, '/user', { auth: `Bearer ${pk()}` }), 403, 'forbidden')
    const core = gateway.server.core
    const other = core.workspaces.create({ name: 'other-proxy', tier: 'enterprise', rpm: 1_000_000 })
    const otherKey = core.apiKeys.create(other.id, { name: 'o', role: 'secret' }).key
    await check(await proxy(id, '/user', { auth: `Bearer ${otherKey}` }), 404, 'not_found')
    await check(await proxy(id, '/user', { auth: 'Basic abc' }), 401, 'unauthorized')
    await check(await proxy(id, ''), 400, 'invalid_request')
    await check(await proxy(id, '/a/%2e%2e/%2E%2E/admin'), 400, 'invalid_request')
    await check(await proxy(id, '/a/%5cadmin'), 400, 'invalid_request')
    const big = Buffer.alloc(25 * 1024 * 1024 + 1)
    await check(await proxy(id, '/echo', { method: 'POST', body: big }), 413, 'payload_too_large')
    // Without a trailing path too: the limit applies before anything is buffered.
    await check(await proxy(id, '', { method: 'POST', body: big }), 413, 'payload_too_large')
    expect(api.seen.length).toBe(seen)
  })

  it('accepts a body of exactly 25 MiB', async () => {
    const body = patternBytes(25 * 1024 * 1024)
    const res = await proxy(id, '/echo', { method: 'POST', body })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-body-sha256')).toBe(sha256(body))
    await res.arrayBuffer()
  })
})
