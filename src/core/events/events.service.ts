import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { afterCommit, type Db } from '../db/open.js'
import { notFound } from '../errors.js'
import { type EventRow, type EventsRepo, toEvent } from './events.repo.js'
import type { EmitEvent, Event } from './events.schema.js'

export type EventListener = (workspaceId: string, event: Event) => void

/**
 * The event log. `emit` writes inside the caller's transaction; listeners (live stream, outbound
 * delivery) hear about an event only after it has been committed.
 */
export function createEventsService(deps: { db: Db; repo: EventsRepo; clock: Clock; ids: Ids }) {
  const { db, repo, clock, ids } = deps
  const listeners = new Set<EventListener>()

  const publish = (workspaceId: string, event: Event) => {
    afterCommit(db, () => {
      for (const listener of listeners) listener(workspaceId, event)
    })
  }

  return {
    /** Records a domain event of the gateway (connection.created, …). */
    emit(workspaceId: string, input: EmitEvent): Event {
      const row: EventRow = {
        id: ids.next('evt'),
        workspace_id: workspaceId,
        type: input.type,
        source: 'gateway',
        provider: input.provider ?? null,
        tenant_id: input.tenant_id ?? null,
        connection_id: input.connection_id ?? null,
        installation_id: input.installation_id ?? null,
        signature: null,
        data: input.data ? JSON.stringify(input.data) : null,
        created_at: isoAt(clock.now()),
      }
      repo.insert(row)
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
    /** Subscribes to committed events; returns the unsubscribe function. */
    subscribe(listener: EventListener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
export type EventsService = ReturnType<typeof createEventsService>
