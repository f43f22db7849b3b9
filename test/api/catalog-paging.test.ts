import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_OFFSET } from '../../src/core/search/search.limits.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Page = { data: Array<{ id: string }>; has_more: boolean; next_cursor?: string; limit: number }
const get = (path: string, key?: string) => t.req('GET', path, { ...(key && { key }) })
const page = async (path: string) => {
  const res = await get(path)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page
}
const ids = (p: Page) => p.data.map((d) => d.id)
const problem = async (res: Response, status = 400) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  return res.json()
}

describe('GET /providers pages by offset', () => {
  it('offset=2&limit=2 answers the third and fourth providers, not the first page again', async () => {
    const first4 = ids(await page('/providers?limit=4'))
    const p = await page('/providers?offset=2&limit=2')
    expect(ids(p)).toEqual(first4.slice(2, 4))
    expect(p).toMatchObject({ has_more: true, limit: 2 })
  })

  it('walks the whole catalog by offset, each provider once, ending with has_more false', async () => {
    const everything = ids(await page('/providers?limit=200&offset=0'))
    const walked: string[] = []
    // Bounded: without offset support every page is the first one and the walk would never end.
    for (let offset = 0; offset < 2000; offset += 200) {
      const p = await page(`/providers?limit=200&offset=${offset}`)
      walked.push(...ids(p))
      if (!p.has_more) {
        expect(p.next_cursor).toBeUndefined()
        break
      }
    }
    expect(walked.slice(0, 200)).toEqual(everything)
    expect(walked.length).toBeLessThan(2000)
    expect(new Set(walked).size).toBe(walked.length)
    expect(walked.length).toBeGreaterThan(400)
  })

  it('offset works with query and category too', async () => {
    const ranked = ids(await page('/providers?query=pay&limit=3'))
    expect(ids(await page('/providers?query=pay&limit=2&offset=1'))).toEqual(ranked.slice(1, 3))
    const payments = ids(await page('/providers?category=payments&limit=3'))
    expect(ids(await page('/providers?category=payments&limit=1&offset=2'))).toEqual(payments.slice(2, 3))
  })

  it('an offset past the end answers an empty last page', async () => {
    expect(await page('/providers?offset=100000')).toMatchObject({ data: [], has_more: false })
  })

  it('cursor and offset together are a 400 naming offset', async () => {
    const { next_cursor } = await page('/providers?limit=2')
    const body = await problem(await get(`/providers?offset=2&cursor=${encodeURIComponent(next_cursor!)}`))
    expect(body.code).toBe('invalid_request')
    expect(body.errors).toEqual([{ pointer: 'query:/offset', detail: expect.stringContaining('not both') }])
  })

  it.each(['-1', 'abc', '1.5', '', String(MAX_OFFSET + 1)])(
    'offset=%j is a 400 naming offset',
    async (offset) => {
      const body = await problem(await get(`/providers?offset=${offset}`))
      expect(body.errors[0].pointer).toBe('query:/offset')
    },
  )

  it('an invalid cursor is still 400 invalid_cursor', async () => {
    expect((await problem(await get('/providers?cursor=nope'))).code).toBe('invalid_cursor')
  })
})

describe('unknown query parameters on the public catalog', () => {
  it.each([
    '/providers?page=2',
    '/providers/categories?limit=2',
    '/providers/stripe?fields=id',
    '/providers/stripe/logo.svg?size=64',
  ])('%s is a 400 naming the parameter', async (path) => {
    const name = new URL(path, 'http://x').searchParams.keys().next().value
    const body = await problem(await get(path))
    expect(body.code).toBe('invalid_request')
    expect(body.errors).toEqual([{ pointer: `query:/${name}`, detail: expect.stringContaining('unknown') }])
  })

  it('lists each unknown parameter once, and the ones the endpoint takes', async () => {
    const body = await problem(await get('/providers?page=2&page=3&size=1&limit=2'))
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['query:/page', 'query:/size'])
    expect(body.errors[0].detail).toContain('query, category, limit, cursor, offset')
  })

  it('known parameters still answer 200', async () => {
    expect((await get('/providers?query=stripe&category=payments&limit=1')).status).toBe(200)
    expect((await get('/providers/stripe/logo.svg?v=1')).status).toBe(200)
  })
})

describe('unknown query parameters on the API', () => {
  type Op = { method: string; path: string }
  const apiOperations = (): Op[] => {
    const doc = t.app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Switchyard', version: 'test' },
    })
    return Object.entries(doc.paths ?? {})
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) =>
        ['get', 'post', 'put', 'patch', 'delete']
          .filter((m) => m in (item as object))
          .map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'nope') })),
      )
  }

  it('every documented /api operation answers 400 naming a parameter it does not know', async () => {
    const ops = apiOperations()
    expect(ops.length).toBeGreaterThan(20)
    for (const op of ops) {
      const key =
        op.path.startsWith('/api/sync') || op.path.startsWith('/api/admin') ? t.adminToken : t.secretKey
      const res = await t.req(op.method, `${op.path}?bogus=1`, {
        key,
        ...(op.method !== 'GET' && op.method !== 'DELETE' && { body: {} }),
      })
      // Without the check, /api/events/stream would answer an endless stream: never read that body.
      if (res.status !== 400) await res.body?.cancel()
      expect(res.status, `${op.method} ${op.path}`).toBe(400)
      expect((await res.json()).errors, `${op.method} ${op.path}`).toEqual([
        { pointer: 'query:/bogus', detail: expect.stringContaining('unknown query parameter') },
      ])
    }
  })

  it('changes nothing: a DELETE with an unknown parameter leaves the key active', async () => {
    const created = t.core.apiKeys.create(t.workspaceId, { name: 'kept', role: 'secret' })
    expect((await t.req('DELETE', `/api/api-keys/${created.id}?force=1`, { key: t.secretKey })).status).toBe(
      400,
    )
    expect((await t.req('POST', '/api/api-keys/search', { key: created.key, body: {} })).status).toBe(200)
  })

  it('declared parameters still work', async () => {
    const res = await t.req('GET', '/api/events/export?format=ndjson&provider=github', { key: t.secretKey })
    expect(res.status).toBe(200)
    await res.body?.cancel()
  })

  it('authentication comes first: no key is 401, not 400', async () => {
    expect((await t.req('GET', '/api/events/export?bogus=1')).status).toBe(401)
  })
})

describe('unknown query parameters on session creation (keyed, like the API)', () => {
  for (const path of ['/auth-sessions', '/install-sessions']) {
    it(`${path}?tenant=acme is a 400 naming it, and no session is created`, async () => {
      const before = t.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }
      const res = await t.req('POST', `${path}?tenant=acme`, {
        key: t.publishableKey,
        body: { provider: 'shopify', tenant_id: 'acme', params: { shop: 'acme' } },
      })
      expect(res.status).toBe(400)
      expect((await res.json()).errors).toEqual([
        { pointer: 'query:/tenant', detail: 'unknown query parameter; this endpoint takes none' },
      ])
      expect(t.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual(before)
    })
  }
})

describe('endpoints that receive foreign parameters keep accepting them', () => {
  it('webhook capture stores a delivery with any query', async () => {
    const res = await t.req('POST', '/webhooks/github?foo=bar&utm_source=x', { body: { zen: 'hi' } })
    expect(res.status).toBeLessThan(300)
  })

  it('the OAuth callback does not call its parameters unknown', async () => {
    const res = await t.req('GET', '/oauth/callback?state=nope&code=x&session_state=y&iss=z')
    expect(JSON.stringify(await res.text())).not.toContain('unknown query parameter')
  })
})
