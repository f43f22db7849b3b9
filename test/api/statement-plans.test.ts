import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/open.js'
import { createDeliveriesRepo } from '../../src/core/deliveries/deliveries.repo.js'
import { createEventsRepo } from '../../src/core/events/events.repo.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

/** Records every SELECT from `table` the app runs, with the parameters of its last run. */
function recordQueries(db: Db, table: string) {
  const runs = new Map<string, unknown[]>()
  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    if (!new RegExp(`^SELECT .* FROM (\\(SELECT .* FROM )?${table} `, 's').test(sql)) return statement
    for (const method of ['all', 'get'] as const) {
      const run = statement[method].bind(statement) as (...args: unknown[]) => unknown
      Object.defineProperty(statement, method, {
        value: (...args: unknown[]) => {
          runs.set(sql, args)
          return run(...args)
        },
      })
    }
    return statement
  }) as Db['prepare']
  const plan = (sql: string) =>
    (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(runs.get(sql) as unknown[])) as Array<{ detail: string }>)
      .map((row) => row.detail)
      .join(' | ')
  return { runs, plan }
}

describe('hot look-ups keep their index plans (parameters hidden from the planner, see opaque-param.ts)', () => {
  it('keep their index plans: a filtered page and the next one seek one index, with no sort', async () => {
    for (let i = 0; i < 60; i++) {
      t.core.events.emit(t.workspaceId, {
        type: ['connection.created', 'connection.revoked'][i % 2]!,
        provider: ['github', 'slack', 'stripe'][i % 3]!,
        data: { i },
      })
      t.clock.advance(1000)
    }
    const queries = recordQueries(t.db, 'events')
    const body = {
      filter: { type: { eq: 'connection.created' }, provider: { eq: 'github' } },
      sort: [{ field: 'created_at', direction: 'desc' }],
      limit: 4,
    }
    const first = await t.req('POST', '/api/events/search', { key: t.secretKey, body })
    expect(first.status).toBe(200)
    const page = (await first.json()) as { data: unknown[]; next_cursor: string }
    expect(page.data).toHaveLength(4)
    const next = await t.req('POST', '/api/events/search', {
      key: t.secretKey,
      body: { ...body, cursor: page.next_cursor },
    })
    expect(next.status).toBe(200)
    expect(((await next.json()) as { data: unknown[] }).data).toHaveLength(4)

    const statements = [...queries.runs.keys()]
    expect(statements).toHaveLength(2)
    for (const sql of statements) {
      expect(sql).toContain('workspace_id = +@scope')
      expect(sql).toMatch(/LIMIT \+@__limit OFFSET \+@__offset$/)
      const plan = queries.plan(sql)
      expect(plan).toMatch(
        /^SEARCH events USING INDEX events_ws_(provider|type)_created \(workspace_id=\? AND (provider|type)=\?/,
      )
      expect(plan).not.toMatch(/TEMP B-TREE/)
    }
    // The second page seeks straight to the cursor's position in the index.
    expect(queries.plan(statements[1]!)).toContain('(created_at,id)<(?,?)')
  })

  it('a search for a tenant, connection or installation seeks its sparse index (only rows with one), with no sort', async () => {
    // Every third event has the three fields; the rest (most captured webhooks) have none.
    for (let i = 0; i < 30; i++) {
      const linked = i % 3 === 0
      t.core.events.emit(t.workspaceId, {
        type: 'webhook.received',
        provider: 'github',
        tenant_id: linked ? `tenant_${i % 2}` : null,
        connection_id: linked ? `conn_${i % 2}` : null,
        installation_id: linked ? `inst_${i % 2}` : null,
      })
      t.clock.advance(1000)
    }
    const search = async (filter: object, cursor?: string) => {
      const body = { filter, sort: [{ field: 'created_at', direction: 'desc' }], limit: 2, cursor }
      const res = await t.req('POST', '/api/events/search', { key: t.secretKey, body })
      expect(res.status).toBe(200)
      return (await res.json()) as { data: Array<Record<string, unknown>>; next_cursor: string | null }
    }
    const queries = recordQueries(t.db, 'events')
    for (const [field, index] of [
      ['tenant_id', 'events_ws_tenant'],
      ['connection_id', 'events_ws_connection'],
      ['installation_id', 'events_ws_installation'],
    ] as const) {
      const value = `${field.split('_')[0]!.replace('installation', 'inst').replace('connection', 'conn')}_0`
      queries.runs.clear()
      const first = await search({ [field]: { eq: value } })
      const next = await search({ [field]: { eq: value } }, first.next_cursor!)
      // Events 0, 6, 12, 18 and 24 have the value ending in _0; the first two pages hold four of them.
      expect([...first.data, ...next.data].map((e) => e[field])).toEqual([value, value, value, value])
      const statements = [...queries.runs.keys()]
      expect(statements).toHaveLength(2)
      for (const sql of statements) {
        const plan = queries.plan(sql)
        expect(plan).toMatch(
          new RegExp(`^SEARCH events USING (COVERING )?INDEX ${index} \\(workspace_id=\\? AND ${field}=\\?`),
        )
        expect(plan).not.toMatch(/TEMP B-TREE/)
      }
      // A search for the rows without one still finds them all (20 of 30), by reading the workspace's events.
      let without = 0
      for (let page = await search({ [field]: { eq: null } }); ; ) {
        without += page.data.filter((e) => e[field] === null).length
        expect(page.data.every((e) => e[field] === null)).toBe(true)
        if (!page.next_cursor) break
        page = await search({ [field]: { eq: null } }, page.next_cursor)
      }
      expect(without).toBe(20)
    }
  })

  it('read a feed page (the live stream, exports) by seeking its commit range, with no sort', () => {
    const queries = recordQueries(t.db, 'events')
    const events = createEventsRepo(t.db)
    expect(events.page(t.workspaceId, { provider: ['github'], type: ['push'] }, 0, 100, 10)).toEqual([])
    const [sql] = [...queries.runs.keys()]
    expect(sql).toContain('rowid > +@after AND rowid <= +@upto')
    const plan = queries.plan(sql!)
    expect(plan).toMatch(/^SEARCH events USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/)
    expect(plan).not.toMatch(/TEMP B-TREE/)
  })

  it("read an event's deliveries through the event's index, not by walking the workspace's", () => {
    const queries = recordQueries(t.db, 'deliveries')
    const deliveries = createDeliveriesRepo(t.db)
    expect(deliveries.forEvent(t.workspaceId, 'evt_1')).toEqual([])
    expect(deliveries.lastTarget(t.workspaceId, 'evt_1')).toBeUndefined()
    expect(deliveries.countTo(t.workspaceId, 'evt_1', 'https://receiver.test/hook')).toBe(0)
    const statements = [...queries.runs.keys()]
    expect(statements).toHaveLength(3)
    for (const sql of statements) {
      expect(queries.plan(sql)).toMatch(/SEARCH deliveries USING INDEX deliveries_event \(event_id=\?\)/)
      expect(queries.plan(sql)).not.toContain('deliveries_ws_created')
    }
  })
})
