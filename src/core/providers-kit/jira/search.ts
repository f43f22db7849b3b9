import type { ProxyAnswer } from '../../proxy/answerer.js'
import { hashHex } from '../kit/hash.js'
import { queryOf } from '../kit/http.js'
import { allIssues, badRequest, bodyOf, type Ctx, isAnswer, ok, viewer } from './context.js'
import { parseJql } from './jql.js'
import { issueJson } from './representations.js'

/** The most issues one page holds (a larger `maxResults` is lowered to it, as Jira does). */
const MAX_RESULTS = 100
const DEFAULT_RESULTS = 50

interface SearchInput {
  jql: string
  nextPageToken: string | undefined
  maxResults: unknown
  fields: string[]
}

/** An opaque token: the offset of the next page and a fingerprint of the query it belongs to. */
const tokenOf = (offset: number, jql: string) =>
  Buffer.from(`${offset}:${hashHex(jql, 12)}`).toString('base64url')
function offsetOf(token: string, jql: string): number | undefined {
  const [offset, print] = Buffer.from(token, 'base64url').toString('utf8').split(':')
  return print === hashHex(jql, 12) && /^\d+$/.test(offset ?? '') ? Number(offset) : undefined
}

function search(ctx: Ctx, input: SearchInput): ProxyAnswer {
  const query = parseJql(input.jql, {
    project: ctx.state.project,
    viewerId: viewer(ctx).accountId,
    userIds: ctx.state.users.map((u) => u.accountId),
  })
  if (typeof query === 'string') return badRequest(ctx, [query])
  const max = input.maxResults === undefined ? DEFAULT_RESULTS : Number(input.maxResults)
  if (!Number.isInteger(max) || max < 0)
    return badRequest(ctx, [
      `The value '${String(input.maxResults)}' is invalid for the parameter 'maxResults'.`,
    ])
  const limit = Math.min(max, MAX_RESULTS)
  const offset = input.nextPageToken === undefined ? 0 : offsetOf(input.nextPageToken, input.jql)
  if (offset === undefined) return badRequest(ctx, ['The provided next page token is invalid or expired.'])
  const sign = query.order === 'ASC' ? 1 : -1
  const matching = allIssues(ctx)
    .filter(query.matches)
    .sort((a, b) => sign * (a.createdMs - b.createdMs || a.num - b.num))
  const page = matching.slice(offset, offset + limit)
  const more = offset + limit < matching.length
  return ok(ctx, {
    issues: page.map((i) =>
      input.fields.length === 0 ? { id: i.id } : issueJson(ctx, i, input.fields, 'none'),
    ),
    ...(more && { nextPageToken: tokenOf(offset + limit, input.jql) }),
    isLast: !more,
  })
}

/** `GET /rest/api/3/search/jql?jql=…&nextPageToken=…&maxResults=…&fields=…`: ids only unless `fields`. */
export function searchGet(ctx: Ctx): ProxyAnswer {
  const q = queryOf(ctx.call)
  return search(ctx, {
    jql: q.get('jql') ?? '',
    nextPageToken: q.get('nextPageToken') ?? undefined,
    maxResults: q.get('maxResults') ?? undefined,
    fields: q.getAll('fields'),
  })
}

/** `POST /rest/api/3/search/jql` with the same parameters in a JSON body. */
export function searchPost(ctx: Ctx): ProxyAnswer {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const fields = body.fields
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string')))
    return badRequest(ctx, ["The value of 'fields' must be an array of field names."])
  return search(ctx, {
    jql: typeof body.jql === 'string' ? body.jql : '',
    nextPageToken: typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined,
    maxResults: body.maxResults,
    fields: (fields as string[] | undefined) ?? [],
  })
}
