import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/open.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

/** Records every events SELECT the app runs, with the parameters of its last run. */
function recordEventQueries(db: Db) {
  const runs = new Map<string, unknown>()
  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    if (!/^SELECT .* FROM events /s.test(sql)) return statement
    const all = statement.all.bind(statement) as (...args: unknown[]) => unknown[]
    Object.defineProperty(statement, 'all', {
      value: (params: unknown) => {
        runs.set(sql, params)
        return all(params)
      },
    })
    return statement
  }) as Db['prepare']
  const plan = (sql: string) =>
    (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(runs.get(sql)) as Array<{ detail: string }>)
      .map((row) => row.detail)
      .join(' | ')
  return { runs, plan }
}

describe('search statements (parameters hidden from the planner, see opaque-param.ts)', () => {
  it('keep their index plans: a filtered page and the next one seek one index, with no sort', async () => {
    for (let i = 0; i < 60; i++) {
      t.core.events.emit(t.workspaceId, {
        type: ['connection.created', 'connection.revoked'][i % 2]!,
        provider: ['github', 'slack', 'stripe'][i % 3]!,
        data: { i },
      })
      t.clock.advance(1000)
    }
    const queries = recordEventQueries(t.db)
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
})
