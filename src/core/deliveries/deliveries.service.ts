import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { Event } from '../events/events.schema.js'
import type { EventsService } from '../events/events.service.js'
import { type EditedRequest, editRequest, hasChanges, type ReplayChanges } from '../events/replay-edit.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { parseJsonBody, providerEventType } from '../webhooks/provider-event-type.js'
import { verdictFor } from '../webhooks/signatures.js'
import { headerLookup } from '../webhooks/webhooks.service.js'
import { type DeliveriesRepo, type DeliveryRow, toDelivery } from './deliveries.repo.js'
import type { Delivery, RecordDelivery, Replay } from './deliveries.schema.js'
import { forwardableHeaders, type SendResult, sendHttp } from './http-send.js'

/** Standard Webhooks recommends 15 to 30 s for a receiver to answer. */
export const DELIVERY_TIMEOUT_MS = 15_000

/** The delivery log (forwards, replays, outbound endpoints) and replay itself. */
export function createDeliveriesService(deps: {
  db: Db
  repo: DeliveriesRepo
  events: EventsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  clock: Clock
  ids: Ids
}) {
  const { repo, events, clock, ids } = deps

  /** The secret and scheme a re-signed replay uses: the provider's newest config, as triggers do. */
  const signingFor = (workspaceId: string, event: Event): { scheme: SignatureScheme; secret: string } => {
    const provider = event.provider ? deps.providers.find(workspaceId, event.provider) : undefined
    const config = provider ? deps.providerConfigs.webhookSecrets(workspaceId, provider.id)[0] : undefined
    if (!provider || !config) {
      throw new AppError(
        'conflict',
        `Cannot re-sign: no provider config of '${event.provider ?? 'this event'}' has a webhook_secret.`,
        {
          errors: [
            { pointer: '/resign', detail: 'set webhook_secret on a provider config of this provider' },
          ],
        },
      )
    }
    const scheme = config.scheme ?? provider.webhooks?.signature ?? null
    if (!scheme) {
      throw new AppError('conflict', `Cannot re-sign: '${provider.id}' has no signature scheme.`, {
        errors: [{ pointer: '/resign', detail: 'set webhook_signature on the provider config' }],
      })
    }
    return { scheme, secret: config.secret }
  }

  /** What the gateway would make of the edited request if it arrived: its type and signature verdict. */
  const derive = (workspaceId: string, event: Event, sent: EditedRequest, target: string) => {
    const header = headerLookup(sent.headers)
    const provider = event.provider ? deps.providers.find(workspaceId, event.provider) : undefined
    const verdict = provider
      ? verdictFor(
          deps.providerConfigs.webhookSecrets(workspaceId, provider.id),
          provider.webhooks?.signature ?? null,
          {
            header,
            body: sent.body,
            nowMs: clock.now(),
            target: { method: sent.method, urls: [target] },
          },
        )
      : { signature: 'unverified' as const, detail: 'not a known provider' }
    const contentType = header('content-type') ?? null
    return {
      provider_event_type: providerEventType(header, () => parseJsonBody(contentType, sent.body)),
      signature: verdict.signature,
      signature_detail: verdict.detail,
    }
  }

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
     * Re-delivers a captured webhook to `url`, or to where it was last forwarded or replayed, and
     * records the attempt. As captured (exact bytes, original headers minus hop-by-hop ones), or with
     * `headers`, `body` and `resign` changes: then the request sent is recorded as a new
     * `webhook.replayed` event (`replay_of` = this one), which the attempt belongs to.
     */
    async replay(workspaceId: string, eventId: string, input: Replay = {}): Promise<Delivery> {
      const event = events.get(workspaceId, eventId)
      if (event.source !== 'webhook' && !event.replay_of) {
        throw new AppError(
          'invalid_request',
          `Event '${eventId}' is a ${event.type} event of the gateway; only captured webhooks can be replayed.`,
        )
      }
      const target = input.url ?? repo.lastTarget(workspaceId, eventId)
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
      const captured = {
        method: raw.method,
        headers: JSON.parse(raw.headers) as Array<[string, string]>,
        body: raw.body,
      }
      const changes: ReplayChanges = input
      const edited = hasChanges(changes)
      // Everything is checked before anything is sent or stored.
      const sent = edited
        ? editRequest(
            captured,
            changes,
            changes.resign ? { ...signingFor(workspaceId, event), nowMs: clock.now(), url: target } : null,
          )
        : { ...captured, headers: forwardableHeaders(captured.headers) }
      const result: SendResult = await sendHttp(target, sent, {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        nowMs: clock.now(),
      })
      const attempt = {
        target,
        status: result.status,
        error: result.error,
        duration_ms: result.duration_ms,
      }
      if (!edited) {
        return insert(workspaceId, eventId, 'replay', {
          ...attempt,
          attempt: repo.countTo(workspaceId, eventId, target) + 1,
        })
      }
      const { signature_detail, ...derived } = derive(workspaceId, event, sent, target)
      return inTransaction(deps.db, () => {
        const replayed = events.recordReplay(
          workspaceId,
          event,
          { ...sent, path: raw.path, query: raw.query },
          {
            ...derived,
            data: {
              method: sent.method,
              content_type: headerLookup(sent.headers)('content-type') ?? null,
              size: sent.body.length,
              signature_detail,
              target,
              changed: {
                headers: Object.keys(changes.headers ?? {}),
                body: changes.body !== undefined,
                resigned: changes.resign === true,
              },
            },
          },
        )
        return insert(workspaceId, replayed.id, 'replay', { ...attempt, attempt: 1 })
      })
    },
  }
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>
