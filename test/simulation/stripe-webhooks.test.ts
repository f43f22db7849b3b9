import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, header, simulatedConnect } from './helpers.js'
import { stripeThroughGateway } from './stripe-client.js'

/**
 * The simulated Stripe's events: captured through the real capture path, signed with the provider
 * config's webhook secret so `stripe.webhooks.constructEvent` accepts them, and listed by `/v1/events`.
 */
const SECRET = 'whsec_simulated_stripe_secret_3f1'
const data = tempDir('switchyard-stripe-webhooks-')
let server: RunningServer
let stripe: Stripe

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  const config = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firstSecretKey(server)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'stripe', webhook_secret: SECRET }),
  })
  expect(config.status).toBe(201)
  stripe = stripeThroughGateway(server, await simulatedConnect(server, 'stripe', 'acme'))
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const rawBody = (eventId: string) =>
  (
    server.core.db.prepare('SELECT body FROM event_requests WHERE event_id = ?').get(eventId) as {
      body: Buffer
    }
  ).body.toString('utf8')

describe('webhooks of the simulated Stripe', () => {
  it('sends customer, payment intent and refund events that constructEvent verifies', async () => {
    const customer = await stripe.customers.create({ email: 'hooks@example.com' })
    await stripe.customers.update(customer.id, { name: 'Hook Customer' })
    const intent = await stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    })
    await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-1' })
    await server.core.simulation.settled()

    const hooks = capturedWebhooks(server.core.db, 'stripe')
    expect(hooks.map((h) => h.provider_event_type)).toEqual([
      'customer.created',
      'customer.updated',
      'payment_intent.succeeded',
      'charge.refunded',
    ])
    const verified = hooks.map((h) => {
      expect(h.signature).toBe('valid')
      return stripe.webhooks.constructEvent(rawBody(h.id), header(h, 'stripe-signature')!, SECRET)
    })
    expect(verified[0]!.data.object).toMatchObject({ id: customer.id, email: 'hooks@example.com' })
    expect(verified[1]!.data.previous_attributes).toEqual({ name: null })
    expect(verified[2]!.data.object).toMatchObject({ id: intent.id, status: 'succeeded' })
    expect(verified[3]!.data.object).toMatchObject({
      object: 'charge',
      refunded: true,
      amount_refunded: 1200,
    })
    expect(verified[3]!.request).toMatchObject({ idempotency_key: 'refund-1' })
    expect(() =>
      stripe.webhooks.constructEvent(
        rawBody(hooks[0]!.id),
        header(hooks[0]!, 'stripe-signature')!,
        'whsec_other',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)

    const listed = await stripe.events.list({ limit: 10 })
    expect(listed.data.map((e) => e.id)).toEqual(verified.map((e) => e.id).reverse())
    const refunds = await stripe.events.list({ type: 'charge.refunded' })
    expect(refunds.data.map((e) => e.type)).toEqual(['charge.refunded'])
  })
})
