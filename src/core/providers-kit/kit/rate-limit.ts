import type { AccountObjects } from './provider-kit.js'

/**
 * A simulated primary rate limit: calls counted per account and resource in clock-hour windows
 * (a new hour starts a fresh count), kept with the account's objects so it survives restarts.
 */
export interface RateWindow {
  resource: string
  limit: number
  used: number
  /** Unix seconds when the window ends and the count starts over. */
  resetSeconds: number
  /** The window's number (hours since the epoch). */
  index: number
}

const HOUR_MS = 3_600_000
const KIND = 'rate_limit'

/** The current window of a resource with its count so far. */
export function rateWindowOf(
  objects: AccountObjects,
  resource: string,
  nowMs: number,
  limit: number,
): RateWindow {
  const index = Math.floor(nowMs / HOUR_MS)
  const stored = objects.get(KIND, resource, index)
  const used = stored ? (JSON.parse(stored) as { used: number }).used : 0
  return { resource, limit, used, index, resetSeconds: ((index + 1) * HOUR_MS) / 1000 }
}

export const remainingOf = (w: RateWindow) => Math.max(0, w.limit - w.used)

/** Counts one call in the window; the window after it. */
export function spend(objects: AccountObjects, w: RateWindow): RateWindow {
  const next = { ...w, used: w.used + 1 }
  objects.put(KIND, w.resource, w.index, { used: next.used })
  return next
}

/** The `x-ratelimit-*` headers GitHub (and others after it) send with every answer. */
export const rateLimitHeaders = (w: RateWindow): Array<[string, string]> => [
  ['x-ratelimit-limit', String(w.limit)],
  ['x-ratelimit-remaining', String(remainingOf(w))],
  ['x-ratelimit-reset', String(w.resetSeconds)],
  ['x-ratelimit-used', String(w.used)],
  ['x-ratelimit-resource', w.resource],
]
