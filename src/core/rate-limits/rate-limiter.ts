import type { Clock } from '../common/clock.js'
import type { Workspace } from '../workspaces/workspaces.schema.js'
import { createSlidingLog, type SlidingLog } from './sliding-log.js'

export const WINDOW_MS = 60_000

/** The outcome of counting one request against its workspace's limit. */
export interface RateLimitDecision {
  allowed: boolean
  /** Requests allowed in any rolling window. */
  limit: number
  windowSeconds: number
  /** Requests still allowed right now, after this one. */
  remaining: number
  /**
   * Whole seconds until the window gives back a slot: for a refused request, how long until a
   * request would be accepted (its Retry-After); for an accepted one, until the oldest counted
   * request leaves the window.
   */
  resetSeconds: number
}

/** What `consume` answers: a refused request's decision also says why. */
export type ConsumeDecision =
  | (RateLimitDecision & { allowed: true })
  | (RateLimitDecision & { allowed: false; refusal: string })

/**
 * Per-workspace rate limits with a sliding log: at most `rpm` accepted requests in any rolling
 * 60 seconds, exactly. Exact under concurrency because one request's check-and-record runs
 * synchronously (Node never interleaves it with another request's). The limit is read through
 * `workspaceOf` on every request, so a tier changed by another process applies at once.
 * Refused requests are not recorded: they do not use up quota.
 */
export function createRateLimiter(deps: {
  clock: Clock
  workspaceOf: (workspaceId: string) => Pick<Workspace, 'name' | 'tier' | 'rpm'>
  windowMs?: number
}) {
  const windowMs = deps.windowMs ?? WINDOW_MS
  const logs = new Map<string, SlidingLog>()

  const logOf = (workspaceId: string) => {
    let log = logs.get(workspaceId)
    if (!log) {
      log = createSlidingLog()
      logs.set(workspaceId, log)
    }
    return log
  }

  /** Counts one request of the workspace if it is under its limit; never throws. */
  function take(workspaceId: string, limit: number): RateLimitDecision {
    const now = deps.clock.now()
    const log = logOf(workspaceId)
    log.expire(now - windowMs)
    const allowed = log.size < limit
    if (allowed) log.append(now)
    // After a tier was lowered the log may hold more than `limit`: the request that frees a slot is
    // the one that brings the count below the limit, the (size - limit)-th oldest.
    const freeing = log.size === 0 ? now : log.at(Math.max(0, log.size - limit))
    return {
      allowed,
      limit,
      windowSeconds: Math.ceil(windowMs / 1000),
      remaining: Math.max(0, limit - log.size),
      resetSeconds: Math.max(1, Math.ceil((freeing + windowMs - now) / 1000)),
    }
  }

  return {
    take,

    /**
     * Counts one request of the workspace, reading its current limit. A refused decision also says
     * why, worded for the `rate_limited` problem's detail; the server answers it and formats the
     * decision as the response's RateLimit fields.
     */
    consume(workspaceId: string): ConsumeDecision {
      const workspace = deps.workspaceOf(workspaceId)
      const decision = take(workspaceId, workspace.rpm)
      if (decision.allowed) return { ...decision, allowed: true }
      return {
        ...decision,
        allowed: false,
        refusal: `Workspace '${workspace.name}' (tier ${workspace.tier}) allows ${decision.limit} requests in any rolling ${decision.windowSeconds} seconds. Retry in ${decision.resetSeconds} s.`,
      }
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
