import type { Db } from '../db/open.js'
import { AppError, type FieldError } from '../errors.js'
import { bindingOf, type CursorCodec, type CursorValue } from './cursor.js'
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type Operator,
  type SearchPage,
  type SearchRequest,
} from './search.schema.js'
import { filterableFields, type Searchable, type SearchField, sortableFields } from './searchable.js'

type Scalar = string | number | boolean
type SortKey = { field: string; direction: 'asc' | 'desc' }

const SQL_OPERATORS: Record<Exclude<Operator, 'in'>, string> = {
  eq: '=',
  neq: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** Converts one filter value to the stored representation, or explains why it cannot be. */
function coerce(field: SearchField, value: Scalar): { ok: true; value: Scalar } | { ok: false; why: string } {
  switch (field.type) {
    case 'timestamp': {
      const ms = typeof value === 'string' && ISO_8601.test(value) ? Date.parse(value) : Number.NaN
      if (Number.isNaN(ms))
        return { ok: false, why: 'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z' }
      return { ok: true, value: new Date(ms).toISOString() }
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, why: 'must be a number' }
    case 'boolean':
      return typeof value === 'boolean'
        ? { ok: true, value: value ? 1 : 0 }
        : { ok: false, why: 'must be true or false' }
    case 'string':
      if (typeof value !== 'string') return { ok: false, why: 'must be a string' }
      if (field.values && !field.values.includes(value)) {
        return { ok: false, why: `must be one of: ${field.values.join(', ')}` }
      }
      return { ok: true, value }
  }
}

const allowedList = (names: string[]) => names.join(', ')

interface Compiled {
  where: string[]
  params: Record<string, unknown>
  order: SortKey[]
}

/**
 * Turns a validated search request into SQL, using only identifiers from the resource's
 * allowlist. Every problem is collected so one 400 names all of them.
 */
function compile<I extends Record<string, unknown>, R>(
  def: Searchable<I, R>,
  request: SearchRequest,
): Compiled {
  const errors: FieldError[] = []
  const where: string[] = [def.scope]
  const params: Record<string, unknown> = {}
  const filterable = filterableFields(def.fields)
  const sortable = sortableFields(def.fields)
  let n = 0
  const param = (value: unknown) => {
    const name = `p${n++}`
    params[name] = value
    return `@${name}`
  }

  for (const [name, ops] of Object.entries(request.filter ?? {})) {
    const field = def.fields[name]
    if (!field || !filterable.includes(name)) {
      errors.push({
        pointer: `/filter/${name}`,
        detail: `cannot filter on '${name}'; allowed: ${allowedList(filterable)}`,
      })
      continue
    }
    for (const [op, raw] of Object.entries(ops) as Array<[Operator, Scalar | Scalar[]]>) {
      const pointer = `/filter/${name}/${op}`
      if (op === 'in') {
        const values = raw as Scalar[]
        const coerced: Scalar[] = []
        values.forEach((v, i) => {
          const c = coerce(field, v)
          if (c.ok) coerced.push(c.value)
          else errors.push({ pointer: `${pointer}/${i}`, detail: c.why })
        })
        where.push(`${field.sql} IN (${coerced.map(param).join(', ')})`)
        continue
      }
      if (Array.isArray(raw)) {
        errors.push({ pointer, detail: `'${op}' takes a single value; use 'in' for a list` })
        continue
      }
      const c = coerce(field, raw)
      if (!c.ok) {
        errors.push({ pointer, detail: c.why })
        continue
      }
      where.push(`${field.sql} ${SQL_OPERATORS[op]} ${param(c.value)}`)
    }
  }

  const requested: SortKey[] = request.sort?.length ? [...request.sort] : [...def.defaultSort]
  const seen = new Set<string>()
  requested.forEach((s, i) => {
    if (!sortable.includes(s.field)) {
      errors.push({
        pointer: `/sort/${i}/field`,
        detail: `cannot sort on '${s.field}'; allowed: ${allowedList(sortable)}`,
      })
    } else if (seen.has(s.field)) {
      errors.push({ pointer: `/sort/${i}/field`, detail: `'${s.field}' appears twice in sort` })
    }
    seen.add(s.field)
  })
  const order = requested.filter((s) => sortable.includes(s.field))
  if (!seen.has('id')) order.push({ field: 'id', direction: order.at(-1)?.direction ?? 'asc' })

  const itemFields = Object.keys(def.item.shape)
  request.fields?.forEach((f, i) => {
    if (!itemFields.includes(f)) {
      errors.push({
        pointer: `/fields/${i}`,
        detail: `unknown field '${f}'; allowed: ${allowedList(itemFields)}`,
      })
    }
  })

  if (errors.length)
    throw new AppError('invalid_request', 'The search request is not valid for this resource.', { errors })
  return { where, params, order }
}

/** Keyset condition "strictly after the cursor position" for the given order. */
function keysetCondition(
  def: Searchable<Record<string, unknown>, unknown>,
  order: SortKey[],
  position: CursorValue[],
  param: (v: unknown) => string,
): string {
  const exprs = order.map((s) => def.fields[s.field]!.sql)
  const values = position.map(param)
  const sameDirection = order.every((s) => s.direction === order[0]!.direction)
  if (sameDirection) {
    // Row values let SQLite walk the index straight to the position, so deep pages cost what page 1 costs.
    const op = order[0]!.direction === 'asc' ? '>' : '<'
    return `(${exprs.join(', ')}) ${op} (${values.join(', ')})`
  }
  const branches = order.map((s, i) => {
    const equal = exprs.slice(0, i).map((e, j) => `${e} = ${values[j]}`)
    return [...equal, `${exprs[i]} ${s.direction === 'asc' ? '>' : '<'} ${values[i]}`].join(' AND ')
  })
  return `(${branches.map((b) => `(${b})`).join(' OR ')})`
}

const pick = (item: Record<string, unknown>, fields: string[] | undefined) =>
  fields ? Object.fromEntries(fields.map((f) => [f, item[f]])) : item

/** The one search engine behind every `/api/<resource>/search` endpoint. */
export function createSearchEngine(deps: { db: Db; cursors: CursorCodec }) {
  const { db, cursors } = deps
  const statements = new Map<string, ReturnType<Db['prepare']>>()
  const prepared = (sql: string) => {
    let stmt = statements.get(sql)
    if (!stmt) {
      stmt = db.prepare(sql)
      // Distinct SQL shapes are bounded by the allowlists, but cap the cache anyway.
      if (statements.size > 500) statements.clear()
      statements.set(sql, stmt)
    }
    return stmt
  }

  return {
    /** Runs one search for the given scope (workspace id). Throws AppError for invalid requests. */
    search<I extends Record<string, unknown>, R>(
      def: Searchable<I, R>,
      scope: string,
      request: SearchRequest,
    ): SearchPage<Partial<I>> {
      if (request.query !== undefined) {
        throw new AppError('invalid_request', `'query' is available on provider search only.`, {
          errors: [{ pointer: '/query', detail: 'not supported for this resource' }],
        })
      }
      if (request.cursor !== undefined && request.offset !== undefined) {
        throw new AppError('invalid_request', `Send either 'cursor' or 'offset', not both.`, {
          errors: [{ pointer: '/offset', detail: 'cannot be combined with cursor' }],
        })
      }
      const { where, params, order } = compile(def, request)
      const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT)
      const binding = bindingOf({ filter: request.filter ?? {}, sort: order })
      let n = Object.keys(params).length
      const param = (value: unknown) => {
        const name = `p${n++}`
        params[name] = value
        return `@${name}`
      }
      const generic = def as unknown as Searchable<Record<string, unknown>, unknown>
      if (request.cursor !== undefined) {
        const position = cursors.decode(request.cursor, {
          r: def.name,
          w: scope,
          b: binding,
          keyLength: order.length,
        })
        where.push(keysetCondition(generic, order, position, param))
      }
      const orderBy = order.map((s) => `${def.fields[s.field]!.sql} ${s.direction.toUpperCase()}`).join(', ')
      const sortSelect = order.map((s, i) => `${def.fields[s.field]!.sql} AS __k${i}`).join(', ')
      const sql =
        `SELECT ${def.select}, ${sortSelect} FROM ${def.from} WHERE ${where.join(' AND ')} ` +
        `ORDER BY ${orderBy} LIMIT @__limit OFFSET @__offset`
      const rows = prepared(sql).all({
        ...params,
        scope,
        __limit: limit + 1,
        __offset: request.offset ?? 0,
      }) as Array<Record<string, unknown>>
      const hasMore = rows.length > limit
      const pageRows = hasMore ? rows.slice(0, limit) : rows
      const page: SearchPage<Partial<I>> = {
        data: pageRows.map((row) => pick(def.toItem(row as R), request.fields) as Partial<I>),
        has_more: hasMore,
        limit,
      }
      const last = pageRows.at(-1)
      if (hasMore && last) {
        page.next_cursor = cursors.encode({
          r: def.name,
          w: scope,
          b: binding,
          k: order.map((_, i) => last[`__k${i}`] as CursorValue),
        })
      }
      return page
    },
  }
}
export type SearchEngine = ReturnType<typeof createSearchEngine>
