import { matchesFilter } from '../../shared/event-filter.js'
import type { EventRow, EventsRepo } from './events.repo.js'
import type { Event, EventFilter } from './events.schema.js'

/** How many live events may wait for a slow reader before its feed gives up (it can resume by id). */
const MAX_BUFFERED = 5_000
const PAGE = 200
/** Commit positions (rowids, any workspace's) one replay page examines at most. */
const SCAN = 2_000

/** How far behind the newest commit a row may still be unpublished when a feed opens (far above a commit batch). */
const UNPUBLISHED_WINDOW = 10_000

/** Lets I/O and timers run between replay pages, so a long replay never holds the process. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface EventFeed {
  /**
   * The next events in commit order: missed ones first (after `lastEventId`), then live ones.
   * Resolves `[]` when `waitMs` passes with nothing new, `null` once the feed is closed or overflowed.
   */
  next(waitMs: number): Promise<Event[] | null>
  close(): void
  /** True when the reader fell too far behind and the feed closed itself. */
  readonly overflowed: boolean
}

/**
 * Opens a resumable feed. Subscribing and reading the current position happen in one synchronous
 * step, and listeners only hear committed events, so nothing falls between the replay and the live
 * part and nothing is sent twice.
 */
export function openEventFeed(deps: {
  repo: EventsRepo
  subscribe: (listener: (workspaceId: string, event: Event) => void) => () => void
  toEvent: (row: EventRow) => Event
  workspaceId: string
  filter: EventFilter
  lastEventId?: string | undefined
  /** Told once when the feed closes (by its reader, on overflow, or at shutdown). */
  onClose?: () => void
}): EventFeed {
  const { repo, workspaceId, filter } = deps
  let live: Event[] = []
  // A capture committed by the commit worker may be published a moment after a replay read it. Only
  // the newest rows at opening can be both (the worker publishes in commit order), so only those are
  // remembered: a replay of a long history keeps no id per row.
  const replayed = new Set<string>()
  let closed = false
  let overflowed = false
  let wake: (() => void) | undefined

  const unsubscribe = deps.subscribe((ws, event) => {
    if (closed || ws !== workspaceId || !matchesFilter(event, filter)) return
    live.push(event)
    if (live.length > MAX_BUFFERED) {
      overflowed = true
      close()
    }
    wake?.()
  })
  const upto = repo.lastSeq()
  let cursor = (deps.lastEventId && repo.seqOf(workspaceId, deps.lastEventId)) || upto

  function close() {
    if (closed) return
    closed = true
    unsubscribe()
    deps.onClose?.()
    wake?.()
  }

  return {
    get overflowed() {
      return overflowed
    },
    close,
    async next(waitMs) {
      if (closed) return null
      while (cursor < upto) {
        await yieldToIo()
        if (closed) return null
        const end = Math.min(upto, cursor + SCAN)
        const rows = repo.page(workspaceId, filter, cursor, end, PAGE)
        cursor = rows.length === PAGE ? rows.at(-1)!.seq : end
        for (const row of rows) if (row.seq > upto - UNPUBLISHED_WINDOW) replayed.add(row.id)
        if (rows.length) return rows.map(deps.toEvent)
      }
      if (live.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = undefined
      }
      if (closed) return null
      const batch = replayed.size ? live.filter((e) => !replayed.has(e.id)) : live
      live = []
      return batch
    },
  }
}
