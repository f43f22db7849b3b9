import { type Db, inTransaction } from '../db/open.js'
import type { EmitEvent } from './events.schema.js'
import type { EventsService } from './events.service.js'

/** How long an event may wait to be written with others, and how many may wait. */
export const EVENT_BATCH_MS = 20
const EVENT_BATCH_MAX = 500

// SQLite's code for synchronous = FULL (NORMAL is 1).
const FULL = 2

/**
 * Gateway events that may be written a moment late (the proxy's per-call `proxy.request`), written
 * together through the events service's own write path (`emit`: the outbox recorders run in the
 * same transaction, listeners hear them after it), one transaction every EVENT_BATCH_MS.
 *
 * That transaction is committed with `synchronous = NORMAL` (the connection's own level is restored
 * right after): these events are a log of calls already answered, and on a server at the default
 * `full` durability an fsync for each batch, on the event loop, cost more than the calls it logs.
 * What that gives up: none of these events is lost when the process crashes (their pages are with
 * the operating system), but a power cut may lose the last batches. The next FULL commit on any
 * connection (a captured webhook, an API write) makes them durable with it, as the WAL is one file
 * written in order. Events still waiting in the batch are lost on a crash: `flush()` on close.
 */
export function createEventBatch(deps: { db: Db; events: Pick<EventsService, 'emit'> }) {
  const { db, events } = deps
  const pending: Array<[string, EmitEvent]> = []
  let timer: NodeJS.Timeout | undefined

  /** Commits `work` without the fsync when the connection runs at FULL (see above). */
  const withoutFsync = (work: () => void) => {
    const relax = !db.inTransaction && db.pragma('synchronous', { simple: true }) === FULL
    if (relax) db.pragma('synchronous = NORMAL')
    try {
      inTransaction(db, work)
    } finally {
      if (relax) db.pragma('synchronous = FULL')
    }
  }

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const batch = pending.splice(0)
    if (batch.length === 0 || !db.open) return
    try {
      withoutFsync(() => {
        for (const [workspaceId, event] of batch) events.emit(workspaceId, event)
      })
    } catch {
      // One bad event (its workspace deleted meanwhile) must not take the others with it.
      for (const [workspaceId, event] of batch) {
        try {
          withoutFsync(() => void events.emit(workspaceId, event))
        } catch {
          // Dropped: the log of a call on a workspace that no longer exists (or a closed database).
        }
      }
    }
  }

  return {
    /** Queues one event; it is written within EVENT_BATCH_MS (or at once when the batch is full). */
    emit(workspaceId: string, event: EmitEvent): void {
      pending.push([workspaceId, event])
      if (pending.length >= EVENT_BATCH_MAX) flush()
      else timer ??= setTimeout(flush, EVENT_BATCH_MS).unref()
    },
    /** Writes what is waiting now (the server's close calls it before the database closes). */
    flush,
  }
}
export type EventBatch = ReturnType<typeof createEventBatch>
