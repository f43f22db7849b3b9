import type { ProxyAnswer } from '../proxy/answerers.js'
import type { CrudContext } from './crud-context.js'
import { generateValue } from './generate-value.js'
import type { MatchedRequest } from './match-request.js'
import { declaredResponse, jsonAnswer, successStatus } from './respond.js'
import { deref, jsonSchemaOf, propertiesOf } from './schema-walk.js'

const DEFAULT_PAGE_SIZE = 30
const MAX_PAGE_SIZE = 1000

/** How a list operation pages, from the query parameters it declares. */
function pagingOf(doc: unknown, request: MatchedRequest) {
  const declared = new Set(
    request.operation.parameters.filter((p) => p.in === 'query').map((p) => String(p.name)),
  )
  const number = (name: string) => {
    const value = Number(request.query[name])
    return Number.isFinite(value) && request.query[name] !== undefined ? Math.floor(value) : undefined
  }
  const sizeParam = ['limit', 'per_page', 'page_size', 'pageSize', 'size'].find((n) => declared.has(n))
  const sizeSchema = deref(
    doc,
    request.operation.parameters.find((p) => p.in === 'query' && p.name === sizeParam)?.schema,
  )
  const fallback = typeof sizeSchema?.default === 'number' ? sizeSchema.default : DEFAULT_PAGE_SIZE
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, (sizeParam && number(sizeParam)) || fallback))
  const cursorParam = ['cursor', 'after', 'starting_after', 'page_token', 'pageToken'].find((n) =>
    declared.has(n),
  )
  const page = declared.has('page') ? Math.max(1, number('page') ?? 1) : undefined
  const offset = declared.has('offset') ? Math.max(0, number('offset') ?? 0) : page ? (page - 1) * limit : 0
  const after = cursorParam ? (number(cursorParam) ?? 0) : 0
  return { limit, offset, after, page, cursorParam }
}

/**
 * A page of a resource's stored objects, oldest first: `limit`/`offset`, `page`/`per_page` (with a
 * `Link` header to the next page, as GitHub sends), or a cursor parameter (the next cursor in a
 * `Link` header and, when the answer is an object with such a field, in `next_cursor`/`has_more`).
 * The answer is the array itself, or the declared envelope with its array field filled.
 */
export function pageOf(ctx: CrudContext, request: MatchedRequest, scope: string): ProxyAnswer {
  const { operation } = request
  const { limit, offset, after, page, cursorParam } = pagingOf(ctx.api.doc, request)
  const rows = ctx.repo.list(ctx.workspaceId, ctx.connectionId, scope, { after, limit: limit + 1, offset })
  const hasMore = rows.length > limit
  const items = rows.slice(0, limit).map((row) => JSON.parse(row.body) as unknown)
  const status = successStatus(operation, 200)
  const schema = jsonSchemaOf(ctx.api.doc, declaredResponse(operation, [status])?.response)
  let body: unknown = items
  if (schema && deref(ctx.api.doc, schema)?.type !== 'array') {
    const envelope = generateValue(schema, ctx.gen)
    if (envelope && typeof envelope === 'object' && !Array.isArray(envelope)) {
      const { properties } = propertiesOf(ctx.api.doc, schema)
      const listField = Object.keys(properties).find((name) => properties[name]?.type === 'array')
      const fields = envelope as Record<string, unknown>
      if (listField) fields[listField] = items
      if (properties.has_more?.type === 'boolean') fields.has_more = hasMore
      const last = rows[Math.min(rows.length, limit) - 1]
      if (properties.next_cursor && last && hasMore) fields.next_cursor = String(last.seq)
      body = fields
    }
  }
  const answer = jsonAnswer(operation, status, body)
  if (hasMore) {
    const next = new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)]))
    if (page) next.set('page', String(page + 1))
    else if (cursorParam) next.set(cursorParam, String(rows[limit - 1]?.seq ?? 0))
    else next.set('offset', String(offset + limit))
    answer.headers.push(['link', `<${request.path}?${next}>; rel="next"`])
  }
  return answer
}
