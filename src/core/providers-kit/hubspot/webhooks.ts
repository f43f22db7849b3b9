import type { Sample } from '../../triggers/samples/sample.js'
import type { ObjectKind } from './representations.js'

const ACTIONS = ['creation', 'propertyChange', 'deletion'] as const
export type HubspotEventType = `${ObjectKind}.${(typeof ACTIONS)[number]}`

/** The subscription types the simulation emits (and `switchyard trigger hubspot` samples), kind by kind. */
export const HUBSPOT_EVENT_TYPES: readonly HubspotEventType[] = (['contact', 'company'] as const).flatMap(
  (kind) => ACTIONS.map((action) => `${kind}.${action}` as const),
)

/** What identifies the app and portal that a delivery is for. */
export interface HubspotApp {
  portalId: number
  appId: number
  /** One subscription per event type, as an app's webhook settings create them. */
  subscriptionIds: Record<string, number>
}

/** One event of a delivery, before the app's ids are added. */
export interface HubspotEventInput {
  eventId: number
  subscriptionType: HubspotEventType
  objectId: number
  occurredAt: number
  propertyName?: string
  propertyValue?: string
}

const CHANGE_FLAGS: Record<string, string> = { creation: 'CREATED', deletion: 'DELETED' }

/** A webhook event as HubSpot's Webhooks API v3 sends it. */
export function hubspotEvent(app: HubspotApp, e: HubspotEventInput): Record<string, unknown> {
  const action = e.subscriptionType.split('.')[1]!
  return {
    eventId: e.eventId,
    subscriptionId: app.subscriptionIds[e.subscriptionType] ?? 0,
    portalId: app.portalId,
    appId: app.appId,
    occurredAt: e.occurredAt,
    subscriptionType: e.subscriptionType,
    attemptNumber: 0,
    objectId: e.objectId,
    ...(e.propertyName !== undefined && {
      propertyName: e.propertyName,
      propertyValue: e.propertyValue ?? '',
    }),
    ...(CHANGE_FLAGS[action] && { changeFlag: CHANGE_FLAGS[action] }),
    // Changes made through the API by an app; HubSpot names the app as the source.
    changeSource: 'INTEGRATION',
    sourceId: String(app.appId),
  }
}

/**
 * One delivery: HubSpot posts a JSON array of events (up to 100), signed with the v3 scheme by
 * the send path (`X-HubSpot-Signature-v3`, `X-HubSpot-Request-Timestamp`).
 */
export function hubspotWebhook(app: HubspotApp, events: HubspotEventInput[]): Sample {
  return {
    body: events.map((e) => hubspotEvent(app, e)),
    headers: { 'User-Agent': 'HubSpot Connect 2.0 (http://dev.hubspot.com/) - WebhooksExecutorDaemon' },
  }
}

/** HubSpot posts a batch: a JSON array of events, each with its `subscriptionType`. */
export const hubspotEventType = (body: unknown): unknown => {
  if (!Array.isArray(body)) return undefined
  const first: unknown = body[0]
  return first && typeof first === 'object'
    ? (first as { subscriptionType?: unknown }).subscriptionType
    : null
}
