import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import { type DeliveriesRepo, type DeliveryRow, toDelivery } from './deliveries.repo.js'
import type { Delivery, RecordDelivery } from './deliveries.schema.js'
import { forwardableHeaders, type SendResult, sendHttp } from './http-send.js'

/** Standard Webhooks recommends 15 to 30 s for a receiver to answer. */
export const DELIVERY_TIMEOUT_MS = 15_000

/** The delivery log (forwards, replays, outbound endpoints) and replay itself. */
export function createDeliveriesService(deps: {
  repo: DeliveriesRepo
  events: EventsService
  clock: Clock
  ids: Ids
}) {
  const { repo, events, clock, ids } = deps

  const insert = (
    workspaceId: string,
    eventId: string,
    kind: Delivery['kind'],
    input: RecordDelivery,
    links: { endpoint_id?: string; message_id?: string } = {},
  ): Delivery => {
    const row: DeliveryRow = {
      id: ids.next('dlv'),
      workspace_id: workspaceId,
      event_id: eventId,
      kind,
      endpoint_id: links.endpoint_id ?? null,
      message_id: links.message_id ?? null,
      target: input.target,
      attempt: input.attempt,
      status: input.status ?? null,
      error: input.error ?? null,
      duration_ms: input.duration_ms,
      created_at: isoAt(clock.now()),
    }
    repo.insert(row)
    return toDelivery(row)
  }

  return {
    /** Records one attempt made outside the gateway (`switchyard listen`) on the event. */
    recordForward(workspaceId: string, eventId: string, input: RecordDelivery): Delivery {
      events.get(workspaceId, eventId)
      return insert(workspaceId, eventId, 'forward', input)
    },

    /** Records one outbound-endpoint attempt (the caller has checked the event). */
    recordEndpointAttempt(
      workspaceId: string,
      eventId: string,
      input: RecordDelivery,
      links: { endpoint_id: string; message_id: string },
    ): Delivery {
      return insert(workspaceId, eventId, 'endpoint', input, links)
    },

    /** The newest attempts for an event, oldest first. */
    forEvent(workspaceId: string, eventId: string): Delivery[] {
      return repo.forEvent(workspaceId, eventId).map(toDelivery)
    },

    /**
     * Re-delivers a captured webhook (exact bytes, original headers minus hop-by-hop ones) to `url`,
     * or to where it was last forwarded or replayed, and records the attempt.
     */
    async replay(workspaceId: string, eventId: string, url?: string): Promise<Delivery> {
      const event = events.get(workspaceId, eventId)
      if (event.source !== 'webhook') {
        throw new AppError(
          'invalid_request',
          `Event '${eventId}' is a ${event.type} event of the gateway; only captured webhooks can be replayed.`,
        )
      }
      const target = url ?? repo.lastTarget(workspaceId, eventId)
      if (!target) {
        throw new AppError(
          'invalid_request',
          'Say where to replay to: this event has never been delivered.',
          {
            errors: [
              { pointer: '/url', detail: 'is required when the event has no earlier forward or replay' },
            ],
          },
        )
      }
      const raw = events.rawRequest(workspaceId, eventId)
      const result: SendResult = await sendHttp(
        target,
        {
          method: raw.method,
          headers: forwardableHeaders(JSON.parse(raw.headers) as Array<[string, string]>),
          body: raw.body,
        },
        { timeoutMs: DELIVERY_TIMEOUT_MS, nowMs: clock.now() },
      )
      return insert(workspaceId, eventId, 'replay', {
        target,
        attempt: repo.countTo(workspaceId, eventId, target) + 1,
        status: result.status,
        error: result.error,
        duration_ms: result.duration_ms,
      })
    },
  }
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>
