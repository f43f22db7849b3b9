import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '../../src/core/providers/catalog.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
const catalog = loadCatalog()
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Page = { data: Array<Record<string, unknown>>; has_more: boolean; next_cursor?: string; limit: number }
const get = (path: string, options: { key?: string; headers?: Record<string, string> } = {}) =>
  t.req('GET', path, options)
const page = async (path: string, key?: string) => {
  const res = await get(path, { ...(key && { key }) })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page
}
const walkAll = async (path: string, key?: string) => {
  const ids: string[] = []
  let next: string | undefined
  for (;;) {
    const sep = path.includes('?') ? '&' : '?'
    const p = await page(next ? `${path}${sep}cursor=${encodeURIComponent(next)}` : path, key)
    ids.push(...p.data.map((d) => d.id as string))
    if (!p.has_more) return ids
    next = p.next_cursor
  }
}
const expectProblem = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body.code).toBe(code)
  return body
}

describe('GET /providers (browse, no key)', () => {
  it('answers the search envelope: 50 providers by name, more to come', async () => {
    const p = await page('/providers')
    expect(p.limit).toBe(50)
    expect(p.data).toHaveLength(50)
    expect(p.has_more).toBe(true)
    const names = p.data.map((d) => (d.name as string).toLowerCase())
    expect(names).toEqual([...names].sort())
  })

  it('walks the whole catalog by cursor, each provider once', async () => {
    const ids = await walkAll('/providers?limit=200')
    expect(ids).toHaveLength(catalog.providers.length)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('clamps a limit above 200 and says so in `limit`', async () => {
    const p = await page('/providers?limit=100000')
    expect(p.limit).toBe(200)
    expect(p.data).toHaveLength(200)
  })

  it.each(['0', '-1', '1.5', 'ten', ''])(
    'rejects limit=%j with a 400 naming the parameter',
    async (limit) => {
      const body = await expectProblem(await get(`/providers?limit=${limit}`), 400, 'invalid_request')
      expect(body.errors[0].pointer).toBe('query:/limit')
    },
  )

  it('filters by category', async () => {
    const ids = await walkAll('/providers?category=payments&limit=200')
    const want = catalog.providers.filter((p) => p.categories.includes('payments')).map((p) => p.id)
    expect(ids.sort()).toEqual(want.sort())
  })

  it('rejects an unknown category, naming the ones that exist', async () => {
    const body = await expectProblem(await get('/providers?category=nope'), 400, 'invalid_request')
    expect(body.errors[0].detail).toContain('must be one of:')
    expect(body.errors[0].detail).toContain('payments')
  })

  it('ranks by relevance with `query`, tolerating a transposition (stirpe → Stripe)', async () => {
    expect((await page('/providers?query=stirpe')).data[0]?.id).toBe('stripe')
  })

  it('tolerates a missing letter (slak → Slack)', async () => {
    expect((await page('/providers?query=slak')).data[0]?.id).toBe('slack')
  })

  it('combines `query` with `category`', async () => {
    const p = await page('/providers?query=pay&category=payments')
    expect(p.data.length).toBeGreaterThan(0)
    for (const d of p.data) expect(d.categories).toContain('payments')
  })

  it('rejects a cursor that was issued for another query', async () => {
    const first = await page('/providers?limit=2')
    const res = await get(
      `/providers?limit=2&category=payments&cursor=${encodeURIComponent(first.next_cursor!)}`,
    )
    await expectProblem(res, 400, 'invalid_cursor')
  })

  it('rejects a tampered cursor', async () => {
    const first = await page('/providers?limit=2')
    const tampered = `x${first.next_cursor!.slice(1)}`
    await expectProblem(await get(`/providers?cursor=${encodeURIComponent(tampered)}`), 400, 'invalid_cursor')
  })

  it('rejects an oversized query', async () => {
    await expectProblem(await get(`/providers?query=${'a'.repeat(300)}`), 400, 'invalid_request')
  })
})

describe('GET /providers/categories', () => {
  it('lists every category with the number of providers in it', async () => {
    const res = await get('/providers/categories')
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Array<{ id: string; name: string; count: number }> }
    expect(data).toHaveLength(catalog.categories.length)
    for (const c of data) {
      expect(c.count, c.id).toBe(catalog.providers.filter((p) => p.categories.includes(c.id)).length)
    }
  })
})

describe('GET /providers/{id}', () => {
  it('returns the provider with its logo URL', async () => {
    const res = await get('/providers/github')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ id: 'github', name: 'GitHub', custom: false })
    expect(body.logo_url).toMatch(/^\/providers\/github\/logo\.svg\?v=[0-9a-f]+$/)
  })

  it('is 404 problem+json for an unknown id', async () => {
    await expectProblem(await get('/providers/no-such-provider'), 404, 'not_found')
  })

  it('is 404 for ids that try to escape the path', async () => {
    expect((await get('/providers/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
  })
})

describe('caching of catalog responses', () => {
  it('sends an ETag and a public Cache-Control without a key', async () => {
    const res = await get('/providers/stripe')
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.headers.get('vary')).toContain('Authorization')
  })

  it('answers 304 with no body when If-None-Match matches', async () => {
    const etag = (await get('/providers?category=crm')).headers.get('etag')!
    const res = await get('/providers?category=crm', { headers: { 'if-none-match': `W/${etag}` } })
    expect(res.status).toBe(304)
    expect(await res.text()).toBe('')
    expect(res.headers.get('etag')).toBe(etag)
  })

  it('a 304 keeps the headers a cross-origin page and the logo need: CORS, caching, CSP', async () => {
    const origin = { origin: 'https://app.example' }
    for (const path of ['/providers/stripe', (await (await get('/providers/stripe')).json()).logo_url]) {
      const first = await get(path, { headers: origin })
      const res = await get(path, { headers: { ...origin, 'if-none-match': first.headers.get('etag')! } })
      expect(res.status, path).toBe(304)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      for (const name of [
        'access-control-allow-origin',
        'access-control-expose-headers',
        'cache-control',
        'vary',
      ])
        expect(res.headers.get(name), `${path} ${name}`).toBe(first.headers.get(name))
      expect(res.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
      expect(res.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('answers 200 when the ETag does not match', async () => {
    const res = await get('/providers/categories', { headers: { 'if-none-match': '"stale"' } })
    expect(res.status).toBe(200)
  })

  it('keeps responses for a key out of shared caches', async () => {
    const res = await get('/providers/stripe', { key: t.secretKey })
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
  })
})

describe('GET /providers/{id}/logo.svg', () => {
  it('serves the monogram at the logo URL, cached for a year, with a strict CSP', async () => {
    const { logo_url } = await (await get('/providers/stripe')).json()
    const res = await get(logo_url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await res.text()).toMatch(/^<svg [^>]*aria-label="Stripe"/)
  })

  it('is cached briefly when the URL carries no (or an old) version', async () => {
    expect((await get('/providers/stripe/logo.svg')).headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('is 404 for an unknown provider', async () => {
    expect((await get('/providers/nope/logo.svg')).status).toBe(404)
  })
})

describe('keys on the public catalog', () => {
  it('a malformed Authorization header is 401', async () => {
    await expectProblem(
      await get('/providers', { headers: { authorization: 'Basic abc' } }),
      401,
      'unauthorized',
    )
  })

  it('an unknown key is 401', async () => {
    await expectProblem(await get('/providers', { key: `sk_${'a'.repeat(38)}` }), 401, 'unauthorized')
  })

  it('a revoked key is 401 api_key_revoked', async () => {
    const key = t.core.apiKeys.create(t.workspaceId, { name: 'soon revoked', role: 'secret' })
    t.core.apiKeys.revoke(t.workspaceId, key.id)
    await expectProblem(await get('/providers', { key: key.key }), 401, 'api_key_revoked')
  })

  it('a publishable key is welcome: the same public answer as no key', async () => {
    const custom = await t.req('POST', '/api/providers', {
      key: t.secretKey,
      body: {
        name: 'Zz Private Ledger',
        auth: {
          type: 'oauth2',
          authorization_url: 'http://127.0.0.1:9/a',
          token_url: 'http://127.0.0.1:9/t',
        },
      },
    })
    expect(custom.status).toBe(201)
    for (const path of ['/providers?query=ledger', '/providers/categories', '/providers/stripe']) {
      const withKey = await get(path, { key: t.publishableKey })
      expect(withKey.status, path).toBe(200)
      expect(withKey.headers.get('cache-control'), path).toBe('public, max-age=300')
      expect(await withKey.text(), path).toBe(await (await get(path)).text())
    }
    // Publishable keys never read workspace data: the custom provider stays out of sight.
    expect((await get('/providers/zz-private-ledger', { key: t.publishableKey })).status).toBe(404)
    expect((await get('/providers/zz-private-ledger', { key: t.secretKey })).status).toBe(200)
  })

  it('a revoked publishable key is 401 api_key_revoked, like any key that is sent', async () => {
    const key = t.core.apiKeys.create(t.workspaceId, { name: 'old browser key', role: 'publishable' })
    t.core.apiKeys.revoke(t.workspaceId, key.id)
    await expectProblem(await get('/providers', { key: key.key }), 401, 'api_key_revoked')
  })

  it('a cursor issued without a key does not continue with one', async () => {
    const first = await page('/providers?limit=2')
    const res = await get(`/providers?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`, {
      key: t.secretKey,
    })
    await expectProblem(res, 400, 'invalid_cursor')
  })

  it('does not count catalog requests against the rate limit', async () => {
    for (let i = 0; i < 65; i++)
      expect((await get('/providers/stripe', { key: t.secretKey })).status).toBe(200)
    expect((await t.req('POST', '/api/events/search', { key: t.secretKey, body: {} })).status).toBe(200)
  })
})

describe('cross-origin and host rules', () => {
  it('allows any origin, without credentials', async () => {
    const res = await get('/providers/stripe', { headers: { origin: 'https://app.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('refuses a non-loopback Host', async () => {
    await expectProblem(
      await get('/providers', { headers: { host: 'evil.example' } }),
      403,
      'host_not_allowed',
    )
  })
})
