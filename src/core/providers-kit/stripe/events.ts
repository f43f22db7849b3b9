import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  allOf,
  type Ctx,
  idempotencyKeyOf,
  type Json,
  listAnswer,
  newId,
  nowSeconds,
  save,
  versionOf,
} from './context.js'

/** The event types `switchyard trigger stripe` builds samples of; the simulation sends some of them. */
export const STRIPE_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.created',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.created',
  'payment_intent.canceled',
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'product.created',
  'product.updated',
  'price.created',
  'price.updated',
] as const
export type StripeEventType = (typeof STRIPE_EVENT_TYPES)[number]

/**
 * Records an event as Stripe does (`GET /v1/events` lists it) and sends it to the webhook
 * endpoint: the engine signs it with the provider config's secret (`Stripe-Signature`).
 */
export function emitEvent(ctx: Ctx, type: StripeEventType, object: Json, previous?: Json) {
  const { id } = newId(ctx, 'event')
  const event = {
    id,
    object: 'event',
    account: ctx.state.account,
    api_version: versionOf(ctx),
    created: nowSeconds(ctx),
    data: { object, ...(previous && { previous_attributes: previous }) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${ctx.ids.hex(7)}`, idempotency_key: idempotencyKeyOf(ctx) ?? null },
    type,
  }
  save(ctx, 'event', event)
  ctx.emit({ body: event, headers: { 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' } })
}

/** `GET /v1/events`: the account's events, newest first, optionally of one `type`. */
export function listEvents(ctx: Ctx): ProxyAnswer {
  const type = new URLSearchParams(ctx.call.query).get('type')
  const events = allOf(ctx, 'event').filter((e) => !type || e.type === type)
  return listAnswer(ctx, 'event', '/v1/events', events)
}
