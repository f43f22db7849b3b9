import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'
import { rateLimitHeaders } from '../kit/rate-limit.js'

const DOCS = 'https://docs.github.com/rest'
export const RATE_LIMIT = 5000

export const DOCS_OF = {
  repos: 'https://docs.github.com/rest/repos/repos',
  issues: 'https://docs.github.com/rest/issues/issues',
  comments: 'https://docs.github.com/rest/issues/comments',
  rateLimits: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
}

export const JSON_TYPE: [string, string] = ['content-type', 'application/json; charset=utf-8']

/** The headers api.github.com puts on every JSON answer (the `x-ratelimit-*` ones: see limits.ts). */
export function githubHeaders(scopes: readonly string[], ids: SimulationIds): HeaderList {
  return [
    JSON_TYPE,
    ['x-github-media-type', 'github.v3; format=json'],
    ['x-github-api-version-selected', '2022-11-28'],
    ['x-oauth-scopes', scopes.join(', ')],
    ['x-github-request-id', ids.hex(8).toUpperCase()],
  ]
}

/** GitHub's error body: `{message, documentation_url, status}` (and `errors[]` for 422). */
export const errorBody = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  docs = DOCS,
) => JSON.stringify({ message, ...extra, documentation_url: docs, status: String(status) })

export const githubError = (
  status: number,
  message: string,
  headers: HeaderList,
  extra: Record<string, unknown> = {},
  docs = DOCS,
): ProxyAnswer => answer(status, errorBody(status, message, extra, docs), headers)

/** A 422 (Validation Failed unless `title` says) with one of GitHub's `errors[]` entries. */
export const validationFailed = (
  headers: HeaderList,
  resource: string,
  field: string,
  code: 'missing_field' | 'invalid' | 'already_exists' | 'custom',
  message?: string,
  title = 'Validation Failed',
) => githubError(422, title, headers, { errors: [{ resource, code, field, ...(message && { message }) }] })

/**
 * GitHub's error dialect as data: `{message, documentation_url, status}` JSON at the HTTP status,
 * every refused token answered alike, a rate limit a 403 with the `x-ratelimit-*` headers.
 */
export const githubDialect: ErrorDialect = {
  contentType: JSON_TYPE[1],
  body: (status, message) => ({ message, documentation_url: DOCS, status: String(status) }),
  unauthorized: () => githubError(401, 'Bad credentials', [JSON_TYPE]),
  rateLimited({ nowMs }) {
    const resetSeconds = Math.floor(nowMs / 1000) + 60
    const spent = { resource: 'core', limit: RATE_LIMIT, used: RATE_LIMIT, index: 0, resetSeconds }
    return githubError(
      403,
      'API rate limit exceeded for user. (Simulated: a rate_limit fault.)',
      [JSON_TYPE, ...rateLimitHeaders(spent), ['retry-after', '60']],
      {},
      DOCS_OF.rateLimits,
    )
  },
  serverError(status) {
    const message = status === 503 ? 'Service Unavailable' : status === 502 ? 'Bad Gateway' : 'Server Error'
    return githubError(status, message, [JSON_TYPE])
  },
  // Octokit's throttling plugin honours Retry-After only on a message naming a secondary rate limit.
  gatewayMessage: ({ code, detail }) =>
    code === 'rate_limited' ? `You have exceeded a secondary rate limit. ${detail}` : detail,
  clients: /\boctokit/i,
}
