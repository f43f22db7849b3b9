import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOffLoopReads } from '../../src/core/db/off-loop-reads.js'
import { openDatabase } from '../../src/core/db/open.js'
import { eventsSearchable } from '../../src/core/events/events.searchable.js'
import { providerConfigsSearchable } from '../../src/core/provider-configs/provider-configs.searchable.js'
import { createCursorCodec } from '../../src/core/search/cursor.js'
import type { SearchRequest } from '../../src/core/search/search.schema.js'
import { createSearchEngine } from '../../src/core/search/search-engine.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

// Searches whose order no index gives run on a read thread (db/off-loop-reads.ts); the others, and
// every search on an in-memory database, answer at once. Either way the pages are the same.

let t: TestApp
const cursors = createCursorCodec(randomBytes(32))

beforeAll(async () => {
  t = await createTestApp()
  for (let i = 0; i < 45; i++) {
    t.core.events.emit(t.workspaceId, {
      type: i % 2 ? 'connection.created' : 'connection.revoked',
      provider: i % 3 ? 'github' : 'slack',
      // A third without a tenant: the tenant index holds only the others (migration 0019).
      ...(i % 3 !== 2 && { tenant_id: `tenant_${i % 5}` }),
      data: { attempt: i },
    })
    t.clock.advance(1000)
  }
})
afterAll(() => t.close())

/** An engine on the test database whose read thread reports where each read it was given ran. */
function engineWithThread(idleMs = 10_000) {
  const where: string[] = []
  // Every table counts as big: the test's few rows stand for many.
  const reads = createOffLoopReads(t.db, { idleMs, fewRows: 0, onRead: (at) => where.push(at) })
  return { engine: createSearchEngine({ db: t.db, cursors, reads }), reads, where }
}

/** Every page of a walk by cursor, through `page`. */
async function walk(page: (request: SearchRequest) => unknown, request: SearchRequest): Promise<unknown[][]> {
  const pages: unknown[][] = []
  let cursor: string | undefined
  do {
    const found = (await page({ ...request, ...(cursor && { cursor }) })) as {
      data: unknown[]
      next_cursor?: string
    }
    pages.push(found.data)
    cursor = found.next_cursor
  } while (cursor)
  return pages
}

const BY_TENANT: SearchRequest = { sort: [{ field: 'tenant_id', direction: 'asc' }], limit: 7 }

describe('searches no index orders', () => {
  it('run on the read thread and give the pages the event loop would', async () => {
    const { engine, reads, where } = engineWithThread()
    try {
      const first = engine.searchForRequest(eventsSearchable, t.workspaceId, BY_TENANT)
      expect(first).toBeInstanceOf(Promise)
      expect(await first).toEqual(engine.search(eventsSearchable, t.workspaceId, BY_TENANT))
      const here = await walk((r) => engine.search(eventsSearchable, t.workspaceId, r), BY_TENANT)
      const there = await walk((r) => engine.searchForRequest(eventsSearchable, t.workspaceId, r), BY_TENANT)
      expect(there).toEqual(here)
      expect(there.flat()).toHaveLength(45)
      // Empty tenants first, ascending (the engine's order for nulls), then by tenant.
      const tenants = there.flat().map((e) => (e as { tenant_id: string | null }).tenant_id)
      expect(tenants.slice(0, 15).every((v) => v === null)).toBe(true)
      expect(tenants.slice(15)).toEqual([...tenants.slice(15)].sort())
      expect(where.length).toBeGreaterThanOrEqual(8)
      expect(new Set(where)).toEqual(new Set(['thread']))
    } finally {
      await reads.stop()
    }
  })

  it('so do sorts on two fields and filters no index seeks; pages an index seeks and orders answer at once', async () => {
    const { engine, reads, where } = engineWithThread()
    try {
      const unbounded: SearchRequest[] = [
        {
          sort: [
            { field: 'provider', direction: 'asc' },
            { field: 'type', direction: 'desc' },
          ],
        },
        // SQLite reads an `in` list ordered by time through the time index, filtering every row.
        { filter: { provider: { in: ['github', 'slack'] } }, limit: 5 },
        { filter: { provider_event_type: { eq: 'push' } } },
        { filter: { tenant_id: { eq: null } }, limit: 4 },
      ]
      for (const request of unbounded) {
        const page = engine.searchForRequest(eventsSearchable, t.workspaceId, request)
        expect(page, JSON.stringify(request)).toBeInstanceOf(Promise)
        expect(await page).toEqual(engine.search(eventsSearchable, t.workspaceId, request))
      }
      expect(where).toEqual(unbounded.map(() => 'thread'))
      const bounded: SearchRequest[] = [
        {},
        { filter: { provider: { eq: 'github' } }, limit: 5 },
        { filter: { tenant_id: { eq: 'tenant_1' } } },
        { sort: [{ field: 'type', direction: 'asc' }] },
        // One filter sought, the other checked on that index's rows: a provider's events of one type.
        { filter: { provider: { eq: 'github' }, type: { eq: 'connection.created' } }, limit: 3 },
      ]
      for (const request of bounded) {
        const page = engine.searchForRequest(eventsSearchable, t.workspaceId, request)
        expect(page, JSON.stringify(request)).not.toBeInstanceOf(Promise)
        expect(page).toEqual(engine.search(eventsSearchable, t.workspaceId, request))
      }
      // The next page of one seeks on from the cursor's position, and answers at once too.
      const request: SearchRequest = { filter: { provider: { eq: 'github' } }, limit: 5 }
      const { next_cursor } = engine.search(eventsSearchable, t.workspaceId, request)
      const next = engine.searchForRequest(eventsSearchable, t.workspaceId, {
        ...request,
        cursor: next_cursor,
      })
      expect(next).not.toBeInstanceOf(Promise)
      expect((next as { data: unknown[] }).data).toHaveLength(5)
      expect(where).toHaveLength(unbounded.length)
    } finally {
      await reads.stop()
    }
  })

  it('rows with blobs (sealed secrets) come back as this connection gives them', async () => {
    for (const provider of ['github', 'slack', 'stripe'])
      t.core.providerConfigs.create(t.workspaceId, {
        provider,
        client_id: `id-${provider}`,
        client_secret: 'shh',
      })
    const { engine, reads, where } = engineWithThread()
    try {
      const request: SearchRequest = {
        sort: [
          { field: 'mode', direction: 'asc' },
          { field: 'provider', direction: 'desc' },
        ],
      }
      const page = engine.searchForRequest(providerConfigsSearchable, t.workspaceId, request)
      expect(page).toBeInstanceOf(Promise)
      const found = await page
      expect(found).toEqual(engine.search(providerConfigsSearchable, t.workspaceId, request))
      expect(found.data.map((c) => [c.provider, c.client_secret_set])).toEqual([
        ['stripe', true],
        ['slack', true],
        ['github', true],
      ])
      // A blob itself, read on the thread, is a Buffer as it is here.
      const sql =
        'SELECT provider, client_secret FROM provider_configs WHERE workspace_id = +@scope ORDER BY client_id DESC, provider'
      const rows = (await reads.all(t.db.prepare(sql), sql, { scope: t.workspaceId }, [])) as Array<{
        client_secret: unknown
      }>
      expect(rows).toEqual(t.db.prepare(sql).all({ scope: t.workspaceId }))
      expect(rows.every((row) => Buffer.isBuffer(row.client_secret))).toBe(true)
      expect(where).toEqual(['thread', 'thread'])
    } finally {
      await reads.stop()
    }
  })

  it('a table that holds few rows is read here whatever the plan', async () => {
    const where: string[] = []
    const reads = createOffLoopReads(t.db, { fewRows: 1_000, onRead: (at) => where.push(at) })
    const engine = createSearchEngine({ db: t.db, cursors, reads })
    try {
      const page = engine.searchForRequest(eventsSearchable, t.workspaceId, BY_TENANT)
      expect(page).not.toBeInstanceOf(Promise)
      expect(page).toEqual(engine.search(eventsSearchable, t.workspaceId, BY_TENANT))
      expect(where).toEqual([])
    } finally {
      await reads.stop()
    }
  })

  it('through the API, past the few rows a table may hold: the same page as in-process', async () => {
    t.db.transaction(() => {
      for (let i = 0; i < 5_000; i++)
        t.core.events.emit(t.workspaceId, { type: 'connection.refreshed', provider: 'hubspot', data: { i } })
    })()
    const body: SearchRequest = { ...BY_TENANT, filter: { provider: { in: ['slack', 'github'] } } }
    const promised = t.core.search.searchForRequest(eventsSearchable, t.workspaceId, body)
    expect(promised).toBeInstanceOf(Promise)
    const expected = JSON.parse(JSON.stringify(await promised))
    expect(expected).toEqual(
      JSON.parse(JSON.stringify(t.core.search.search(eventsSearchable, t.workspaceId, body))),
    )
    const res = await t.req('POST', '/api/events/search', { key: t.secretKey, body })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(expected)
  })

  it('a thread idle for a while stops; the next such search starts another', async () => {
    const { engine, reads, where } = engineWithThread(30)
    try {
      expect(reads.threadRunning).toBe(false)
      await engine.searchForRequest(eventsSearchable, t.workspaceId, BY_TENANT)
      expect(reads.threadRunning).toBe(true)
      for (const deadline = Date.now() + 5_000; reads.threadRunning; ) {
        if (Date.now() > deadline) throw new Error('the idle read thread did not stop')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(await engine.searchForRequest(eventsSearchable, t.workspaceId, BY_TENANT)).toEqual(
        engine.search(eventsSearchable, t.workspaceId, BY_TENANT),
      )
      expect(reads.threadRunning).toBe(true)
      expect(where).toEqual(['thread', 'thread'])
    } finally {
      await reads.stop()
    }
  })

  it('after stop, and on an in-memory database, they run here and answer at once', async () => {
    const { engine, reads, where } = engineWithThread()
    await reads.stop()
    const page = engine.searchForRequest(eventsSearchable, t.workspaceId, BY_TENANT)
    expect(page).not.toBeInstanceOf(Promise)
    expect(page).toEqual(engine.search(eventsSearchable, t.workspaceId, BY_TENANT))
    expect(where).toEqual([])

    const memory = openDatabase({ path: ':memory:' })
    try {
      const inMemory = createSearchEngine({ db: memory, cursors })
      const answer = inMemory.searchForRequest(eventsSearchable, 'ws_none', BY_TENANT)
      expect(answer).not.toBeInstanceOf(Promise)
      expect(answer).toEqual({ data: [], has_more: false, limit: 7 })
      await inMemory.close()
    } finally {
      memory.close()
    }
  })
})
