import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { afterCommit, type Db } from '../db/open.js'
import { AppError, notFound } from '../errors.js'
import { toCapturedRequest } from './captured-request.js'
import { type EventFeed, openEventFeed } from './event-feed.js'
import { nextEventId } from './event-id.js'
import { type EventRequestRow, type EventRow, type EventsRepo, toEvent } from './events.repo.js'
import type { CapturedRequest, EmitEvent, Event, EventFilter } from './events.schema.js'

export type EventListener = (workspaceId: string, event: Event) => void

const EXPORT_PAGE = 200

/**
 * The event log. `emit` writes inside the caller's transaction; listeners (live stream, outbound
 * delivery) hear about an event only after it has been committed.
 */
export function createEventsService(deps: { db: Db; repo: EventsRepo; clock: Clock; ids: Ids }) {
  const { db, repo, clock, ids } = deps
  const listeners = new Set<EventListener>()
  const recorders = new Set<EventListener>()

  const publish = (workspaceId: string, event: Event) => {
    afterCommit(db, () => {
      for (const listener of listeners) listener(workspaceId, event)
    })
  }

  const subscribe = (listener: EventListener): (() => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
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
      const nowMs = clock.now()
      const row: EventRow = {
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
      repo.insert(row)
      const event = toEvent(row)
      for (const record of recorders) record(workspaceId, event)
      publish(workspaceId, event)
      return event
    },
    /**
     * Records an edited replay as a `webhook.replayed` event holding the request that was sent,
     * linked to `original` by `replay_of` (inside the caller's transaction; published on commit).
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
      repo.insert(row)
      repo.insertRequest({
        event_id: row.id,
        method: sent.method,
        path: sent.path,
        query: sent.query,
        headers: JSON.stringify(sent.headers),
        content_type: contentType,
        body: sent.body,
        received_at: createdAt,
      })
      const event = toEvent(row)
      publish(workspaceId, event)
      return event
    },
    /** Lets the ingest path (which writes its own rows) announce committed events the same way. */
    publish,
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
     * Runs `recorder` inside the transaction of every `emit`, so work that must not be lost with
     * the event (the outbound delivery queue) commits or rolls back with it.
     */
    onEmit(recorder: EventListener): void {
      recorders.add(recorder)
    },
    /** A resumable live feed of committed events (missed ones after `lastEventId` first). */
    feed(workspaceId: string, filter: EventFilter, lastEventId?: string): EventFeed {
      return openEventFeed({
        repo,
        subscribe,
        toEvent,
        workspaceId,
        filter,
        lastEventId,
      })
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
  }
}
export type EventsService = ReturnType<typeof createEventsService>
