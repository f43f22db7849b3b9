import type { z } from 'zod'
import { opaque } from '../db/opaque-param.js'
import { OPERATORS, type Operator } from './search.limits.js'

export type FieldType = 'string' | 'timestamp' | 'number' | 'boolean'

export interface SearchField {
  /** SQL expression for the field: a column name or an expression over the row (never user input). */
  sql: string
  type: FieldType
  /** Closed set of values, for enums: filter values outside it are rejected with 400. */
  values?: readonly string[]
  filter?: boolean
  sort?: boolean
  /**
   * Whether the expression can be NULL. Defaults to whether the item schema accepts null for the
   * field; keyset pagination needs it to place empty values (they sort first ascending).
   */
  nullable?: boolean
  /**
   * For a field with several values per record (a join table): wraps a condition on `sql` into an
   * EXISTS over the record's values. `eq`/`in` match a record having any such value, `neq` one
   * having none. Such fields are filter-only and take eq, neq and in.
   */
  exists?: (condition: string) => string
  /** A filter-only field that is not a key of the item (for example `category` over `categories`). */
  virtual?: boolean
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
  /** WHERE condition that scopes rows to the caller; uses the named parameter `scope` (see opaque-param.ts). */
  scope: string
  fields: Record<string, SearchField>
  /**
   * Default order when `sort` is omitted. Its fields, then `id`, are also the tie-breakers the
   * engine appends to any sort, so one index `(scope, field, <default sort>, id)` serves a sort
   * on `field` in either direction.
   */
  defaultSort: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>
  toItem(row: Row): Item
}

/**
 * What a resource declares; the usual parts may be left out: a field's `sql` is its own column
 * (the field name), `scope` is the caller's workspace, and the default order is newest first.
 */
export type SearchableDefinition<Item extends Record<string, unknown>, Row> = Omit<
  Searchable<Item, Row>,
  'scope' | 'defaultSort' | 'fields'
> &
  Partial<Pick<Searchable<Item, Row>, 'scope' | 'defaultSort'>> & {
    fields: Record<string, Omit<SearchField, 'sql'> & { sql?: string }>
  }

const own = (record: object, key: string) => Object.hasOwn(record, key)

/** Declares a searchable resource and checks, once at startup, that it agrees with its schema. */
export function defineSearchable<Item extends Record<string, unknown>, Row = Record<string, unknown>>(
  definition: SearchableDefinition<Item, Row>,
): Searchable<Item, Row> {
  const def: Searchable<Item, Row> = {
    scope: `workspace_id = ${opaque('scope')}`,
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    ...definition,
    fields: Object.fromEntries(
      Object.entries(definition.fields).map(([name, field]) => [name, { sql: name, ...field }]),
    ),
  }
  const shape = def.item.shape as Record<string, z.ZodType>
  const fields: Record<string, SearchField> = {}
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.virtual && !own(shape, name))
      throw new Error(`${def.name}: search field '${name}' is not in the item schema`)
    if (field.exists && field.sort !== false)
      throw new Error(`${def.name}: multi-valued field '${name}' cannot be sortable`)
    if (field.virtual && field.sort !== false)
      throw new Error(`${def.name}: virtual field '${name}' must set sort: false`)
    const nullable = field.nullable ?? (own(shape, name) && shape[name]!.safeParse(null).success)
    fields[name] = { ...field, nullable }
  }
  if (!fields.id || fields.id.sort === false || fields.id.nullable)
    throw new Error(`${def.name}: 'id' must be a sortable, non-null field (the tie-breaker)`)
  for (const s of def.defaultSort) {
    if (!sortableFields(fields).includes(s.field))
      throw new Error(`${def.name}: default sort field '${s.field}' is not sortable`)
  }
  return { ...def, fields }
}

/** A list worked out once per resource's fields (every search plans against them). */
function perFields(list: (fields: Record<string, SearchField>) => string[]) {
  const lists = new WeakMap<Record<string, SearchField>, readonly string[]>()
  return (fields: Record<string, SearchField>): readonly string[] => {
    let found = lists.get(fields)
    if (!found) {
      found = list(fields)
      lists.set(fields, found)
    }
    return found
  }
}

/** Fields that may appear in `filter` (every declared field unless it opts out). */
export const filterableFields = perFields((fields) =>
  Object.entries(fields)
    .filter(([, f]) => f.filter !== false)
    .map(([name]) => name),
)

/** Fields that may appear in `sort` (every declared field unless it opts out). */
export const sortableFields = perFields((fields) =>
  Object.entries(fields)
    .filter(([, f]) => f.sort !== false && !f.exists && !f.virtual)
    .map(([name]) => name),
)

/** Operators a field accepts: multi-valued fields match by membership only. */
export const operatorsOf = (field: SearchField): readonly Operator[] =>
  field.exists ? ['eq', 'neq', 'in'] : OPERATORS

/** Looks a field up by a user-supplied name without reaching into Object.prototype. */
export const fieldOf = (fields: Record<string, SearchField>, name: string): SearchField | undefined =>
  own(fields, name) ? fields[name] : undefined
