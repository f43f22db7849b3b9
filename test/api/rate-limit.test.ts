import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** Rate limits through the whole app (app.request), on the free tier, with the manual clock. */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ rateLimited: true })
})
afterEach(() => t.close())

const search = (key = t.secretKey) => t.req('POST', '/api/api-keys/search', { key, body: {} })
async function burst(n: number, send = () => search()) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await send()).status)
  return statuses
}

describe('rate limits per workspace tier', () => {
  it('the free tier accepts 60 requests and answers the 61st with 429 problem+json rate_limited', async () => {
    const statuses = await burst(60)
    expect(statuses.every((s) => s === 200)).toBe(true)
    const res = await search()
    expect(res.status).toBe(429)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    const body = await res.json()
    expect(body).toMatchObject({ status: 429, code: 'rate_limited', title: 'Too many requests' })
    expect(body.detail).toMatch(/allows 60 requests in any rolling 60 seconds/)
  })

  it('a 429 says in whole seconds when to retry, with the RateLimit fields', async () => {
    await burst(60)
    t.clock.advance(20_500)
    const res = await search()
    expect(res.headers.get('retry-after')).toBe('40')
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=60;w=60')
    expect(res.headers.get('ratelimit')).toBe('"default";r=0;t=40')
  })

  it('successful responses carry the RateLimit fields, counting down', async () => {
    const first = await search()
    const second = await search()
    expect(first.headers.get('ratelimit-policy')).toBe('"default";q=60;w=60')
    expect(first.headers.get('ratelimit')).toBe('"default";r=59;t=60')
    expect(second.headers.get('ratelimit')).toBe('"default";r=58;t=60')
  })

  it('the window rolls: a request is accepted again once the oldest leaves the last 60 seconds', async () => {
    await burst(60)
    t.clock.advance(59_999)
    expect((await search()).status).toBe(429)
    t.clock.advance(1)
    expect((await search()).status).toBe(200)
  })

  it('requests that fail authentication (401) do not count', async () => {
    const unknown = await burst(100, () => search(`sk_${'A'.repeat(38)}`))
    expect(unknown.every((s) => s === 401)).toBe(true)
    expect((await burst(60)).every((s) => s === 200)).toBe(true)
  })

  it('publishable-key requests count, also when refused with 403, and carry the RateLimit fields', async () => {
    const refused = await search(t.publishableKey)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('ratelimit')).toBe('"default";r=59;t=60')
    await burst(59, () => search(t.publishableKey))
    expect((await search()).status).toBe(429)
  })

  it('authenticated requests that then fail (404, 400) count and carry the RateLimit fields', async () => {
    const missing = await t.req('GET', '/api/events/evt_missing', { key: t.secretKey })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('ratelimit')).toBe('"default";r=59;t=60')
    const invalid = await t.req('POST', '/api/api-keys/search', { key: t.secretKey, body: { limit: 'ten' } })
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('ratelimit')).toBe('"default";r=58;t=60')
  })

  it('the local admin token (the UI) is not rate limited and gets no RateLimit fields', async () => {
    const admin = await burst(100, () => search(t.adminToken))
    expect(admin.every((s) => s === 200)).toBe(true)
    expect((await search(t.adminToken)).headers.get('ratelimit')).toBeNull()
    expect((await burst(60)).every((s) => s === 200)).toBe(true)
  })

  it('inbound webhooks do not count', async () => {
    const captured = await burst(100, () =>
      t.req('POST', '/webhooks/github', {
        body: { action: 'opened' },
        headers: { 'x-github-event': 'issues' },
      }),
    )
    expect(captured.every((s) => s < 300)).toBe(true)
    expect((await burst(60)).every((s) => s === 200)).toBe(true)
  })

  it('the public catalog does not count, with or without a key', async () => {
    const anonymous = await burst(50, () => t.req('GET', '/providers?limit=1'))
    const keyed = await burst(50, () => t.req('GET', '/providers/github', { key: t.secretKey }))
    expect([...anonymous, ...keyed].every((s) => s === 200)).toBe(true)
    expect((await burst(60)).every((s) => s === 200)).toBe(true)
  })

  it('session creation with the publishable key counts', async () => {
    const session = await t.req('POST', '/auth-sessions', {
      key: t.publishableKey,
      body: { provider: 'github', tenant_id: 'acme' },
    })
    expect(session.status).toBe(201)
    expect(session.headers.get('ratelimit')).toBe('"default";r=59;t=60')
  })

  it('a tier change applies to the very next request of the workspace', async () => {
    await burst(60)
    expect((await search()).status).toBe(429)
    t.core.workspaces.setTier('default', 'pro')
    const res = await search()
    expect(res.status).toBe(200)
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60')
    expect(res.headers.get('ratelimit')).toBe('"default";r=539;t=60')
  })

  it('an enterprise workspace gets its custom number', async () => {
    t.core.workspaces.setTier('default', 'enterprise', 75)
    const statuses = await burst(80)
    expect(statuses.filter((s) => s === 200)).toHaveLength(75)
  })

  it('workspaces never affect each other', async () => {
    const other = t.core.workspaces.create({ name: 'other', tier: 'free' })
    const otherKey = t.core.apiKeys.create(other.id, { name: 'k', role: 'secret' }).key
    await burst(80)
    expect((await burst(60, () => search(otherKey))).every((s) => s === 200)).toBe(true)
    expect((await search(otherKey)).status).toBe(429)
  })

  it('a refused request leaves the stored data unchanged', async () => {
    await burst(60)
    const before = t.core.apiKeys.list(t.workspaceId).length
    const res = await t.req('POST', '/api/api-keys', {
      key: t.secretKey,
      body: { name: 'x', role: 'secret' },
    })
    expect(res.status).toBe(429)
    expect(t.core.apiKeys.list(t.workspaceId).length).toBe(before)
  })
})
