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
 * together every EVENT_BATCH_MS, by one of two paths:
 * - events no outbox recorder has work for (no webhook endpoint subscribes to their type: the usual
 *   case) go through group commit (`emitLate`), like captured webhooks: on the commit worker's
 *   thread and connection where it runs (durability full), in-process otherwise. Listeners hear
 *   them once committed;
 * - the others through the events service's own write path (`emit`: the outbox recorders run in
 *   the same transaction), in one transaction on this connection, committed with
 *   `synchronous = NORMAL` (the connection's own level restored right after): an fsync per batch
 *   on the event loop cost more than the calls it logs. What that gives up: none is lost when the
 *   process crashes, but a power cut may lose the last batches, until the next FULL commit on any
 *   connection makes them durable with it (the WAL is one file written in order).
 * Events still waiting in the batch are lost on a crash; `flush()` (on close) writes them here.
 */
export function createEventBatch(deps: {
  db: Db
  events: Pick<EventsService, 'emit' | 'recorded' | 'emitLate'>
  /** True when a failed batch is to be dropped whole instead of retried one by one (a full disk). */
  dropsBatch?: (err: unknown) => boolean
}) {
  const { db, events, dropsBatch } = deps
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

  /** Writes `batch` on this connection, in one transaction (the outbox recorders run in it). */
  const writeHere = (batch: Array<[string, EmitEvent]>) => {
    if (batch.length === 0 || !db.open) return
    try {
      withoutFsync(() => {
        for (const [workspaceId, event] of batch) events.emit(workspaceId, event)
      })
    } catch (err) {
      if (dropsBatch?.(err)) return
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

  /** Writes what is waiting now, on this connection (the server's close and tests call it). */
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    writeHere(pending.splice(0))
  }

  /**
   * The timer's flush: events no outbox recorder has work for (the usual case: no webhook endpoint
   * subscribes to proxy.request) go through group commit, on the commit worker's thread where it
   * runs, so this thread does not spend a fifth of a proxied call writing its log line; the others,
   * and a batch group commit failed, are written here.
   */
  const flushLate = () => {
    clearTimeout(timer)
    timer = undefined
    const batch = pending.splice(0)
    if (batch.length === 0 || !db.open) return
    const here: Array<[string, EmitEvent]> = []
    const late: Array<[string, EmitEvent]> = []
    for (const entry of batch) (events.recorded(...entry) ? here : late).push(entry)
    writeHere(here)
    if (late.length === 0) return
    events.emitLate(late).catch((err: unknown) => {
      if (!dropsBatch?.(err)) writeHere(late)
    })
  }

  return {
    /** Queues one event; it is written within EVENT_BATCH_MS (or at once when the batch is full). */
    emit(workspaceId: string, event: EmitEvent): void {
      pending.push([workspaceId, event])
      if (pending.length >= EVENT_BATCH_MAX) flushLate()
      else timer ??= setTimeout(flushLate, EVENT_BATCH_MS).unref()
    },
    /** Writes what is waiting now (the server's close calls it before the database closes). */
    flush,
  }
}
export type EventBatch = ReturnType<typeof createEventBatch>
