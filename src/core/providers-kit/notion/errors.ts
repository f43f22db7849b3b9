import type { ProxyAnswer } from '../../proxy/answerers.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** The version answers assume when the client sends no `Notion-Version` (what @notionhq/client 5 sends). */
export const NOTION_VERSION = '2025-09-03'

export type ErrorCode =
  | 'invalid_json'
  | 'invalid_request_url'
  | 'validation_error'
  | 'missing_version'
  | 'unauthorized'
  | 'restricted_resource'
  | 'object_not_found'
  | 'conflict_error'
  | 'rate_limited'
  | 'internal_server_error'
  | 'service_unavailable'

/** The headers api.notion.com puts on every answer; the request id is also in the body. */
export const notionHeaders = (requestId: string): HeaderList => [
  ['content-type', 'application/json; charset=utf-8'],
  ['x-notion-request-id', requestId],
]

/** Notion's error body: `{object:"error", status, code, message, request_id}`. */
export function notionError(
  status: number,
  code: ErrorCode,
  message: string,
  ids: SimulationIds,
  extra: HeaderList = [],
): ProxyAnswer {
  const requestId = ids.uuid()
  return answer(status, { object: 'error', status, code, message, request_id: requestId }, [
    ...notionHeaders(requestId),
    ...extra,
  ])
}

const codeOf = (status: number): ErrorCode =>
  status === 401
    ? 'unauthorized'
    : status === 403
      ? 'restricted_resource'
      : status === 404
        ? 'object_not_found'
        : status === 429
          ? 'rate_limited'
          : status >= 500
            ? 'internal_server_error'
            : 'validation_error'

/** Notion's dialect: `{object:"error",status,code,message}` at the HTTP status. */
export const notionDialect: ErrorDialect = {
  contentType: 'application/json',
  body: (status, message, ids) => ({
    object: 'error',
    status,
    code: codeOf(status),
    message,
    request_id: ids.uuid(),
  }),
  unauthorized(verdict, { ids }) {
    return notionError(
      401,
      'unauthorized',
      verdict === 'revoked'
        ? 'API token is invalid. (Simulated: access was revoked.)'
        : 'API token is invalid.',
      ids,
    )
  },
  rateLimited({ ids }) {
    return notionError(
      429,
      'rate_limited',
      'You have been rate limited. Please try again in a few minutes. (Simulated: a rate_limit fault.)',
      ids,
      [['retry-after', '1']],
    )
  },
  serverError(status, { ids }) {
    return notionError(
      status,
      status === 503 ? 'service_unavailable' : 'internal_server_error',
      'Unexpected error occurred. (Simulated: a server_error fault.)',
      ids,
    )
  },
}
