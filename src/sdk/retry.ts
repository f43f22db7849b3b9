/** How the client retries: at most `maxRetries` more attempts, delays growing from `baseDelayMs`. */
export interface RetryPolicy {
  maxRetries: number
  baseDelayMs: number
  /** Cap of one backoff delay; a Retry-After longer than this is not waited for (the error is thrown). */
  maxDelayMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 60_000 }

/** Statuses retried for idempotent calls only: the request may or may not have been handled. */
export const RETRYABLE_GATEWAY_STATUSES = new Set([502, 503, 504])

/**
 * Reads `Retry-After` (RFC 9110: delay-seconds or an HTTP-date) as seconds from `nowMs`;
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - nowMs) / 1000))
}

/**
 * The wait before retry number `attempt + 1` (attempt counts from 0): exponential backoff with full
 * jitter, a random delay in [0, min(maxDelayMs, baseDelayMs · 2^attempt)). When the server sent
 * Retry-After, that wait comes first and the jitter is added, so clients that were refused together
 * do not come back together, and never earlier than the server asked.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterSeconds: number | undefined,
  random: () => number,
): number {
  const jitter = random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt)
  return (retryAfterSeconds ?? 0) * 1000 + jitter
}
