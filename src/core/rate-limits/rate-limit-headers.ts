import type { RateLimitDecision } from './rate-limiter.js'

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
