import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
  t.core.workspaces.setTier('default', 'enterprise', 100_000)
})
afterEach(() => t.close())

type Page = { data: Array<Record<string, unknown>>; has_more: boolean; next_cursor?: string; limit: number }

/** Domain events one second apart, so their order is known. */
const emit = (
  n: number,
  fields: { type?: string; provider?: string | null; tenant_id?: string | null } = {},
) =>
  inTransaction(t.db, () =>
    Array.from({ length: n }, () => {
      t.clock.advance(1000)
      return t.core.events.emit(t.workspaceId, { type: 'test.created', provider: 'github', ...fields }).id
    }),
  )
const searchRes = (body: unknown, key = t.secretKey, path = '/api/events/search') =>
  t.req('POST', path, { key, body })
const search = async (body: unknown, key = t.secretKey, path = '/api/events/search') => {
  const res = await searchRes(body, key, path)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page
}
const expectProblem = async (res: Response, code: string) => {
  expect(res.status).toBe(400)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body.code).toBe(code)
  return body as { detail: string; errors?: Array<{ pointer: string; detail: string }> }
}

describe('search defaults', () => {
  it('an empty body returns the first page, newest first, 50 at most', async () => {
    const ids = emit(60)
    const page = await search({})
    expect(page.limit).toBe(50)
    expect(page.data.map((d) => d.id)).toEqual(ids.reverse().slice(0, 50))
    expect(page.has_more).toBe(true)
    expect(typeof page.next_cursor).toBe('string')
  })

  it('a request with no body at all is the same as {}', async () => {
    emit(2)
    const res = await t.req('POST', '/api/events/search', {
      key: t.secretKey,
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    })
    expect(res.status).toBe(200)
    expect((await res.json()).data).toHaveLength(2)
  })

  it('clamps limit to 200 and returns the applied value', async () => {
    expect((await search({ limit: 5000 })).limit).toBe(200)
  })

  it('leaves next_cursor out when there is no next page', async () => {
    emit(3)
    const page = await search({ limit: 3 })
    expect(page.has_more).toBe(false)
    expect('next_cursor' in page).toBe(false)
  })

  it('returns the requested fields, and always id and created_at', async () => {
    emit(2)
    const page = await search({ fields: ['type'] })
    for (const item of page.data) expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'type'])
  })
})

describe('filters and sorting', () => {
  it('combines filter entries with AND', async () => {
    emit(2, { provider: 'github', tenant_id: 'acme' })
    const want = emit(1, { provider: 'stripe', tenant_id: 'acme' })
    emit(1, { provider: 'stripe', tenant_id: 'other' })
    const page = await search({ filter: { provider: { eq: 'stripe' }, tenant_id: { in: ['acme', 'x'] } } })
    expect(page.data.map((d) => d.id)).toEqual(want)
  })

  it('compares timestamps given with any ISO 8601 offset', async () => {
    const ids = emit(3)
    // The first event is at 00:00:01Z; 01:00:02+01:00 is 00:00:02Z.
    const page = await search({
      filter: { created_at: { gte: '2026-01-01T01:00:02+01:00' } },
      sort: [{ field: 'created_at' }],
    })
    expect(page.data.map((d) => d.id)).toEqual(ids.slice(1))
  })

  it('matches empty fields with eq null, and keeps them with neq', async () => {
    const none = emit(1, { tenant_id: null })
    const acme = emit(1, { tenant_id: 'acme' })
    expect((await search({ filter: { tenant_id: { eq: null } } })).data.map((d) => d.id)).toEqual(none)
    expect((await search({ filter: { tenant_id: { neq: 'acme' } } })).data.map((d) => d.id)).toEqual(none)
    expect((await search({ filter: { tenant_id: { neq: null } } })).data.map((d) => d.id)).toEqual(acme)
  })

  it('sorts by several fields, empty values first ascending', async () => {
    const [a] = emit(1, { provider: 'b' })
    const [b] = emit(1, { provider: null })
    const [c] = emit(1, { provider: 'a' })
    const [d] = emit(1, { provider: 'a' })
    const page = await search({ sort: [{ field: 'provider' }, { field: 'created_at', direction: 'desc' }] })
    expect(page.data.map((x) => x.id)).toEqual([b, d, c, a])
  })
})

describe('cursor pagination', () => {
  it('walks every record once while new ones arrive between pages', async () => {
    const original = emit(25).reverse()
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await search({ limit: 4, ...(cursor && { cursor }) })
      seen.push(...page.data.map((d) => d.id as string))
      cursor = page.next_cursor
      emit(2)
    } while (cursor)
    expect(seen).toEqual(original)
  })

  it('continues with another limit, the same filter and sort', async () => {
    const ids = emit(6).reverse()
    const first = await search({ limit: 2 })
    const next = await search({ limit: 3, cursor: first.next_cursor })
    expect(next.data.map((d) => d.id)).toEqual(ids.slice(2, 5))
  })

  it('rejects a cursor sent with a different filter or sort', async () => {
    emit(5)
    const { next_cursor } = await search({ limit: 2 })
    await expectProblem(
      await searchRes({ cursor: next_cursor, filter: { provider: { eq: 'github' } } }),
      'invalid_cursor',
    )
    await expectProblem(await searchRes({ cursor: next_cursor, sort: [{ field: 'type' }] }), 'invalid_cursor')
  })

  it("rejects another workspace's cursor", async () => {
    emit(5)
    const { next_cursor } = await search({ limit: 2 })
    const other = t.core.workspaces.create({ name: 'other', tier: 'free' })
    const key = t.core.apiKeys.create(other.id, { name: 'k', role: 'secret' }).key
    await expectProblem(await searchRes({ cursor: next_cursor }, key), 'invalid_cursor')
  })

  it("rejects another resource's cursor", async () => {
    emit(5)
    const { next_cursor } = await search({ limit: 2 })
    await expectProblem(
      await searchRes({ cursor: next_cursor }, t.secretKey, '/api/api-keys/search'),
      'invalid_cursor',
    )
  })

  it('rejects a tampered cursor', async () => {
    emit(5)
    const { next_cursor } = await search({ limit: 2 })
    const [body, mac] = next_cursor!.split('.') as [string, string]
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString())
    payload.k[1] = 'evt_zzz'
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`
    await expectProblem(await searchRes({ cursor: forged }), 'invalid_cursor')
  })

  it('rejects cursor together with offset', async () => {
    emit(3)
    const { next_cursor } = await search({ limit: 1 })
    const body = await expectProblem(await searchRes({ cursor: next_cursor, offset: 1 }), 'invalid_request')
    expect(body.errors).toEqual([
      { pointer: '/offset', detail: "send either 'cursor' or 'offset', not both" },
    ])
  })
})

describe('offset pagination', () => {
  it('skips the given number of records', async () => {
    const ids = emit(6).reverse()
    expect((await search({ limit: 2, offset: 3 })).data.map((d) => d.id)).toEqual(ids.slice(3, 5))
  })
})

describe('invalid requests name what is allowed', () => {
  it('an unknown filter field lists the filterable fields', async () => {
    const body = await expectProblem(
      await searchRes({ filter: { colour: { eq: 'red' } } }),
      'invalid_request',
    )
    expect(body.detail).toContain("cannot filter on 'colour'; allowed: id, type, source, provider")
    expect(body.errors?.[0]?.pointer).toBe('/filter/colour')
  })

  it('an unknown operator lists the operators', async () => {
    const body = await expectProblem(
      await searchRes({ filter: { type: { like: '%x%' } } }),
      'invalid_request',
    )
    expect(body.errors).toEqual([
      {
        pointer: '/filter/type/like',
        detail: "unknown operator 'like'; allowed: eq, neq, in, gt, gte, lt, lte",
      },
    ])
  })

  it('an unknown sort field lists the sortable fields', async () => {
    const body = await expectProblem(await searchRes({ sort: [{ field: 'data' }] }), 'invalid_request')
    expect(body.errors?.[0]?.detail).toMatch(/^cannot sort on 'data'; allowed: id, type, /)
  })

  it('an unknown field in fields lists the item fields', async () => {
    const body = await expectProblem(await searchRes({ fields: ['id', 'secret'] }), 'invalid_request')
    expect(body.errors?.[0]).toMatchObject({ pointer: '/fields/1' })
    expect(body.errors?.[0]?.detail).toContain('allowed: id, type, source')
  })

  it("'in' takes at most 100 values", async () => {
    const values = Array.from({ length: 101 }, (_, i) => `t${i}`)
    const body = await expectProblem(await searchRes({ filter: { type: { in: values } } }), 'invalid_request')
    expect(body.errors).toEqual([{ pointer: '/filter/type/in', detail: "'in' takes at most 100 values" }])
  })

  it('a timestamp must be ISO 8601', async () => {
    const body = await expectProblem(
      await searchRes({ filter: { created_at: { gt: '01/02/2026' } } }),
      'invalid_request',
    )
    expect(body.errors?.[0]?.detail).toContain('ISO 8601')
  })

  it.each([0, -5, 2.5, '10'])('limit %j is rejected', async (limit) => {
    const body = await expectProblem(await searchRes({ limit }), 'invalid_request')
    expect(body.errors?.[0]?.pointer).toBe('/limit')
  })

  it.each([-1, 0.5])('offset %j is rejected', async (offset) => {
    await expectProblem(await searchRes({ offset }), 'invalid_request')
  })

  it("'query' is for provider search only", async () => {
    await expectProblem(await searchRes({ query: 'github' }), 'invalid_request')
  })

  it('hostile field names are unknown fields, not SQL', async () => {
    emit(1)
    for (const name of ['id) OR 1=1 --', '__proto__x', 'constructor', 'type; DROP TABLE events']) {
      await expectProblem(await searchRes({ filter: { [name]: { eq: 'x' } } }), 'invalid_request')
      await expectProblem(await searchRes({ sort: [{ field: name }] }), 'invalid_request')
    }
    expect((await search({})).data).toHaveLength(1)
  })

  it('hostile values are only ever bound parameters', async () => {
    emit(1)
    const page = await search({ filter: { type: { eq: "x' OR '1'='1" } } })
    expect(page.data).toEqual([])
  })
})
