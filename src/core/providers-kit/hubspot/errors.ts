import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer } from '../kit/http.js'
import type { ErrorDialect, ErrorEnv } from '../kit/provider-kit.js'
import { withCorrelationId } from './correlation.js'

/** HubSpot's published limits for an OAuth app on a Professional account (the values its headers carry). */
export const LIMITS = { daily: 650_000, intervalMs: 10_000, max: 190, secondly: 19 } as const

/** HubSpot's `category` values the simulation answers with. */
export type ErrorCategory =
  | 'VALIDATION_ERROR'
  | 'OBJECT_NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_AUTHENTICATION'
  | 'EXPIRED_AUTHENTICATION'
  | 'MISSING_SCOPES'
  | 'RATE_LIMITS'
  | 'INTERNAL_ERROR'

/** The rate-limit policy headers api.hubapi.com puts on every answer (`remaining` after this call). */
export function rateLimitHeaders(remaining: { interval: number; daily: number }): Array<[string, string]> {
  return [
    ['x-hubspot-ratelimit-daily', String(LIMITS.daily)],
    ['x-hubspot-ratelimit-daily-remaining', String(remaining.daily)],
    ['x-hubspot-ratelimit-interval-milliseconds', String(LIMITS.intervalMs)],
    ['x-hubspot-ratelimit-max', String(LIMITS.max)],
    ['x-hubspot-ratelimit-remaining', String(remaining.interval)],
    ['x-hubspot-ratelimit-secondly', String(LIMITS.secondly)],
    ['x-hubspot-ratelimit-secondly-remaining', String(Math.min(remaining.interval, LIMITS.secondly - 1))],
  ]
}

/** The headers of an ordinary answer: JSON and the policy headers (the correlation id is stamped per call). */
export const hubspotHeaders = (): Array<[string, string]> => [
  ['content-type', 'application/json;charset=utf-8'],
  ...rateLimitHeaders({ interval: LIMITS.max - 1, daily: LIMITS.daily - 1 }),
]

export { answer }

/** HubSpot's error object: `{status: "error", message, category, errors?, context?, …}` (`correlationId` is stamped per call). */
export function hubspotError(
  status: number,
  category: ErrorCategory,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Array<[string, string]>,
): ProxyAnswer {
  return answer(status, { status: 'error', message, ...extra, category }, headers ?? hubspotHeaders())
}

/** A 400 VALIDATION_ERROR; `errors` are HubSpot's per-input entries when there are any. */
export const validationError = (message: string, errors?: Array<Record<string, unknown>>) =>
  hubspotError(400, 'VALIDATION_ERROR', message, errors ? { errors } : {})

export const notFound = (message = 'Object not found.  objectId are usually numeric.') =>
  hubspotError(404, 'OBJECT_NOT_FOUND', message)

const CATEGORIES: Partial<Record<number, ErrorCategory>> = {
  401: 'INVALID_AUTHENTICATION',
  403: 'MISSING_SCOPES',
  404: 'OBJECT_NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITS',
}

const SERVER_ERRORS: Record<number, string> = { 502: 'Bad Gateway', 503: 'Service Unavailable' }
const stamped = (env: ErrorEnv, found: ProxyAnswer) => withCorrelationId(found, env.ids.uuid())

/** HubSpot's dialect: `{status: "error", message, correlationId, category}` at the HTTP status. */
export const hubspotDialect: ErrorDialect = {
  contentType: 'application/json;charset=utf-8',
  body: (status, message, ids) => ({
    status: 'error',
    message,
    correlationId: ids.uuid(),
    category: CATEGORIES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR'),
  }),
  unauthorized: (verdict, env) => stamped(env, unauthorized(verdict)),
  rateLimited: (env) =>
    stamped(
      env,
      hubspotError(
        429,
        'RATE_LIMITS',
        `You have reached your ten_secondly_rolling limit. (Simulated: a rate_limit fault.)`,
        { errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING', groupName: 'publicapi:oauth' },
        [
          ['content-type', 'application/json;charset=utf-8'],
          ...rateLimitHeaders({ interval: 0, daily: LIMITS.daily - LIMITS.max }),
        ],
      ),
    ),
  serverError: (status, env) =>
    stamped(env, hubspotError(status, 'INTERNAL_ERROR', SERVER_ERRORS[status] ?? 'internal error')),
}

/** HubSpot's 401 for a token the account no longer accepts. */
function unauthorized(verdict: Parameters<ErrorDialect['unauthorized']>[0]): ProxyAnswer {
  if (verdict === 'expired')
    return hubspotError(
      401,
      'EXPIRED_AUTHENTICATION',
      'The OAuth token used to make this call expired. Refresh it with the refresh token (https://developers.hubspot.com/docs/api/oauth/tokens).',
      { context: { reason: ['expired'] } },
    )
  return hubspotError(
    401,
    'INVALID_AUTHENTICATION',
    verdict === 'revoked'
      ? 'The OAuth token used to make this call has been revoked.'
      : 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
  )
}
