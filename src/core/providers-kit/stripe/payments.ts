import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  type Ctx,
  headersOf,
  int,
  invalid,
  type Json,
  list,
  load,
  metadataOf,
  missing,
  newId,
  noSuch,
  nowSeconds,
  ok,
  type Param,
  paramsOf,
  save,
  str,
} from './context.js'
import { stripeError } from './errors.js'
import { emitEvent } from './events.js'

type Intent = Json & { id: string; status: string; amount: number; currency: string; customer: string | null }

/** The intent with `expand[]=customer` applied (other expansions are left as ids). */
function expanded(ctx: Ctx, intent: Intent, expand: Param | undefined): Json {
  if (!list(expand).includes('customer') || !intent.customer) return intent
  return { ...intent, customer: load(ctx, 'customer', intent.customer) ?? intent.customer }
}

const unexpectedState = (ctx: Ctx, intent: Intent, action: string) =>
  stripeError(
    400,
    'invalid_request_error',
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    { code: 'payment_intent_unexpected_state' },
    headersOf(ctx),
  )

/** Confirms with a payment method: the simulated card always succeeds, making a charge. */
function succeed(ctx: Ctx, intent: Intent, paymentMethod: string): Intent {
  const charge = {
    id: newId(ctx, 'charge').id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    captured: true,
    created: nowSeconds(ctx),
    currency: intent.currency,
    customer: intent.customer,
    livemode: false,
    paid: true,
    payment_intent: intent.id,
    payment_method: paymentMethod,
    refunded: false,
    status: 'succeeded',
  }
  save(ctx, 'charge', charge)
  const done = {
    ...intent,
    status: 'succeeded',
    payment_method: paymentMethod,
    latest_charge: charge.id,
    amount_received: intent.amount,
  }
  save(ctx, 'payment_intent', done)
  emitEvent(ctx, 'payment_intent.succeeded', done)
  return done
}

/** `POST /v1/payment_intents`: `amount` and `currency` required; `confirm=true` confirms at once. */
export function createIntent(ctx: Ctx): ProxyAnswer {
  const params = paramsOf(ctx)
  const amount = int(params.amount)
  if (amount === undefined) return missing(ctx, 'amount')
  if (Number.isNaN(amount) || amount < 1)
    return invalid(ctx, 'amount', 'Invalid positive integer', 'parameter_invalid_integer')
  const currency = str(params.currency)?.toLowerCase()
  if (!currency) return missing(ctx, 'currency')
  const customer = str(params.customer) ?? null
  if (customer && !load(ctx, 'customer', customer)) return noSuch(ctx, 'customer', customer, 'customer')
  const paymentMethod = str(params.payment_method) ?? null
  const { id } = newId(ctx, 'payment_intent')
  let intent: Intent = {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${ctx.ids.hex(12)}`,
    confirmation_method: 'automatic',
    created: nowSeconds(ctx),
    currency,
    customer,
    description: str(params.description) ?? null,
    latest_charge: null,
    livemode: false,
    metadata: metadataOf(params.metadata),
    payment_method: paymentMethod,
    payment_method_types: ['card'],
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
  }
  save(ctx, 'payment_intent', intent)
  if (str(params.confirm) === 'true') {
    if (!paymentMethod) return missing(ctx, 'payment_method')
    intent = succeed(ctx, intent, paymentMethod)
  }
  return ok(ctx, expanded(ctx, intent, params.expand))
}

export function retrieveIntent(ctx: Ctx): ProxyAnswer {
  const intent = load<Intent>(ctx, 'payment_intent', ctx.params.id)
  return intent
    ? ok(ctx, expanded(ctx, intent, paramsOf(ctx).expand))
    : noSuch(ctx, 'payment_intent', ctx.params.id!)
}

/** `POST /v1/payment_intents/{id}/confirm`: needs a payment method (given now or at creation). */
export function confirmIntent(ctx: Ctx): ProxyAnswer {
  const intent = load<Intent>(ctx, 'payment_intent', ctx.params.id)
  if (!intent) return noSuch(ctx, 'payment_intent', ctx.params.id!)
  if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status))
    return unexpectedState(ctx, intent, 'confirm')
  const params = paramsOf(ctx)
  const paymentMethod = str(params.payment_method) ?? (intent.payment_method as string | null)
  if (!paymentMethod) return missing(ctx, 'payment_method')
  return ok(ctx, expanded(ctx, succeed(ctx, intent, paymentMethod), params.expand))
}

/** `POST /v1/payment_intents/{id}/cancel`: not once it has succeeded. */
export function cancelIntent(ctx: Ctx): ProxyAnswer {
  const intent = load<Intent>(ctx, 'payment_intent', ctx.params.id)
  if (!intent) return noSuch(ctx, 'payment_intent', ctx.params.id!)
  if (intent.status === 'succeeded' || intent.status === 'canceled')
    return unexpectedState(ctx, intent, 'cancel')
  const params = paramsOf(ctx)
  const canceled = {
    ...intent,
    status: 'canceled',
    canceled_at: nowSeconds(ctx),
    cancellation_reason: str(params.cancellation_reason) ?? null,
  }
  save(ctx, 'payment_intent', canceled)
  emitEvent(ctx, 'payment_intent.canceled', canceled)
  return ok(ctx, expanded(ctx, canceled, params.expand))
}

/** `POST /v1/refunds`: of a succeeded intent's charge (or a charge), all or `amount` of what is left. */
export function createRefund(ctx: Ctx): ProxyAnswer {
  const params = paramsOf(ctx)
  const intentId = str(params.payment_intent)
  let chargeId = str(params.charge)
  if (!intentId && !chargeId) return missing(ctx, 'charge')
  if (intentId) {
    const intent = load<Intent>(ctx, 'payment_intent', intentId)
    if (!intent) return noSuch(ctx, 'payment_intent', intentId, 'payment_intent')
    if (!intent.latest_charge) return unexpectedState(ctx, intent, 'refund')
    chargeId = intent.latest_charge as string
  }
  const charge = load<Json & { id: string; amount: number; amount_refunded: number }>(ctx, 'charge', chargeId)
  if (!charge) return noSuch(ctx, 'charge', chargeId!, 'charge')
  const left = charge.amount - charge.amount_refunded
  const amount = int(params.amount) ?? left
  if (Number.isNaN(amount) || amount < 1 || amount > left)
    return invalid(
      ctx,
      'amount',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      'amount_too_large',
    )
  const refund = {
    id: newId(ctx, 'refund').id,
    object: 'refund',
    amount,
    charge: charge.id,
    created: nowSeconds(ctx),
    currency: charge.currency,
    metadata: metadataOf(params.metadata),
    payment_intent: charge.payment_intent,
    reason: str(params.reason) ?? null,
    status: 'succeeded',
  }
  save(ctx, 'refund', refund)
  const refunded = { ...charge, amount_refunded: charge.amount_refunded + amount, refunded: amount === left }
  save(ctx, 'charge', refunded)
  emitEvent(ctx, 'charge.refunded', refunded, { amount_refunded: charge.amount_refunded, refunded: false })
  return ok(ctx, refund)
}
