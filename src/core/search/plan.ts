import { AppError, type FieldError, pointerToken } from '../errors.js'
import { DEFAULT_LIMIT, MAX_LIMIT, type Operator } from './search.limits.js'
import type { SearchRequest } from './search.schema.js'
import {
  fieldOf,
  filterableFields,
  operatorsOf,
  type Searchable,
  type SearchField,
  sortableFields,
} from './searchable.js'

/** A value as SQLite stores it. */
export type SqlValue = string | number | null
export type SortKey = { field: string; direction: 'asc' | 'desc' }

export interface Condition {
  field: string
  op: Operator
  /** Already converted to the stored representation; an array for `in`. */
  value: SqlValue | SqlValue[]
}

/** A validated search request, in stored representation, ready to be turned into SQL. */
export interface Plan {
  conditions: Condition[]
  /** The full order: the requested keys, then the tie-breakers (default sort fields, `id`). */
  order: SortKey[]
  /** Whether the caller gave `sort` (a ranked search without it orders by relevance). */
  sorted: boolean
  fields: string[] | undefined
  limit: number
  offset: number | undefined
}

/** The pseudo-field of a ranked (relevance) search: the position in the ranking. */
export const RANK_FIELD = '__rank'

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/**
 * Parses an ISO 8601 date or date-time into milliseconds, rejecting impossible dates (2026-02-30)
 * that `Date.parse` would roll over. A date-time without an offset is UTC, like a date alone.
 */
export function parseTimestamp(text: string): number | undefined {
  const m = ISO_8601.exec(text)
  if (!m) return undefined
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number]
  const [year, month, day, hour, minute, second] = parts
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined
  const date = new Date(
    Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.padEnd(3, '0').slice(0, 3))),
  )
  date.setUTCFullYear(year) // Date.UTC maps years 0-99 to 1900-1999
  if (date.getUTCDate() !== day) return undefined
  let offsetMinutes = 0
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const oh = Number(digits.slice(0, 2))
    const om = Number(digits.slice(2) || '0')
    if (oh > 23 || om > 59) return undefined
    offsetMinutes = sign * (oh * 60 + om)
  }
  return date.getTime() - offsetMinutes * 60_000
}

type Coerced = { ok: true; value: SqlValue } | { ok: false; why: string }

/** Converts one filter value to the stored representation, or explains why it cannot be. */
function coerce(field: SearchField, value: unknown): Coerced {
  if (value === null) {
    return field.nullable && !field.exists
      ? { ok: true, value: null }
      : { ok: false, why: 'this field is never empty; null does not apply' }
  }
  switch (field.type) {
    case 'timestamp': {
      const ms = typeof value === 'string' ? parseTimestamp(value) : undefined
      if (ms === undefined || Number.isNaN(ms) || Math.abs(ms) > 8.64e15)
        return { ok: false, why: 'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z' }
      return { ok: true, value: new Date(ms).toISOString() }
    }
    case 'number':
      return typeof value === 'number' ? { ok: true, value } : { ok: false, why: 'must be a number' }
    case 'boolean':
      return typeof value === 'boolean'
        ? { ok: true, value: value ? 1 : 0 }
        : { ok: false, why: 'must be true or false' }
    case 'string':
      if (typeof value !== 'string') return { ok: false, why: 'must be a string' }
      if (field.values && !field.values.includes(value))
        return { ok: false, why: `must be one of: ${field.values.join(', ')}` }
      return { ok: true, value }
  }
}

const list = (names: readonly string[]) => names.join(', ')

function planConditions(
  def: Searchable<Record<string, unknown>, unknown>,
  filter: SearchRequest['filter'],
  errors: FieldError[],
): Condition[] {
  const filterable = filterableFields(def.fields)
  const conditions: Condition[] = []
  for (const [name, ops] of Object.entries(filter ?? {})) {
    // Built only when a refusal names it: for every field of every search it would cost string replaces.
    const filterPointer = () => `/filter/${pointerToken(name)}`
    const field = fieldOf(def.fields, name)
    if (!field || !filterable.includes(name)) {
      errors.push({
        pointer: filterPointer(),
        detail: `cannot filter on '${name}'; allowed: ${list(filterable)}`,
      })
      continue
    }
    for (const [op, raw] of Object.entries(ops) as Array<[Operator, unknown]>) {
      const allowed = operatorsOf(field)
      if (!allowed.includes(op)) {
        errors.push({
          pointer: `${filterPointer()}/${op}`,
          detail: `operator '${op}' does not apply to '${name}'; allowed: ${list(allowed)}`,
        })
        continue
      }
      if (op === 'in') {
        const values: SqlValue[] = []
        ;(raw as unknown[]).forEach((v, i) => {
          const c = coerce(field, v)
          if (c.ok) values.push(c.value)
          else errors.push({ pointer: `${filterPointer()}/in/${i}`, detail: c.why })
        })
        conditions.push({ field: name, op, value: values })
        continue
      }
      if (raw === null && op !== 'eq' && op !== 'neq') {
        errors.push({
          pointer: `${filterPointer()}/${op}`,
          detail: `'${op}' needs a value; only eq and neq take null`,
        })
        continue
      }
      const c = coerce(field, raw)
      if (c.ok) conditions.push({ field: name, op, value: c.value })
      else errors.push({ pointer: `${filterPointer()}/${op}`, detail: c.why })
    }
  }
  return conditions
}

function planOrder(
  def: Searchable<Record<string, unknown>, unknown>,
  sort: SearchRequest['sort'],
  ranked: boolean,
  errors: FieldError[],
): SortKey[] {
  const sortable = sortableFields(def.fields)
  const order: SortKey[] = []
  ;(sort ?? []).forEach((s, i) => {
    if (!sortable.includes(s.field)) {
      errors.push({
        pointer: `/sort/${i}/field`,
        detail: `cannot sort on '${s.field}'; allowed: ${list(sortable)}`,
      })
    } else if (order.some((o) => o.field === s.field)) {
      errors.push({ pointer: `/sort/${i}/field`, detail: `'${s.field}' appears twice in sort` })
    } else {
      order.push({ field: s.field, direction: s.direction })
    }
  })
  if (!sort?.length) {
    if (ranked) order.push({ field: RANK_FIELD, direction: 'asc' })
    else order.push(...def.defaultSort)
  }
  // Tie-breakers follow the last key's direction, so the whole order can walk one index.
  const direction = order.at(-1)?.direction ?? 'asc'
  const breakers = ranked && !sort?.length ? ['id'] : [...def.defaultSort.map((s) => s.field), 'id']
  for (const field of breakers) {
    if (!order.some((o) => o.field === field)) order.push({ field, direction })
  }
  return order
}

/**
 * Validates a search request against a resource's allowlists and converts its values to the
 * stored representation. Every problem is collected so one 400 names all of them.
 */
export function planSearch(
  def: Searchable<Record<string, unknown>, unknown>,
  request: SearchRequest,
  options: { ranked: boolean },
): Plan {
  const errors: FieldError[] = []
  if (request.query !== undefined && !options.ranked)
    errors.push({ pointer: '/query', detail: `'query' is available on provider search only` })
  if (request.cursor !== undefined && request.offset !== undefined)
    errors.push({ pointer: '/offset', detail: `send either 'cursor' or 'offset', not both` })
  const conditions = planConditions(def, request.filter, errors)
  const order = planOrder(def, request.sort, options.ranked, errors)
  const itemFields = Object.keys(def.item.shape)
  request.fields?.forEach((f, i) => {
    if (!itemFields.includes(f))
      errors.push({ pointer: `/fields/${i}`, detail: `unknown field '${f}'; allowed: ${list(itemFields)}` })
  })
  if (errors.length) {
    const more =
      errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : ''
    throw new AppError('invalid_request', `The search request is not valid: ${errors[0]!.detail}${more}.`, {
      errors,
    })
  }
  return {
    conditions,
    order,
    sorted: Boolean(request.sort?.length),
    fields: request.fields,
    limit: Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT),
    offset: request.offset,
  }
}
