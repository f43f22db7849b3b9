import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  allOf,
  bodyOf,
  type Ctx,
  invalid,
  isAnswer,
  type Json,
  listAnswer,
  pagingOf,
  plainOf,
  retrieve,
  type Stored,
  target,
} from './context.js'
import { titleOfPage } from './pages.js'
import { filterOf, type Schema, sortOf } from './properties.js'

/** GET /v1/databases/:id: the database and its data sources. */
export const retrieveDatabase = retrieve('database')

/** GET /v1/data_sources/:id: the data source and its property schema. */
export const retrieveDataSource = retrieve('data_source')

/**
 * POST /v1/data_sources/:id/query: the data source's pages that pass `filter`, in `sorts` order
 * (oldest first when none), a page of `page_size` after `start_cursor`.
 */
export function queryDataSource(ctx: Ctx): ProxyAnswer {
  const source = target(ctx, 'data_source')
  if (isAnswer(source)) return source
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const schema = source.properties as Schema
  const test = filterOf(body.filter, schema)
  if (typeof test === 'string') return invalid(ctx, test)
  const compare = sortOf(body.sorts, schema)
  if (typeof compare === 'string') return invalid(ctx, compare)
  const paging = pagingOf(ctx, body)
  if (isAnswer(paging)) return paging
  const rows = allOf(ctx, 'page')
    .filter((p) => (p.parent as Json).data_source_id === source.id && test(p))
    .sort(compare)
  return listAnswer(ctx, rows, paging, 'page_or_data_source')
}

const titleOf = (o: Stored) => (o.object === 'page' ? titleOfPage(o) : plainOf(o.title))

/**
 * POST /v1/search: pages and data sources whose title contains `query`, optionally only one
 * `filter.value` kind, by `last_edited_time` (newest first unless `sort` says ascending).
 */
export function search(ctx: Ctx): ProxyAnswer {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const filter = body.filter as Json | undefined
  if (
    filter !== undefined &&
    (filter.property !== 'object' || !['page', 'data_source'].includes(String(filter.value)))
  )
    return invalid(
      ctx,
      'body failed validation: body.filter.value should be `"page"` or `"data_source"`, and body.filter.property `"object"`.',
    )
  const sort = body.sort as Json | undefined
  if (
    sort !== undefined &&
    (sort.timestamp !== 'last_edited_time' || !['ascending', 'descending'].includes(String(sort.direction)))
  )
    return invalid(
      ctx,
      'body failed validation: body.sort should be `{timestamp:"last_edited_time", direction}`.',
    )
  const paging = pagingOf(ctx, body)
  if (isAnswer(paging)) return paging
  const query = String(body.query ?? '').toLowerCase()
  const kinds = filter ? [filter.value as 'page' | 'data_source'] : (['page', 'data_source'] as const)
  const sign = sort?.direction === 'ascending' ? 1 : -1
  const found = kinds
    .flatMap((k) => allOf(ctx, k))
    .filter((o) => titleOf(o).toLowerCase().includes(query))
    .sort((a, b) => {
      const [x, y] = [String(a.last_edited_time), String(b.last_edited_time)]
      return x === y ? a.id.localeCompare(b.id) * sign : (x < y ? -1 : 1) * sign
    })
  return listAnswer(ctx, found, paging, 'page_or_data_source')
}
