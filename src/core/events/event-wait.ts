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
