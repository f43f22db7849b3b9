/**
 * A simulated primary rate limit: calls counted per account and resource in clock-hour windows
 * (a new hour starts a fresh count). Counts live in memory, not in the database: a durable write
 * on every GET would cost more than the call itself, and a restart giving a fresh budget is harmless.
 * Each gateway core holds its own counts (two gateways in one process never share a budget).
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
const MAX_ACCOUNTS = 10_000

/** One gateway core's rate-limit counts (handlers reach them through their context). */
export interface RateCounts {
  /** The current window of an account's resource (`account`: workspace and connection) with its count. */
  windowOf(account: string, resource: string, nowMs: number, limit: number): RateWindow
  /** Counts one call in the window; the window after it. */
  spend(account: string, w: RateWindow): RateWindow
}

/** Fresh counts; past hours' windows are dropped once `maxAccounts` are held, so memory stays bounded. */
export function createRateCounts(maxAccounts = MAX_ACCOUNTS): RateCounts {
  /** Account and resource → the current window's number and count. */
  const counts = new Map<string, { index: number; used: number }>()
  return {
    windowOf(account, resource, nowMs, limit) {
      const index = Math.floor(nowMs / HOUR_MS)
      const stored = counts.get(`${account}\u0000${resource}`)
      const used = stored?.index === index ? stored.used : 0
      return { resource, limit, used, index, resetSeconds: ((index + 1) * HOUR_MS) / 1000 }
    },
    spend(account, w) {
      const next = { ...w, used: w.used + 1 }
      if (counts.size >= maxAccounts) for (const [key, c] of counts) if (c.index < w.index) counts.delete(key)
      counts.set(`${account}\u0000${w.resource}`, { index: w.index, used: next.used })
      return next
    },
  }
}

export const remainingOf = (w: RateWindow) => Math.max(0, w.limit - w.used)

/** The `x-ratelimit-*` headers GitHub (and others after it) send with every answer. */
export const rateLimitHeaders = (w: RateWindow): Array<[string, string]> => [
  ['x-ratelimit-limit', String(w.limit)],
  ['x-ratelimit-remaining', String(remainingOf(w))],
  ['x-ratelimit-reset', String(w.resetSeconds)],
  ['x-ratelimit-used', String(w.used)],
  ['x-ratelimit-resource', w.resource],
]
