import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventsSearchable } from '../../src/core/events/events.searchable.js'
import type { SearchRequest } from '../../src/core/search/search.schema.js'
import { createSearchFastLane } from '../../src/server/search-fast-lane.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type LaneServer, type RawAnswer, send, startLaneServer } from '../helpers/lane-server.js'

/**
 * The search endpoints' fast lane answers what the app answers. One HTTP server on a test core
 * serves each search twice, once through the lane and once through the app alone: status, body
 * bytes, every header field by name, case and order, and value (save the per-request `Request-Id`
 * and the RateLimit count, one apart) must match. The lane's tally shows which searches it took and
 * which it handed to the app; the RateLimit count shows every search was counted exactly once.
 */
let t: TestApp
let lanes: LaneServer

beforeAll(async () => {
  t = await createTestApp()
  t.core.workspaces.setTier('default', 'enterprise', 1_000)
  for (let i = 0; i < 30; i++) {
    t.core.events.emit(t.workspaceId, {
      type: i % 2 ? 'connection.created' : 'connection.revoked',
      provider: i % 3 ? 'github' : 'slack',
      tenant_id: `tenant_${i % 4}`,
      data: { attempt: i, note: 'é ✓' },
    })
    t.clock.advance(1000)
  }
  lanes = await startLaneServer(t.app, (toApp) => createSearchFastLane(t.core, toApp))
})

afterAll(async () => {
  await lanes.close()
  await t.close()
})

interface Call {
  headers?: Record<string, string>
  body?: string
  method?: string
  repeated?: [string, string]
}

type Answer = RawAnswer

const call = (path: string, options: Call = {}) => {
  const body = options.body ?? ''
  return send(lanes.port, path, {
    method: options.method ?? 'POST',
    headers: {
      authorization: `Bearer ${t.secretKey}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...options.headers,
    },
    body,
    ...(options.repeated && { repeated: options.repeated }),
  })
}

const remaining = (answer: Answer) => Number(/;r=(\d+)/.exec(answer.fields.ratelimit ?? '')?.[1])

/** What may differ between two answers to the same search made one after the other. */
function comparable(answer: Answer) {
  const fields = { ...answer.fields }
  if (fields['request-id'] && /^[0-9a-f-]{36}$/.test(fields['request-id'])) fields['request-id'] = '<uuid>'
  if (fields.ratelimit) fields.ratelimit = fields.ratelimit.replace(/;r=\d+/, ';r=<n>')
  delete fields.date
  return { status: answer.status, names: answer.names, fields, body: answer.body.toString() }
}

/**
 * The same search through the app alone, then through the lane: the answers must match, and each
 * must have been counted once (the lane's answer shows one fewer remaining than the app's).
 */
async function same(path: string, options: Call = {}) {
  lanes.state.useLane = false
  const viaApp = await call(path, options)
  lanes.state.useLane = true
  const viaLane = await call(path, options)
  expect(comparable(viaLane), `${path} ${options.body}`).toEqual(comparable(viaApp))
  if (viaApp.fields.ratelimit && viaApp.status !== 429) expect(remaining(viaLane)).toBe(remaining(viaApp) - 1)
  return viaLane
}

const search = (body: unknown) => JSON.stringify(body)

describe('the same answers as the app', () => {
  it('pages of events, api keys, providers and deliveries, and the next page by cursor', async () => {
    const before = { ...lanes.tally }
    const first = await same('/api/events/search', {
      body: search({
        filter: { type: { eq: 'connection.created' }, provider: { in: ['github', 'slack'] } },
        sort: [{ field: 'created_at', direction: 'desc' }],
        limit: 4,
      }),
    })
    const page = JSON.parse(first.body.toString()) as {
      data: unknown[]
      next_cursor?: string
      has_more: boolean
    }
    expect(first.status).toBe(200)
    expect(page.data).toHaveLength(4)
    expect(page.has_more).toBe(true)
    const next = await same('/api/events/search', {
      body: search({
        filter: { type: { eq: 'connection.created' }, provider: { in: ['github', 'slack'] } },
        sort: [{ field: 'created_at', direction: 'desc' }],
        limit: 4,
        cursor: page.next_cursor,
      }),
    })
    expect(JSON.parse(next.body.toString()).data).toHaveLength(4)
    await same('/api/events/search', { body: search({ fields: ['type', 'data'], offset: 3, limit: 2 }) })
    await same('/api/events/search', { body: '{}' })
    await same('/api/api-keys/search', { body: search({ sort: [{ field: 'role', direction: 'asc' }] }) })
    await same('/api/providers/search', { body: search({ query: 'github', limit: 3 }) })
    // No webhook endpoint yet, so no deliveries: the empty first page a new workspace sees.
    const none = await same('/api/deliveries/search', { body: search({ limit: 5 }) })
    expect(JSON.parse(none.body.toString())).toEqual({ data: [], has_more: false, limit: 5 })
    // The media type's case does not matter to the app's validator, nor to the lane.
    const filtered = search({ filter: { provider: { eq: 'slack' } }, limit: 2 })
    const shouted = await same('/api/events/search', {
      body: filtered,
      headers: { 'content-type': 'Application/JSON' },
    })
    expect(JSON.parse(shouted.body.toString()).data).toHaveLength(2)
    expect(lanes.tally.taken - before.taken).toBe(8)
    expect(lanes.tally.handedOver - before.handedOver).toBe(0)
  })

  it('a body the schema or the search refuses is the app’s 400, counted once', async () => {
    const refused = [
      search({ limit: 'ten' }),
      search({ filter: { nope: { eq: 1 } } }),
      search({ sort: [{ field: 'data', direction: 'asc' }] }),
      search({ cursor: 'forged.cursor' }),
      search({ query: 'github' }),
      '{"limit": 1',
      '[]',
      '{"filter":{"__proto__":{"eq":"x"}}}',
      '{"filter":{"\\u0074ype":{"eq":"connection.created"}}}',
    ]
    const before = { ...lanes.tally }
    for (const body of refused) {
      const answer = await same('/api/events/search', { body })
      if (!body.includes('\\u')) expect(answer.status, body).toBe(400)
      expect(answer.fields['content-type']).toBe(
        answer.status === 200 ? 'application/json' : 'application/problem+json',
      )
    }
    expect(lanes.tally.taken - before.taken).toBe(refused.length)
    expect(lanes.tally.handedOver - before.handedOver).toBe(refused.length)
  })

  it('a refused rate is the app’s 429, and a revoked key fails on its very next search', async () => {
    t.core.workspaces.setTier('default', 'enterprise', 1)
    try {
      await call('/api/events/search', { body: '{}' })
      const refused = await same('/api/events/search', { body: '{}' })
      expect(refused.status).toBe(429)
      expect(refused.fields['retry-after']).toBeDefined()
    } finally {
      t.core.workspaces.setTier('default', 'enterprise', 1_000)
    }
    const created = await call('/api/api-keys', { body: search({ role: 'secret', name: 'short-lived' }) })
    expect(created.status).toBe(201)
    const { id, key } = JSON.parse(created.body.toString()) as { id: string; key: string }
    const auth = { authorization: `Bearer ${key}` }
    expect((await call('/api/events/search', { body: '{}', headers: auth })).status).toBe(200)
    expect((await call(`/api/api-keys/${id}`, { method: 'DELETE' })).status).toBe(204)
    const before = lanes.tally.taken
    expect((await same('/api/events/search', { body: '{}', headers: auth })).status).toBe(401)
    expect(lanes.tally.taken).toBe(before)
  })
})

describe('what the lane leaves to the app', () => {
  const untaken = async (path: string, options: Call = {}) => {
    const before = lanes.tally.taken
    const answer = await same(path, options)
    expect(lanes.tally.taken, `${path} ${JSON.stringify(options)}`).toBe(before)
    return answer
  }

  it('other paths and methods, a query, other hosts, origins, bodies and keys', async () => {
    const body = '{}'
    await untaken('/api/events/search?x=1', { body })
    await untaken('/api/events/search/', { body })
    await untaken('/api/events/Search', { body })
    await untaken('/api/events/search', { method: 'PUT', body })
    expect((await untaken('/api/events/search', { body, headers: { host: 'evil.example' } })).status).toBe(
      403,
    )
    await untaken('/api/events/search', { body, headers: { origin: 'http://127.0.0.1:5173' } })
    await untaken('/api/events/search', {
      body,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(
      (await untaken('/api/events/search', { body, headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(415)
    await untaken('/api/events/search', { body: '' })
    expect((await untaken('/api/events/search', { body, headers: { authorization: '' } })).status).toBe(401)
    expect(
      (await untaken('/api/events/search', { body, headers: { authorization: 'Bearer sk_nope' } })).status,
    ).toBe(401)
    expect(
      (
        await untaken('/api/events/search', {
          body,
          headers: { authorization: `Bearer ${t.publishableKey}` },
        })
      ).status,
    ).toBe(403)
    expect(
      (await untaken('/api/events/search', { body, headers: { authorization: `Bearer ${t.adminToken}` } }))
        .status,
    ).toBe(200)
    const key = `Bearer ${t.secretKey}`
    expect((await untaken('/api/events/search', { body, repeated: ['authorization', key] })).status).toBe(401)
    const big = search({ limit: 1, cursor: 'x'.repeat(1024 * 1024) })
    expect((await untaken('/api/events/search', { body: big })).status).toBe(413)
  })
})

describe('a page the read thread answers (db/off-loop-reads.ts)', () => {
  it('is the app’s answer too, counted once, and its next page by cursor as well', async () => {
    // Past the few rows a table may hold for every read to stay on the event loop.
    t.db.transaction(() => {
      for (let i = 0; i < 5_000; i++)
        t.core.events.emit(t.workspaceId, { type: 'connection.refreshed', provider: 'hubspot', data: { i } })
    })()
    const request: SearchRequest = { sort: [{ field: 'tenant_id', direction: 'desc' }], limit: 6 }
    expect(t.core.search.searchForRequest(eventsSearchable, t.workspaceId, request)).toBeInstanceOf(Promise)
    const before = { ...lanes.tally }
    const first = await same('/api/events/search', { body: search(request) })
    const page = JSON.parse(first.body.toString()) as {
      data: Array<{ tenant_id: string }>
      next_cursor: string
    }
    expect(page.data.map((e) => e.tenant_id)).toEqual([
      'tenant_3',
      'tenant_3',
      'tenant_3',
      'tenant_3',
      'tenant_3',
      'tenant_3',
    ])
    const next = await same('/api/events/search', { body: search({ ...request, cursor: page.next_cursor }) })
    expect(JSON.parse(next.body.toString()).data).toHaveLength(6)
    expect(lanes.tally.taken - before.taken).toBe(2)
    expect(lanes.tally.handedOver - before.handedOver).toBe(0)
  })
})
