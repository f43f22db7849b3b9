import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'
import { failure, stripeThroughGateway } from './stripe-client.js'

const data = tempDir('switchyard-stripe-payments-')
let server: RunningServer
let stripe: Stripe
let conn: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'stripe', 'acme')
  stripe = stripeThroughGateway(server, conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const addFault = (body: unknown) =>
  fetch(`${server.url}/api/connections/${conn}/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firstSecretKey(server)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('stripe payment intents and refunds against the simulated Stripe', () => {
  it('creates, confirms, retrieves with expand[]=customer, and refunds', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' })
    const intent = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      customer: customer.id,
      metadata: { order: '42' },
    })
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 2500,
      currency: 'eur',
      customer: customer.id,
      metadata: { order: '42' },
    })
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`))
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2500 })
    expect(confirmed.latest_charge).toMatch(/^ch_/)

    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['customer'] })
    expect(expanded.customer).toMatchObject({
      id: customer.id,
      object: 'customer',
      email: 'buyer@example.com',
    })
    expect((await stripe.paymentIntents.retrieve(intent.id)).customer).toBe(customer.id)

    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 })
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      charge: confirmed.latest_charge,
    })
    const tooMuch = await failure(stripe.refunds.create({ payment_intent: intent.id, amount: 5000 }))
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' })
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(1500)
  })

  it('cancels an unconfirmed intent, and refuses to cancel a succeeded one', async () => {
    const open = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' })
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' })
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' })
    const paid = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      expand: ['customer'],
    })
    expect(paid.status).toBe('succeeded')
    const refused = await failure(stripe.paymentIntents.cancel(paid.id))
    expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
  })

  it('answers missing parameters and objects in Stripe’s error shape', async () => {
    const noAmount = await failure(
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    )
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' })
    expect(noAmount.raw).toMatchObject({
      type: 'invalid_request_error',
      message: 'Missing required param: amount.',
    })
    const nobody = await failure(
      stripe.paymentIntents.create({ amount: 100, currency: 'usd', customer: 'cus_nope' }),
    )
    expect(nobody).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' })
    expect(await failure(stripe.paymentIntents.retrieve('pi_nope'))).toMatchObject({ statusCode: 404 })
  })

  it('applies faults in Stripe’s own shapes', async () => {
    expect((await addFault({ kind: 'rate_limit', count: 1 })).status).toBe(201)
    const limited = await failure(stripe.customers.list())
    expect(limited).toMatchObject({ type: 'StripeRateLimitError', statusCode: 429, code: 'rate_limit' })
    expect(limited.headers?.['stripe-should-retry']).toBe('true')
    expect((await addFault({ kind: 'server_error', count: 1, status: 503 })).status).toBe(201)
    expect(await failure(stripe.customers.list())).toMatchObject({ type: 'StripeAPIError', statusCode: 503 })
    expect((await stripe.customers.list()).object).toBe('list')
    // An expired token is refreshed by the proxy once, so the call goes through.
    expect((await addFault({ kind: 'expire_token' })).status).toBe(201)
    expect((await stripe.customers.list()).object).toBe('list')
    expect((await addFault({ kind: 'revoke_access' })).status).toBe(201)
    const revoked = await failure(stripe.customers.list())
    expect(revoked).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 })
    expect(revoked.raw).toMatchObject({ type: 'invalid_request_error' })
  })
})
