import type { Context } from 'hono'
import type { Principal } from '../../core/auth/authenticate.js'
import type { Core } from '../../core/core.js'
import { AppError } from '../../core/errors.js'
import type { RateLimitDecision } from '../../core/rate-limits/rate-limiter.js'

/** The one quota policy every workspace has, as named in the RateLimit fields. */
export const POLICY_NAME = 'default'

/**
 * The response fields of draft-ietf-httpapi-ratelimit-headers (Structured Field lists):
 * `RateLimit-Policy: "default";q=<limit>;w=<window s>` and
 * `RateLimit: "default";r=<remaining>;t=<seconds until a slot frees>`, plus `Retry-After`
 * (RFC 9110, whole seconds) when the request was refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${POLICY_NAME}";q=${decision.limit};w=${decision.windowSeconds}`,
    RateLimit: `"${POLICY_NAME}";r=${decision.remaining};t=${decision.resetSeconds}`,
  }
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds)
  return headers
}

/**
 * Counts an authenticated request against its workspace's rate limit and returns the RateLimit
 * fields for the response (throws `rate_limited`, a 429 with the fields and Retry-After, over the
 * limit). Every request made with an API key counts, secret or publishable, including one then
 * refused for its role (403). The local admin token (the operator's own UI) is not counted and
 * gets no fields.
 */
export function countRequest(
  core: Pick<Core, 'rateLimits'>,
  principal: Principal,
): Record<string, string> | undefined {
  if (principal.admin) return undefined
  const decision = core.rateLimits.consume(principal.workspaceId)
  const headers = rateLimitHeaders(decision)
  if (!decision.allowed) throw new AppError('rate_limited', decision.refusal, { headers })
  return headers
}

/**
 * Puts the RateLimit fields on whatever response the route produced, error responses included.
 * They go straight onto the response's headers: `c.header()` on a finished response rebuilds it
 * around its body as a stream, which cost about a fifth of an API request's CPU. Only a response
 * whose headers are immutable (a fetched one, a redirect) takes that path.
 */
export function setRateLimitHeaders(c: Context, headers: Record<string, string> | undefined) {
  if (!headers) return
  for (const [name, value] of Object.entries(headers)) {
    try {
      c.res.headers.set(name, value)
    } catch {
      c.header(name, value)
    }
  }
}
