import { z } from '@hono/zod-openapi'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { createCursorCodec } from '../../src/core/search/cursor.js'
import type { SearchRequest } from '../../src/core/search/search.schema.js'
import { createSearchEngine } from '../../src/core/search/search-engine.js'
import { defineSearchable } from '../../src/core/search/searchable.js'
import { tempDir } from '../helpers/app.js'
import type { Model, Row } from './reference.js'

/**
 * A searchable fixture that exercises every kind of field the engine supports: text with ties and
 * case variants (NOCASE), an enum, a nullable number, a boolean, nullable text, timestamps with
 * ties, and a multi-valued field behind a join table.
 */
export const ThingSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['a', 'b', 'c']),
  rank: z.number().nullable(),
  flag: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
})
type Thing = z.infer<typeof ThingSchema>
type ThingRow = Omit<Thing, 'flag'> & { flag: number; ws: string }

export const thingsSearchable = defineSearchable<Thing, ThingRow>({
  name: 'things',
  item: ThingSchema,
  from: 'things',
  select: 'id, ws, label, kind, rank, flag, note, created_at',
  scope: 'ws = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    label: { sql: 'label COLLATE NOCASE', type: 'string' },
    kind: { sql: 'kind', type: 'string', values: ['a', 'b', 'c'] },
    rank: { sql: 'rank', type: 'number' },
    flag: { sql: 'flag', type: 'boolean' },
    note: { sql: 'note', type: 'string' },
    created_at: { sql: 'created_at', type: 'timestamp' },
    tag: {
      sql: 'tt.tag',
      type: 'string',
      virtual: true,
      sort: false,
      exists: (c) => `EXISTS (SELECT 1 FROM thing_tags AS tt WHERE tt.thing_id = things.id AND ${c})`,
    },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: (row) => ({
    id: row.id,
    label: row.label,
    kind: row.kind,
    rank: row.rank,
    flag: row.flag === 1,
    note: row.note,
    created_at: row.created_at,
  }),
})

export const thingsModel: Model = {
  fields: {
    id: { type: 'string' },
    label: { type: 'string', nocase: true },
    kind: { type: 'string' },
    rank: { type: 'number' },
    flag: { type: 'boolean' },
    note: { type: 'string' },
    created_at: { type: 'timestamp' },
    tag: { type: 'string', many: true },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
}

/** Small pools, so ties, NULLs and case variants are common. */
export const POOLS = {
  label: ['alpha', 'Alpha', 'ALPHA', 'beta', 'Beta2', 'gamma', 'é', 'Zed', '', 'a b'],
  kind: ['a', 'b', 'c'],
  rank: [null, -1, 0, 1, 2.5, 10],
  flag: [0, 1],
  note: [null, '', 'x', 'X', 'y'],
  created_at: [
    '2026-01-01T00:00:00.000Z',
    '2026-01-01T00:00:00.001Z',
    '2026-02-01T12:00:00.000Z',
    '2026-02-01T12:00:00.000Z',
    '2026-03-15T08:30:00.000Z',
  ],
  tag: ['red', 'green', 'blue'],
} as const

export interface ThingInput {
  id: string
  ws: string
  label: string
  kind: string
  rank: number | null
  flag: number
  note: string | null
  created_at: string
  tags: string[]
}

export const thingArb = (id: fc.Arbitrary<string>): fc.Arbitrary<ThingInput> =>
  fc.record({
    id,
    ws: fc.constantFrom('w1', 'w1', 'w1', 'w2'),
    label: fc.constantFrom(...POOLS.label),
    kind: fc.constantFrom(...POOLS.kind),
    rank: fc.constantFrom(...POOLS.rank),
    flag: fc.constantFrom(...POOLS.flag),
    note: fc.constantFrom(...POOLS.note),
    created_at: fc.constantFrom(...POOLS.created_at),
    tags: fc.subarray([...POOLS.tag]),
  })

/** Unique ids whose order has nothing to do with insertion order. */
export const thingsArb = (max: number) =>
  fc
    .uniqueArray(fc.stringMatching(/^[0-9a-z]{1,6}$/), { maxLength: max })
    .chain((ids) => fc.tuple(...ids.map((id) => thingArb(fc.constant(`t_${id}`)))))

const FILTERABLE: Record<string, { ops: string[]; values: readonly unknown[]; nullable?: boolean }> = {
  id: { ops: ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'], values: ['t_1', 't_a', 't_m', 't_z'] },
  label: { ops: ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'], values: POOLS.label },
  kind: { ops: ['eq', 'neq', 'in'], values: POOLS.kind },
  rank: {
    ops: ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'],
    values: POOLS.rank.filter((v) => v !== null),
    nullable: true,
  },
  flag: { ops: ['eq', 'neq', 'in'], values: [true, false] },
  note: {
    ops: ['eq', 'neq', 'in', 'gt', 'lt'],
    values: POOLS.note.filter((v) => v !== null),
    nullable: true,
  },
  created_at: { ops: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'], values: POOLS.created_at },
  tag: { ops: ['eq', 'neq', 'in'], values: POOLS.tag },
}
const SORTABLE = ['id', 'label', 'kind', 'rank', 'flag', 'note', 'created_at']

const opArb = (name: string) => {
  const spec = FILTERABLE[name]!
  const value = fc.constantFrom(...spec.values)
  return fc
    .constantFrom(...spec.ops)
    .chain((op) =>
      op === 'in'
        ? fc.array(value, { minLength: 1, maxLength: 3 }).map((v) => ({ in: v }))
        : (op === 'eq' || op === 'neq') && spec.nullable
          ? fc.oneof(value, fc.constant(null)).map((v) => ({ [op]: v }))
          : value.map((v) => ({ [op]: v })),
    )
}

/** A valid search request: a few filters, a few sort keys in any direction, a small page. */
export const requestArb: fc.Arbitrary<SearchRequest> = fc.record(
  {
    filter: fc
      .subarray(Object.keys(FILTERABLE), { maxLength: 3 })
      .chain((names) => fc.tuple(...names.map((n) => fc.tuple(fc.constant(n), opArb(n)))))
      .map((entries) => Object.fromEntries(entries) as SearchRequest['filter']),
    sort: fc
      .shuffledSubarray(SORTABLE, { maxLength: 3 })
      .chain((fields) =>
        fc.tuple(
          ...fields.map((field) =>
            fc.constantFrom('asc' as const, 'desc' as const).map((direction) => ({ field, direction })),
          ),
        ),
      ),
    limit: fc.integer({ min: 1, max: 7 }),
  },
  { requiredKeys: ['limit'] },
)

/** A real SQLite file with the fixture table, and the engine over it. */
export function createThingsDb() {
  const { dir, cleanup } = tempDir('switchyard-things-')
  const db = new Database(`${dir}/things.db`)
  db.pragma('journal_mode = WAL')
  db.exec(`
    CREATE TABLE things (id TEXT PRIMARY KEY, ws TEXT NOT NULL, label TEXT NOT NULL, kind TEXT NOT NULL,
      rank REAL, flag INTEGER NOT NULL, note TEXT, created_at TEXT NOT NULL);
    CREATE INDEX things_ws_created ON things (ws, created_at, id);
    CREATE INDEX things_ws_label ON things (ws, label COLLATE NOCASE, created_at, id);
    CREATE TABLE thing_tags (thing_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (thing_id, tag));`)
  const insert = db.prepare(
    'INSERT INTO things (id, ws, label, kind, rank, flag, note, created_at) VALUES (@id, @ws, @label, @kind, @rank, @flag, @note, @created_at)',
  )
  const tag = db.prepare('INSERT INTO thing_tags (thing_id, tag) VALUES (?, ?)')
  const engine = createSearchEngine({ db, cursors: createCursorCodec(Buffer.alloc(32, 7)) })
  return {
    engine,
    insert(things: readonly ThingInput[]) {
      db.transaction(() => {
        for (const { tags, ...row } of things) {
          insert.run(row)
          for (const t of tags) tag.run(row.id, t)
        }
      })()
    },
    clear() {
      db.exec('DELETE FROM things; DELETE FROM thing_tags;')
    },
    close() {
      db.close()
      cleanup()
    },
  }
}

/** The reference model's view of a stored thing. */
export const toModelRow = (t: ThingInput): Row => ({
  id: t.id,
  label: t.label,
  kind: t.kind,
  rank: t.rank,
  flag: t.flag,
  note: t.note,
  created_at: t.created_at,
  tag: t.tags,
})
