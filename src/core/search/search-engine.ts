import { createOffLoopReads, type OffLoopReads } from '../db/off-loop-reads.js'
import { opaque } from '../db/opaque-param.js'
import type { Db } from '../db/open.js'
import { AppError } from '../errors.js'
import { bindingOf, type CursorCodec, type CursorPayload, type CursorValue } from './cursor.js'
import { type Plan, planSearch, RANK_FIELD, type SqlValue } from './plan.js'
import { ALWAYS_SELECTED, type SearchPage, type SearchRequest } from './search.schema.js'
import type { Searchable, SearchField } from './searchable.js'
import { type Bind, conditionSql, keysetSql } from './sql.js'

/** Ids ranked by relevance for one query, under one version of the text index. */
export interface Ranking {
  version: string
  ids: readonly string[]
  /**
   * The items of these ids from the index's own projection (same order, missing ones left out),
   * so a plain relevance page needs no SQL. Without it the engine loads them from the table.
   */
  items?: (ids: readonly string[]) => Array<Record<string, unknown>>
}

export interface SearchOptions {
  /**
   * Relevance ranking for `request.query` (provider search). `rank(version)` returns the ranking
   * of the version a cursor walk started on (or the current one when `version` is undefined), so
   * a walk stays consistent while the index changes; it throws `invalid_cursor` when that version
   * is gone.
   */
  ranking?: { query: string; rank(version: string | undefined): Ranking }
}

type AnySearchable = Searchable<Record<string, unknown>, unknown>
type Page = SearchPage<Record<string, unknown>>

const RANK: SearchField = { sql: '__r.__rank', type: 'number', nullable: false }
const rankedFrom = (from: string) =>
  `(SELECT key + ${opaque('__base')} AS __rank, value AS __rid FROM json_each(${opaque('__ranked')})) AS __r CROSS JOIN ${from}`

const pick = (item: Record<string, unknown>, fields: string[] | undefined) =>
  fields ? Object.fromEntries([...new Set([...ALWAYS_SELECTED, ...fields])].map((f) => [f, item[f]])) : item

type Rows = Array<Record<string, unknown>>

/** The column a field's SQL names (`t.col`, `col COLLATE NOCASE`), as query plans name it; none for an expression. */
const columnOf = (sql: string) => /^(?:\w+\.)?(\w+)(?: COLLATE \w+)?$/.exec(sql)?.[1]

/** The one search engine behind every `/api/<resource>/search` endpoint. */
export function createSearchEngine(deps: { db: Db; cursors: CursorCodec; reads?: OffLoopReads }) {
  const { db, cursors } = deps
  const reads = deps.reads ?? createOffLoopReads(db)
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

  /**
   * The statement of one page (limit + 1 rows, to see whether more follow, with the sort keys as
   * __k0…), and its parameters.
   */
  function query(
    def: AnySearchable,
    scope: string,
    plan: Plan,
    position: CursorValue[] | undefined,
    ranked?: { ids: readonly string[]; base: number },
  ): { sql: string; params: Record<string, unknown>; filtered: Array<string | undefined> } {
    const fields = ranked ? { ...def.fields, [RANK_FIELD]: RANK } : def.fields
    const params: Record<string, unknown> = { scope, __limit: plan.limit + 1, __offset: plan.offset ?? 0 }
    let n = 0
    const bind: Bind = (value) => {
      params[`p${n}`] = value
      return opaque(`p${n++}`)
    }
    const where = [def.scope, ...plan.conditions.map((c) => conditionSql(fields[c.field]!, c, bind))]
    if (ranked) {
      params.__ranked = JSON.stringify(ranked.ids)
      params.__base = ranked.base
      where.push(`__r.__rid = ${def.fields.id!.sql}`)
    }
    if (position) where.push(keysetSql(fields, plan.order, position, bind))
    const orderBy = plan.order.map((s) => `${fields[s.field]!.sql} ${s.direction.toUpperCase()}`).join(', ')
    const keys = plan.order.map((s, i) => `${fields[s.field]!.sql} AS __k${i}`).join(', ')
    const sql =
      `SELECT ${def.select}, ${keys} FROM ${ranked ? rankedFrom(def.from) : def.from} ` +
      `WHERE ${where.join(' AND ')} ORDER BY ${orderBy} LIMIT ${opaque('__limit')} OFFSET ${opaque('__offset')}`
    const filtered = plan.conditions.map((c) => columnOf(fields[c.field]!.sql))
    return { sql, params, filtered }
  }

  const rowsNow = ({ sql, params }: { sql: string; params: Record<string, unknown> }) =>
    prepared(sql).all(params) as Rows

  /** A keyset (or offset) page from its rows straight from SQL. */
  function sqlPage(
    def: AnySearchable,
    plan: Plan,
    rows: Rows,
  ): { page: Page; next: CursorValue[] | undefined } {
    const hasMore = rows.length > plan.limit
    const pageRows = hasMore ? rows.slice(0, plan.limit) : rows
    const last = pageRows.at(-1)
    return {
      page: {
        data: pageRows.map((row) => pick(def.toItem(row), plan.fields)),
        has_more: hasMore,
        limit: plan.limit,
      },
      next: last && plan.order.map((_, i) => last[`__k${i}`] as SqlValue),
    }
  }

  /**
   * A plain relevance page (no filter, no sort): the next slice of the ranking. Records deleted
   * since the ranking was built drop out of the slice; the walk continues after the slice.
   */
  function rankedPage(
    def: AnySearchable,
    scope: string,
    plan: Plan,
    position: CursorValue[] | undefined,
    ranking: Ranking,
  ): { page: Page; next: CursorValue[] | undefined } {
    const start = position ? Number(position[0]) + 1 : (plan.offset ?? 0)
    const ids = ranking.ids.slice(start, start + plan.limit)
    const items = ranking.items
      ? ranking.items(ids)
      : rowsNow(query(def, scope, { ...plan, offset: 0 }, undefined, { ids, base: start })).map((row) =>
          def.toItem(row),
        )
    const last = start + ids.length - 1
    return {
      page: {
        data: items.map((item) => pick(item, plan.fields)),
        has_more: last + 1 < ranking.ids.length,
        limit: plan.limit,
      },
      next: [last, ranking.ids[last] ?? null],
    }
  }

  /**
   * Plans one search and says how to finish it: from the ranking alone (`page`), or from the rows
   * of one statement (`statement`, then `finish`). Throws AppError for invalid requests (400
   * `invalid_request` naming every problem, 400 `invalid_cursor`).
   */
  function prepare(def: AnySearchable, scope: string, request: SearchRequest, options: SearchOptions) {
    const { ranking } = options
    const plan = planSearch(def, request, { ranked: ranking !== undefined })
    // What a cursor is bound to; only needed to read or issue one (most pages do neither).
    let bound: string | undefined
    const binding = () =>
      (bound ??= bindingOf({ filter: request.filter ?? {}, sort: plan.order, query: ranking?.query }))
    let position: CursorValue[] | undefined
    let version: string | undefined
    if (request.cursor !== undefined) {
      ;({ k: position, v: version } = cursors.decode(request.cursor, {
        r: def.name,
        w: scope,
        b: binding(),
        keyLength: plan.order.length,
      }))
      if (ranking && version === undefined) {
        throw new AppError(
          'invalid_cursor',
          'The cursor was not issued by a query search. Start again without a cursor.',
        )
      }
    }
    const ranked = ranking?.rank(version)
    const withCursor = ({ page, next }: { page: Page; next: CursorValue[] | undefined }): Page => {
      if (page.has_more && next) {
        const payload: CursorPayload = { r: def.name, w: scope, b: binding(), k: next }
        if (ranked) payload.v = ranked.version
        page.next_cursor = cursors.encode(payload)
      }
      return page
    }
    if (ranked && !plan.sorted && plan.conditions.length === 0)
      return { page: withCursor(rankedPage(def, scope, plan, position, ranked)) }
    return {
      statement: query(def, scope, plan, position, ranked && { ids: ranked.ids, base: 0 }),
      finish: (rows: Rows) => withCursor(sqlPage(def, plan, rows)),
    }
  }

  return {
    /**
     * Runs one search for the given scope (workspace id), on this thread whatever it costs: for
     * callers in-process (the catalog, benchmarks). Throws AppError for invalid requests (400
     * `invalid_request` naming every problem, 400 `invalid_cursor`).
     */
    search<I extends Record<string, unknown>, R>(
      def: Searchable<I, R>,
      scope: string,
      request: SearchRequest,
      options: SearchOptions = {},
    ): SearchPage<Partial<I>> {
      const job = prepare(def as unknown as AnySearchable, scope, request, options)
      const page = job.page ?? job.finish(rowsNow(job.statement))
      return page as SearchPage<Partial<I>>
    },
    /**
     * The same search for an API request: answered now when an index bounds its statement, else a
     * promise of the page, its statement run on the read thread (db/off-loop-reads.ts) so that one
     * search cannot hold up every other request.
     */
    searchForRequest<I extends Record<string, unknown>, R>(
      def: Searchable<I, R>,
      scope: string,
      request: SearchRequest,
      options: SearchOptions = {},
    ): SearchPage<Partial<I>> | Promise<SearchPage<Partial<I>>> {
      const job = prepare(def as unknown as AnySearchable, scope, request, options)
      if (job.page) return job.page as SearchPage<Partial<I>>
      const { sql, params, filtered } = job.statement
      const rows = reads.all(prepared(sql), sql, params, filtered, def.from)
      return (rows instanceof Promise ? rows.then((r) => job.finish(r as Rows)) : job.finish(rows as Rows)) as
        | SearchPage<Partial<I>>
        | Promise<SearchPage<Partial<I>>>
    },
    /** Stops the read thread (before the database closes). */
    close: () => reads.stop(),
  }
}
export type SearchEngine = ReturnType<typeof createSearchEngine>
