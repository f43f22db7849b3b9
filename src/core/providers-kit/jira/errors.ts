import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** The headers Jira Cloud puts on every answer. */
export const jiraHeaders = (ids: SimulationIds): HeaderList => [
  ['content-type', 'application/json;charset=UTF-8'],
  ['x-arequestid', ids.hex(8)],
  ['atl-traceid', ids.hex(16)],
]

/** Jira's error body: `{errorMessages: [...], errors: {field: message}}`. */
export const errorBody = (messages: string[], errors: Record<string, string> = {}) => ({
  errorMessages: messages,
  errors,
})

export const jiraError = (
  status: number,
  ids: SimulationIds,
  messages: string[],
  errors: Record<string, string> = {},
): ProxyAnswer => answer(status, errorBody(messages, errors), jiraHeaders(ids))

/** What Jira answers for an issue that is not there (or that the user may not see). */
export const NO_ISSUE = 'Issue does not exist or you do not have permission to see it.'

/** The hourly budget the 429's `X-RateLimit-Limit` names. */
const LIMIT = 350

/**
 * Jira Cloud's dialect. A refused token is answered by the api.atlassian.com gateway in its own
 * shape, `{code: 401, message: "Unauthorized"}`; everything else is `{errorMessages, errors}`.
 */
export const jiraDialect: ErrorDialect = {
  contentType: 'application/json;charset=UTF-8',
  body: (_status, message) => errorBody([message]),
  unauthorized: (_verdict, { ids }) => answer(401, { code: 401, message: 'Unauthorized' }, jiraHeaders(ids)),
  rateLimited: ({ nowMs, ids }) =>
    answer(429, errorBody(['Rate limit exceeded. (Simulated: a rate_limit fault.)']), [
      ...jiraHeaders(ids),
      ['retry-after', '60'],
      ['x-ratelimit-limit', String(LIMIT)],
      ['x-ratelimit-remaining', '0'],
      ['x-ratelimit-reset', new Date(nowMs + 60_000).toISOString()],
      ['ratelimit-reason', 'jira-quota-global-based'],
    ]),
  serverError: (status, { ids }) =>
    jiraError(status, ids, ['Internal server error. (Simulated: a server_error fault.)']),
}
