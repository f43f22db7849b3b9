import type { FilterOperator, SearchRequest } from '../../src/core/search/search.schema.js'

/**
 * A plain in-memory model of what a search must return, written without SQL and without the
 * engine's code: rows are records of stored values (strings, numbers, NULL) keyed by field name.
 */
export type Value = string | number | null
export type Row = Record<string, Value | Value[]>

export interface ModelField {
  type: 'string' | 'number' | 'boolean' | 'timestamp'
  /** Case-insensitive ASCII comparison, like SQLite's NOCASE. */
  nocase?: boolean
  /** Several values per row (an array): eq/in match when any value does, neq when none does. */
  many?: boolean
}

export interface Model {
  fields: Record<string, ModelField>
  defaultSort: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>
}

const utf8 = (s: string) => Buffer.from(s, 'utf8')
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** SQLite's ordering: NULL first, then numbers, then text (BINARY = UTF-8 bytes, or NOCASE). */
export function compareValues(a: Value, b: Value, nocase = false): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'number') return -1
  if (typeof b === 'number') return 1
  return nocase ? Buffer.compare(utf8(fold(a)), utf8(fold(b))) : Buffer.compare(utf8(a), utf8(b))
}

/** A request value as stored: booleans are 0/1; everything else is generated in stored form. */
const stored = (v: unknown): Value => (typeof v === 'boolean' ? (v ? 1 : 0) : (v as Value))

function matchesMany(values: Value[], op: string, raw: unknown): boolean {
  const has = (x: unknown) => values.some((v) => compareValues(v, stored(x)) === 0)
  if (op === 'eq') return has(raw)
  if (op === 'neq') return !has(raw)
  if (op === 'in') return (raw as unknown[]).some(has)
  throw new Error(`operator ${op} on a multi-valued field`)
}

function matches(v: Value, op: string, raw: unknown, nocase: boolean): boolean {
  const cmp = (x: unknown) => compareValues(v, stored(x), nocase)
  switch (op) {
    case 'eq':
      return raw === null ? v === null : v !== null && cmp(raw) === 0
    case 'neq':
      return raw === null ? v !== null : v === null || cmp(raw) !== 0
    case 'in':
      return v !== null && (raw as unknown[]).some((x) => cmp(x) === 0)
    case 'gt':
      return v !== null && cmp(raw) > 0
    case 'gte':
      return v !== null && cmp(raw) >= 0
    case 'lt':
      return v !== null && cmp(raw) < 0
    case 'lte':
      return v !== null && cmp(raw) <= 0
    default:
      throw new Error(`unknown operator ${op}`)
  }
}

/** The documented order: the requested keys (or the default), then default-sort fields and id, in the last key's direction. */
export function referenceOrder(model: Model, sort: SearchRequest['sort']) {
  const order = sort?.length
    ? sort.map((s) => ({ field: s.field, direction: s.direction }))
    : [...model.defaultSort]
  const direction = order.at(-1)!.direction
  for (const field of [...model.defaultSort.map((s) => s.field), 'id'])
    if (!order.some((o) => o.field === field)) order.push({ field, direction })
  return order
}

/** Every row the request selects, in order (before pagination). */
export function referenceSearch(rows: readonly Row[], model: Model, request: SearchRequest): Row[] {
  const filter = Object.entries(request.filter ?? {}) as Array<[string, FilterOperator]>
  const order = referenceOrder(model, request.sort)
  return rows
    .filter((row) =>
      filter.every(([field, ops]) =>
        Object.entries(ops).every(([op, raw]) =>
          model.fields[field]?.many
            ? matchesMany((row[field] ?? []) as Value[], op, raw)
            : matches((row[field] ?? null) as Value, op, raw, model.fields[field]?.nocase ?? false),
        ),
      ),
    )
    .sort((a, b) => {
      for (const key of order) {
        const d = compareValues(
          (a[key.field] ?? null) as Value,
          (b[key.field] ?? null) as Value,
          model.fields[key.field]?.nocase,
        )
        if (d !== 0) return key.direction === 'asc' ? d : -d
      }
      return 0
    })
}
