import type { Context } from 'hono'
import type { Principal } from '../../core/auth/authenticate.js'
import type { Core } from '../../core/core.js'
import { rateLimitHeaders } from '../../core/rate-limits/rate-limit-headers.js'

/**
 * Counts an authenticated request against its workspace's rate limit and returns the RateLimit
 * fields for the response (throws `rate_limited`, a 429, over the limit). Every request made with
 * an API key counts, secret or publishable, including one then refused for its role (403). The
 * local admin token (the operator's own UI) is not counted and gets no fields.
 */
export function countRequest(
  core: Pick<Core, 'rateLimits'>,
  principal: Principal,
): Record<string, string> | undefined {
  if (principal.admin) return undefined
  return rateLimitHeaders(core.rateLimits.consume(principal.workspaceId))
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
