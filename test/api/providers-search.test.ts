import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import { createCore } from '../../src/core/core.js'
import { openDataFolder } from '../../src/core/data-folder.js'
import { loadCatalog } from '../../src/core/providers/catalog.js'
import { createApp } from '../../src/server/app.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
  t.core.workspaces.setTier('default', 'enterprise', 100_000)
})
afterEach(() => t.close())

type Page = { data: Array<Record<string, unknown>>; has_more: boolean; next_cursor?: string; limit: number }
const catalog = loadCatalog()

const searchRes = (body: unknown) => t.req('POST', '/api/providers/search', { key: t.secretKey, body })
const search = async (body: unknown) => {
  const res = await searchRes(body)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page
}
const ids = (page: Page) => page.data.map((d) => d.id as string)
const walk = async (body: Record<string, unknown>, between: () => Promise<void> = async () => {}) => {
  const seen: string[] = []
  let cursor: string | undefined
  do {
    const page = await search({ ...body, ...(cursor && { cursor }) })
    seen.push(...ids(page))
    cursor = page.next_cursor
    await between()
  } while (cursor)
  return seen
}
const customProvider = (name: string, extra: Record<string, unknown> = {}) =>
  t.req('POST', '/api/providers', { key: t.secretKey, body: { name, auth: { type: 'api_key' }, ...extra } })

describe('POST /api/providers/search', () => {
  it('browses every provider by name without a query', async () => {
    const all = await walk({ limit: 200, fields: ['id'] })
    expect(all).toHaveLength(catalog.providers.length)
  })

  it('ranks by relevance with a query, the closest name first', async () => {
    expect(ids(await search({ query: 'github' }))[0]).toBe('github')
    expect(ids(await search({ query: 'stirpe' }))[0]).toBe('stripe')
    expect(ids(await search({ query: 'slak' }))[0]).toBe('slack')
  })

  it('matches descriptions, tags and categories too', async () => {
    const stripe = catalog.providers.find((p) => p.id === 'stripe')!
    expect(ids(await search({ query: stripe.tags[0]!, limit: 200 }))).toContain('stripe')
  })

  it('applies a filter to the ranked results', async () => {
    const page = await search({
      query: 'pay',
      filter: { category: { eq: 'payments' } },
      fields: ['id', 'categories'],
    })
    expect(page.data.length).toBeGreaterThan(0)
    for (const p of page.data) expect(p.categories).toContain('payments')
  })

  it('orders matches by the given sort instead of relevance', async () => {
    const page = await search({
      query: 'pay',
      sort: [{ field: 'name', direction: 'desc' }],
      fields: ['name'],
    })
    const names = page.data.map((d) => (d.name as string).toLowerCase())
    expect(names).toEqual([...names].sort().reverse())
  })

  it('walks the ranked results by cursor in the order of one big page', async () => {
    const whole = ids(await search({ query: 'data', limit: 200 }))
    expect(whole.length).toBeGreaterThan(12)
    expect(await walk({ query: 'data', limit: 5 })).toEqual(whole)
  })

  it('walks ranked and filtered results by cursor in the order of one big page', async () => {
    const body = { query: 'api', filter: { auth_type: { eq: 'oauth2' } } }
    const whole = ids(await search({ ...body, limit: 200 }))
    expect(await walk({ ...body, limit: 3 })).toEqual(whole)
  })

  it('pages ranked results by offset too', async () => {
    const whole = ids(await search({ query: 'data', limit: 200 }))
    expect(ids(await search({ query: 'data', limit: 4, offset: 6 }))).toEqual(whole.slice(6, 10))
  })

  it('keeps a query walk on the ranking it started with while providers are added', async () => {
    const whole = ids(await search({ query: 'payments', limit: 200 }))
    let n = 0
    const seen = await walk({ query: 'payments', limit: 4 }, async () => {
      expect((await customProvider(`Payments Hub ${++n}`, { tags: ['payments'] })).status).toBe(201)
    })
    expect(seen).toEqual(whole)
  })

  it('shows a provider edited during the walk with its new data', async () => {
    await customProvider('Zorblax Pay', { id: 'zorblax' })
    const first = await search({ query: 'zorblax', limit: 1 })
    expect(first.data[0]).toMatchObject({ id: 'zorblax', name: 'Zorblax Pay' })
    await t.req('PATCH', '/api/providers/zorblax', { key: t.secretKey, body: { description: 'edited' } })
    expect((await search({ query: 'zorblax', limit: 1 })).data[0]).toMatchObject({ description: 'edited' })
  })

  it('treats a blank query as no query', async () => {
    expect(ids(await search({ query: '   ', limit: 3 }))).toEqual(ids(await search({ limit: 3 })))
  })

  it('rejects a cursor of a walk without a query', async () => {
    const { next_cursor } = await search({ limit: 2 })
    const res = await searchRes({ query: 'github', cursor: next_cursor })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_cursor')
  })
})

describe('query walks across a restart', () => {
  const restart = async () => {
    const folder = openDataFolder(t.dir)
    const core = createCore({
      db: folder.db,
      clock: createManualClock(),
      encryptionKey: folder.encryptionKey,
    })
    const app = await createApp({ core, logger: { error: () => {}, warn: () => {}, info: () => {} } })
    return {
      search: (body: unknown) =>
        app.request('/api/providers/search', {
          method: 'POST',
          headers: {
            host: '127.0.0.1',
            authorization: `Bearer ${t.secretKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        }),
      close: () => folder.db.close(),
    }
  }

  it('continue when the providers are unchanged (the ranking is rebuilt identically)', async () => {
    const whole = ids(await search({ query: 'data', limit: 200 }))
    const first = await search({ query: 'data', limit: 5 })
    const after = await restart()
    try {
      const res = await after.search({ query: 'data', limit: 5, cursor: first.next_cursor })
      expect(res.status).toBe(200)
      expect(ids(await res.json())).toEqual(whole.slice(5, 10))
    } finally {
      after.close()
    }
  })

  it('are refused with invalid_cursor when the providers changed in between', async () => {
    const first = await search({ query: 'data', limit: 5 })
    expect((await customProvider('Data Lake Custom')).status).toBe(201)
    const after = await restart()
    try {
      const res = await after.search({ query: 'data', limit: 5, cursor: first.next_cursor })
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body.code).toBe('invalid_cursor')
      expect(body.detail).toContain('providers changed')
    } finally {
      after.close()
    }
  })
})
