import type { z } from '@hono/zod-openapi'

export type FieldType = 'string' | 'timestamp' | 'number' | 'boolean'

export interface SearchField {
  /** SQL expression for the field: a column name or an expression over the row (never user input). */
  sql: string
  type: FieldType
  /** Closed set of values, for enums: filter values outside it are rejected with 400. */
  values?: readonly string[]
  filter?: boolean
  sort?: boolean
}

/**
 * One searchable resource: its item schema (whose keys are the `fields` allowlist), the table it
 * lives in, and the fields that may be filtered or sorted on (the SQL allowlist).
 */
export interface Searchable<Item extends Record<string, unknown>, Row = Record<string, unknown>> {
  /** Public name used in errors and cursors, e.g. `api_keys`. */
  name: string
  /** zod object schema of one item; its keys are what `fields` may select. */
  item: z.ZodObject<z.ZodRawShape>
  /** FROM clause: a table name or a join (constant SQL). */
  from: string
  /** SELECT list (constant SQL). */
  select: string
  /** WHERE condition that scopes rows to the caller; uses the named parameter `@scope`. */
  scope: string
  fields: Record<string, SearchField>
  /** Default order when `sort` is omitted. The `id` tie-breaker is appended by the engine. */
  defaultSort: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>
  toItem(row: Row): Item
}

/** Declares a searchable resource and checks, once at startup, that it agrees with its schema. */
export function defineSearchable<Item extends Record<string, unknown>, Row = Record<string, unknown>>(
  def: Searchable<Item, Row>,
): Searchable<Item, Row> {
  const itemKeys = new Set(Object.keys(def.item.shape))
  for (const name of Object.keys(def.fields)) {
    if (!itemKeys.has(name)) throw new Error(`${def.name}: search field '${name}' is not in the item schema`)
  }
  if (!def.fields.id || def.fields.id.sort === false)
    throw new Error(`${def.name}: 'id' must be a sortable field (the tie-breaker)`)
  for (const s of def.defaultSort) {
    if (!sortableFields(def.fields).includes(s.field))
      throw new Error(`${def.name}: default sort field '${s.field}' is not sortable`)
  }
  return def
}

/** Fields that may appear in `filter` (every declared field unless it opts out). */
export const filterableFields = (fields: Record<string, SearchField>): string[] =>
  Object.entries(fields)
    .filter(([, f]) => f.filter !== false)
    .map(([name]) => name)

/** Fields that may appear in `sort` (every declared field unless it opts out). */
export const sortableFields = (fields: Record<string, SearchField>): string[] =>
  Object.entries(fields)
    .filter(([, f]) => f.sort !== false)
    .map(([name]) => name)
