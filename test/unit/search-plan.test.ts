import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { parseTimestamp, planSearch } from '../../src/core/search/plan.js'
import { SearchRequestSchema } from '../../src/core/search/search.schema.js'
import { defineSearchable } from '../../src/core/search/searchable.js'

const Item = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'revoked']),
  tenant_id: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
})
const def = defineSearchable({
  name: 'widgets',
  item: Item,
  from: 'widgets',
  select: '*',
  scope: 'ws = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    name: { sql: 'name', type: 'string' },
    status: { sql: 'status', type: 'string', values: ['active', 'revoked'] },
    tenant_id: { sql: 'tenant_id', type: 'string' },
    enabled: { sql: 'enabled', type: 'boolean' },
    created_at: { sql: 'created_at', type: 'timestamp' },
    tag: { sql: 't.tag', type: 'string', virtual: true, sort: false, exists: (c) => `EXISTS (${c})` },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: (row: Record<string, unknown>) => row as z.infer<typeof Item>,
})
const generic = def as never

const plan = (body: unknown, ranked = false) =>
  planSearch(generic, SearchRequestSchema.parse(body), { ranked })
const problems = (body: unknown) => {
  try {
    plan(body)
  } catch (err) {
    if (err instanceof AppError) return err.errors ?? []
    throw err
  }
  throw new Error('expected a 400')
}

describe('parseTimestamp', () => {
  it.each([
    ['2026-01-31T12:00:00Z', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31T12:00:00.123456Z', '2026-01-31T12:00:00.123Z'],
    ['2026-01-31T14:00:00+02:00', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31T07:00:00-0500', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T12:00', '2026-01-31T12:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ])('reads %s as %s (no offset means UTC)', (text, iso) => {
    expect(new Date(parseTimestamp(text)!).toISOString()).toBe(iso)
  })

  it.each([
    '2026-02-30',
    '2025-02-29T00:00:00Z',
    '2026-13-01',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60Z',
    '2026-1-1',
    'yesterday',
    '1767225600000',
    '2026-01-01T00:00:00+24:00',
    '',
  ])('rejects %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined()
  })
})

describe('planning a search', () => {
  it('converts values to their stored form (timestamps to ISO UTC, booleans to 0/1)', () => {
    const p = plan({ filter: { created_at: { gte: '2026-01-31T14:00:00+02:00' }, enabled: { eq: true } } })
    expect(p.conditions).toEqual([
      { field: 'created_at', op: 'gte', value: '2026-01-31T12:00:00.000Z' },
      { field: 'enabled', op: 'eq', value: 1 },
    ])
  })

  it('orders by the default sort, then id, when no sort is given', () => {
    expect(plan({}).order).toEqual([
      { field: 'created_at', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ])
  })

  it('breaks ties with the default sort fields and id, in the direction of the last key', () => {
    expect(plan({ sort: [{ field: 'name' }] }).order).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'created_at', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ])
  })

  it('orders a ranked search by relevance, then id', () => {
    expect(plan({ query: 'x' }, true).order).toEqual([
      { field: '__rank', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ])
  })

  it('applies limit 50 by default and clamps larger values to 200', () => {
    expect(plan({}).limit).toBe(50)
    expect(plan({ limit: 1e12 }).limit).toBe(200)
    expect(plan({ limit: 7 }).limit).toBe(7)
  })

  it('names the allowed fields for an unknown filter field', () => {
    expect(problems({ filter: { colour: { eq: 'red' } } })).toEqual([
      {
        pointer: '/filter/colour',
        detail: "cannot filter on 'colour'; allowed: id, name, status, tenant_id, enabled, created_at, tag",
      },
    ])
  })

  it('names the sortable fields for an unknown sort field (multi-valued fields are not sortable)', () => {
    expect(problems({ sort: [{ field: 'tag' }] })).toEqual([
      {
        pointer: '/sort/0/field',
        detail: "cannot sort on 'tag'; allowed: id, name, status, tenant_id, enabled, created_at",
      },
    ])
  })

  it('names the item fields for an unknown field in fields', () => {
    expect(problems({ fields: ['id', 'secret'] })).toEqual([
      {
        pointer: '/fields/1',
        detail: "unknown field 'secret'; allowed: id, name, status, tenant_id, enabled, created_at",
      },
    ])
  })

  it('treats names of Object.prototype as unknown fields', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__defineGetter__']) {
      expect(problems({ filter: { [name]: { eq: 'x' } } })[0]?.pointer).toBe(`/filter/${name}`)
    }
  })

  it('escapes the field name in the JSON pointer', () => {
    expect(problems({ filter: { 'a/b~c': { eq: 'x' } } })[0]?.pointer).toBe('/filter/a~1b~0c')
  })

  it('reports every problem at once', () => {
    const errors = problems({
      filter: { x: { eq: 1 }, status: { eq: 'gone' } },
      sort: [{ field: 'y' }],
      fields: ['z'],
    })
    expect(errors.map((e) => e.pointer)).toEqual([
      '/filter/x',
      '/filter/status/eq',
      '/sort/0/field',
      '/fields/0',
    ])
  })

  it.each([
    [{ status: { eq: 'gone' } }, '/filter/status/eq', 'must be one of: active, revoked'],
    [{ name: { eq: 5 } }, '/filter/name/eq', 'must be a string'],
    [{ enabled: { eq: 'yes' } }, '/filter/enabled/eq', 'must be true or false'],
    [
      { created_at: { gt: '2026-02-30' } },
      '/filter/created_at/gt',
      'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z',
    ],
    [
      { created_at: { in: ['2026-01-01', 'soon'] } },
      '/filter/created_at/in/1',
      'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z',
    ],
    [{ name: { eq: null } }, '/filter/name/eq', 'this field is never empty; null does not apply'],
    [{ tag: { gt: 'a' } }, '/filter/tag/gt', "operator 'gt' does not apply to 'tag'; allowed: eq, neq, in"],
  ])('rejects filter %j at %s', (filter, pointer, detail) => {
    expect(problems({ filter })).toEqual([{ pointer, detail }])
  })

  it('accepts null with eq and neq on a nullable field', () => {
    expect(plan({ filter: { tenant_id: { eq: null } } }).conditions).toEqual([
      { field: 'tenant_id', op: 'eq', value: null },
    ])
  })

  it("rejects 'query' on a resource without relevance search", () => {
    expect(problems({ query: 'x' })).toEqual([
      { pointer: '/query', detail: "'query' is available on provider search only" },
    ])
  })

  it('rejects cursor and offset together', () => {
    expect(problems({ cursor: 'c', offset: 10 })).toEqual([
      { pointer: '/offset', detail: "send either 'cursor' or 'offset', not both" },
    ])
  })

  it('rejects a field named twice in sort', () => {
    expect(problems({ sort: [{ field: 'name' }, { field: 'name', direction: 'desc' }] })).toEqual([
      { pointer: '/sort/1/field', detail: "'name' appears twice in sort" },
    ])
  })
})

describe('the search request schema', () => {
  const issues = (body: unknown) =>
    SearchRequestSchema.safeParse(body).error?.issues.map((i) => i.message) ?? []

  it('names the allowed operators for an unknown one', () => {
    expect(issues({ filter: { id: { like: 'x' } } })).toEqual([
      "unknown operator 'like'; allowed: eq, neq, in, gt, gte, lt, lte",
    ])
  })

  it("limits 'in' to 100 values", () => {
    expect(issues({ filter: { id: { in: Array.from({ length: 101 }, (_, i) => `v${i}`) } } })).toEqual([
      "'in' takes at most 100 values",
    ])
  })

  it.each([0, -1, 2.5])('rejects limit %s', (limit) => {
    expect(issues({ limit }).length).toBe(1)
  })

  it.each([-1, 0.5])('rejects offset %s', (offset) => {
    expect(issues({ offset }).length).toBe(1)
  })
})
