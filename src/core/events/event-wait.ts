import { AppError } from '../errors.js'
import { matchesConditions } from '../search/match.js'
import { planSearch } from '../search/plan.js'
import type { SearchRequest } from '../search/search.schema.js'
import type { Event } from './events.schema.js'
import { eventsSearchable } from './events.searchable.js'
import type { EventsService } from './events.service.js'

/** The longest a single wait may last; a client wanting longer calls again with `after`. */
export const MAX_WAIT_MS = 30_000

export interface WaitRequest {
  /** The search request's filter (same fields, operators and validation as POST /api/events/search). */
  filter?: SearchRequest['filter']
  timeoutMs: number
  /** Only events committed after this event count; default: events committed after the call. */
  after?: string | undefined
  /** Aborts the wait (the client went away); it then resolves undefined. */
  signal?: AbortSignal | undefined
}

/**
 * Waits for the first event of the workspace that matches `filter`, from the live event feed (no
 * polling): resolves it as soon as it is committed, or undefined at the deadline or on abort. A bad
 * filter or an unknown `after` throws a 400 before anything waits.
 */
export async function waitForEvent(
  events: EventsService,
  workspaceId: string,
  request: WaitRequest,
): Promise<Event | undefined> {
  const { conditions } = planSearch(eventsSearchable, { filter: request.filter }, { ranked: false })
  if (request.after !== undefined) {
    try {
      events.get(workspaceId, request.after)
    } catch {
      throw new AppError('invalid_request', `No event '${request.after}' in this workspace to wait after.`, {
        errors: [{ pointer: '/after', detail: 'must be the id of an event of this workspace' }],
      })
    }
  }
  if (request.signal?.aborted) return undefined
  const feed = events.feed(workspaceId, {}, request.after)
  const close = () => feed.close()
  request.signal?.addEventListener('abort', close, { once: true })
  const deadline = Date.now() + request.timeoutMs
  try {
    for (;;) {
      const remaining = deadline - Date.now()
      const batch = await feed.next(Math.max(0, remaining))
      if (batch === null) return undefined
      const hit = batch.find((event) => matchesConditions(event, conditions))
      if (hit) return hit
      if (remaining <= 0) return undefined
    }
  } finally {
    request.signal?.removeEventListener('abort', close)
    feed.close()
  }
}

/**
 * How many waits may be open at once: per workspace, and in all. Each open wait holds a connection
 * of the server (256 by default), so together they stay well below it and webhook capture, the
 * dashboard and `/health` always find one.
 */
export const WAIT_LIMITS = { perWorkspace: 32, total: 128 } as const

/** Seconds a refused wait is told to wait before it tries again. */
const RETRY_AFTER_S = 1

/**
 * The waits of the HTTP API (`POST /api/events/wait`), counted: past a limit a new wait is a 429
 * `rate_limited` with `Retry-After` and `Connection: close` (its socket is freed at once), never
 * one more held connection.
 */
export function createEventWaits(
  events: EventsService,
  limits: { perWorkspace: number; total: number } = WAIT_LIMITS,
) {
  const open = new Map<string, number>()
  let total = 0
  return {
    async wait(workspaceId: string, request: WaitRequest): Promise<Event | undefined> {
      const mine = open.get(workspaceId) ?? 0
      if (mine >= limits.perWorkspace || total >= limits.total) {
        throw new AppError(
          'rate_limited',
          mine >= limits.perWorkspace
            ? `This workspace already has ${limits.perWorkspace} waits open (the most at once); retry when one has answered.`
            : `The gateway already has ${limits.total} waits open (the most at once); retry when one has answered.`,
          { headers: { 'retry-after': String(RETRY_AFTER_S), connection: 'close' } },
        )
      }
      open.set(workspaceId, mine + 1)
      total++
      try {
        return await waitForEvent(events, workspaceId, request)
      } finally {
        total--
        const left = (open.get(workspaceId) ?? 1) - 1
        if (left === 0) open.delete(workspaceId)
        else open.set(workspaceId, left)
      }
    },
  }
}
export type EventWaits = ReturnType<typeof createEventWaits>
