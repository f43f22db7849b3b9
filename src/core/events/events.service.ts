import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { fsyncsEachCommit } from '../db/durability.js'
import { afterCommit, type Db, inTransaction } from '../db/open.js'
import { AppError, notFound } from '../errors.js'
import { createGroupCommit, type Write } from '../webhooks/group-commit.js'
import { toCapturedRequest } from './captured-request.js'
import { type EventFeed, openEventFeed } from './event-feed.js'
import { nextEventId } from './event-id.js'
import {
  type EventRequestRow,
  type EventRow,
  type EventsRepo,
  INSERT_EVENT_SQL,
  INSERT_REQUEST_SQL,
  toEvent,
} from './events.repo.js'
import type { CapturedRequest, EmitEvent, Event, EventFilter } from './events.schema.js'

export type EventListener = (workspaceId: string, event: Event) => void

/** One event to write: its row and, for a captured or replayed webhook, the request it holds. */
export interface EventRecord {
  row: EventRow
  request?: EventRequestRow
}

const EXPORT_PAGE = 200

/**
 * The event log, and the only writer of the events table: gateway events, replays, pulled events
 * and captured webhooks all go through `write` (inside the caller's transaction) or `capture` (group
 * commit). Either way, `onEmit` hooks run inside the writing transaction where there is one on this
 * connection, and `subscribe` listeners hear each event once it has been committed.
 */
export function createEventsService(deps: { db: Db; repo: EventsRepo; clock: Clock; ids: Ids }) {
  const { db, repo, clock, ids } = deps
  const listeners = new Set<EventListener>()
  const recorders = new Map<EventListener, ((workspaceId: string, type: string) => boolean) | undefined>()
  const feeds = new Set<EventFeed>()
  // Captures commit in groups (one fsync for many requests), on a worker thread where it can run.
  // Without an fsync per commit (serve --durability normal) a commit is cheaper than handing it to
  // the thread, so they stay on this connection.
  const committer = createGroupCommit(db, [INSERT_EVENT_SQL, INSERT_REQUEST_SQL], {
    worker: fsyncsEachCommit(db),
  })

  const announce = (workspaceId: string, event: Event) => {
    for (const listener of listeners) listener(workspaceId, event)
  }

  const subscribe = (listener: EventListener): (() => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  /**
   * Writes events of one workspace in one transaction (the caller's, when one is open), runs the
   * recorders inside it and announces the events once it commits. With `ifAbsent`, an id already
   * stored is skipped (not written, not announced).
   */
  const write = (workspaceId: string, records: EventRecord[], ifAbsent = false): Event[] =>
    inTransaction(db, () => {
      const written: Event[] = []
      for (const { row, request } of records) {
        if (!ifAbsent) repo.insert(row)
        else if (!repo.insertIfAbsent(row)) continue
        if (request) repo.insertRequest(request)
        const event = toEvent(row)
        for (const record of recorders.keys()) record(workspaceId, event)
        afterCommit(db, () => announce(workspaceId, event))
        written.push(event)
      }
      return written
    })

  /** The row of a gateway event (connection.created, proxy.request, …). */
  const gatewayRow = (workspaceId: string, input: EmitEvent): EventRow => {
    const nowMs = clock.now()
    return {
      id: nextEventId(ids, nowMs),
      workspace_id: workspaceId,
      type: input.type,
      source: 'gateway',
      provider: input.provider ?? null,
      tenant_id: input.tenant_id ?? null,
      connection_id: input.connection_id ?? null,
      installation_id: input.installation_id ?? null,
      provider_event_type: null,
      signature: null,
      data: input.data ? JSON.stringify(input.data) : null,
      created_at: isoAt(nowMs),
      message_id: null,
      duplicate_of: null,
      replay_of: null,
    }
  }

  const requestRow = (workspaceId: string, id: string): EventRequestRow => {
    const row = repo.request(workspaceId, id)
    if (row) return row
    if (!repo.get(workspaceId, id)) throw notFound('Event', id)
    throw new AppError('not_found', `Event '${id}' is not a captured webhook, so it has no request.`)
  }

  return {
    /** Records a domain event of the gateway (connection.created, …). */
    emit(workspaceId: string, input: EmitEvent): Event {
      return write(workspaceId, [{ row: gatewayRow(workspaceId, input) }])[0]!
    },
    /** Whether a recorder (the outbox) has work for such an event: it must then be written by `emit`. */
    recorded(workspaceId: string, input: EmitEvent): boolean {
      for (const wants of recorders.values()) if (!wants || wants(workspaceId, input.type)) return true
      return false
    },
    /**
     * Writes gateway events no recorder has work for (see `recorded`) through group commit, off this
     * thread where the commit worker runs, and announces them once committed. For events that may be
     * written a moment late (event-batch.ts); rejects when the commit failed (nothing written).
     */
    async emitLate(entries: ReadonlyArray<[string, EmitEvent]>): Promise<void> {
      const rows = entries.map(([workspaceId, input]) => gatewayRow(workspaceId, input))
      await committer.submit(rows.map((row) => [0, row] as Write))
      // Rows become API events only for someone listening (a live stream or wait is open).
      if (listeners.size) for (const row of rows) announce(row.workspace_id, toEvent(row))
    },
    /**
     * Records an edited replay as a `webhook.replayed` event holding the request that was sent,
     * linked to `original` by `replay_of`.
     */
    recordReplay(
      workspaceId: string,
      original: Event,
      sent: { method: string; path: string; query: string; headers: Array<[string, string]>; body: Buffer },
      derived: {
        provider_event_type: string | null
        signature: Event['signature']
        data: Record<string, unknown>
      },
    ): Event {
      const nowMs = clock.now()
      const createdAt = isoAt(nowMs)
      const contentType = sent.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null
      const row: EventRow = {
        id: nextEventId(ids, nowMs),
        workspace_id: workspaceId,
        type: 'webhook.replayed',
        source: 'gateway',
        provider: original.provider,
        tenant_id: original.tenant_id,
        connection_id: original.connection_id,
        installation_id: original.installation_id,
        provider_event_type: derived.provider_event_type,
        signature: derived.signature,
        data: JSON.stringify(derived.data),
        created_at: createdAt,
        message_id: null,
        duplicate_of: null,
        replay_of: original.id,
      }
      const request: EventRequestRow = {
        event_id: row.id,
        method: sent.method,
        path: sent.path,
        query: sent.query,
        headers: JSON.stringify(sent.headers),
        content_type: contentType,
        body: sent.body,
        received_at: createdAt,
      }
      return write(workspaceId, [{ row, request }])[0]!
    },
    /** Stores an event pulled from the upstream (source `upstream`) unless its id is already here. */
    importUpstream(workspaceId: string, row: Omit<EventRow, 'source' | 'workspace_id'>): Event | undefined {
      const stored = { ...row, message_id: null, duplicate_of: null, replay_of: null }
      return write(
        workspaceId,
        [{ row: { ...stored, workspace_id: workspaceId, source: 'upstream' } }],
        true,
      )[0]
    },
    /**
     * Stores captured webhooks with their requests through group commit: resolves once they are
     * committed (durable) and announced. They commit or fail together. No recorder runs for them:
     * they commit on the group commit's own connection.
     */
    async capture(workspaceId: string, records: Array<Required<EventRecord>>): Promise<Event[]> {
      await committer.submit(
        records.flatMap(({ row, request }) => [[0, row] as Write, [1, request] as Write]),
      )
      const events = records.map(({ row }) => toEvent(row))
      for (const event of events) announce(workspaceId, event)
      return events
    },
    get(workspaceId: string, id: string): Event {
      const row = repo.get(workspaceId, id)
      if (!row) throw notFound('Event', id)
      return toEvent(row)
    },
    /** The captured request of a webhook event, or null for a domain event. */
    request(workspaceId: string, id: string): CapturedRequest | null {
      const row = repo.request(workspaceId, id)
      if (row) return toCapturedRequest(row)
      if (!repo.get(workspaceId, id)) throw notFound('Event', id)
      return null
    },
    /** The first committed capture with this sender message id, if any (for duplicate marking). */
    firstWithMessage: (workspaceId: string, provider: string, messageId: string): string | undefined =>
      repo.firstWithMessage(workspaceId, provider, messageId),
    /** The raw stored request (exact bytes and header pairs), for forwarding and replay. */
    rawRequest: requestRow,
    /** Subscribes to committed events; returns the unsubscribe function. */
    subscribe,
    /** How many listeners are subscribed now (live streams, waits, delivery): for leak checks. */
    listenerCount: () => listeners.size,
    /**
     * Runs `recorder` inside the transaction that writes each event (all but captures, which commit
     * on the group commit's connection), so work that must not be lost with the event (the outbound
     * delivery queue) commits or rolls back with it. `wants` says which events it has work for
     * (absent: all); the others may be written off this thread (emitLate).
     */
    onEmit(recorder: EventListener, wants?: (workspaceId: string, type: string) => boolean): void {
      recorders.set(recorder, wants)
    },
    /** A resumable live feed of committed events (missed ones after `lastEventId` first). */
    feed(workspaceId: string, filter: EventFilter, lastEventId?: string): EventFeed {
      const feed = openEventFeed({
        repo,
        subscribe,
        toEvent,
        workspaceId,
        filter,
        lastEventId,
        onClose: () => feeds.delete(feed),
      })
      feeds.add(feed)
      return feed
    },
    /** Every matching event up to now, in commit order, with its request when it has one. */
    *exportAll(
      workspaceId: string,
      filter: EventFilter,
    ): Generator<{ event: Event; request: CapturedRequest | null }> {
      const upto = repo.lastSeq()
      let after = 0
      for (;;) {
        const rows = repo.page(workspaceId, filter, after, upto, EXPORT_PAGE)
        for (const row of rows) {
          const request = repo.request(workspaceId, row.id)
          yield { event: toEvent(row), request: request ? toCapturedRequest(request) : null }
        }
        if (rows.length < EXPORT_PAGE) return
        after = rows.at(-1)!.seq
      }
    },
    /**
     * Ends the live side before the database closes: open feeds end (their readers get `null`),
     * then group commit fails what it has not sent and waits for its worker (GroupCommit.stop).
     */
    async close(): Promise<void> {
      for (const feed of [...feeds]) feed.close()
      await committer.stop()
    },
  }
}
export type EventsService = ReturnType<typeof createEventsService>
