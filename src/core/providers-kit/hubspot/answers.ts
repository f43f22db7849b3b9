import { randomUUID } from 'node:crypto'
import type { ProxyAnswer } from '../../proxy/answerers.js'

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

/** The headers of an ordinary answer: JSON, a correlation id, the policy headers. */
export const hubspotHeaders = (correlationId: string): Array<[string, string]> => [
  ['content-type', 'application/json;charset=utf-8'],
  ['x-hubspot-correlation-id', correlationId],
  ...rateLimitHeaders({ interval: LIMITS.max - 1, daily: LIMITS.daily - 1 }),
]

export const answer = (status: number, body: unknown, headers: Array<[string, string]>): ProxyAnswer => ({
  status,
  headers: body === null ? headers.filter(([n]) => n !== 'content-type') : headers,
  body: body === null ? null : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  mode: 'simulated',
})

/** HubSpot's error object: `{status: "error", message, correlationId, category, errors?, context?, …}`. */
export function hubspotError(
  status: number,
  category: ErrorCategory,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Array<[string, string]>,
): ProxyAnswer {
  const correlationId = randomUUID()
  return answer(
    status,
    { status: 'error', message, correlationId, ...extra, category },
    headers ?? hubspotHeaders(correlationId),
  )
}

/** A 400 VALIDATION_ERROR; `errors` are HubSpot's per-input entries when there are any. */
export const validationError = (message: string, errors?: Array<Record<string, unknown>>) =>
  hubspotError(400, 'VALIDATION_ERROR', message, errors ? { errors } : {})

export const notFound = (message = 'Object not found.  objectId are usually numeric.') =>
  hubspotError(404, 'OBJECT_NOT_FOUND', message)

/** HubSpot's answer to a call it has no route for under a known prefix (its 404 with no body shape). */
export const noRoute = () => hubspotError(404, 'OBJECT_NOT_FOUND', 'Resource not found')
