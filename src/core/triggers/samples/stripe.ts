import { fake, type SampleBuilder } from './sample.js'

const customer = (nowMs: number) => ({
  id: fake.id('cus', 14),
  object: 'customer',
  email: 'jenny.rosen@example.com',
  name: 'Jenny Rosen',
  created: fake.seconds(nowMs),
  livemode: false,
})

const invoice = (nowMs: number, paid: boolean) => ({
  id: fake.id('in'),
  object: 'invoice',
  customer: fake.id('cus', 14),
  subscription: fake.id('sub'),
  status: paid ? 'paid' : 'open',
  paid,
  amount_due: 2000,
  amount_paid: paid ? 2000 : 0,
  amount_remaining: paid ? 0 : 2000,
  currency: 'usd',
  billing_reason: 'subscription_cycle',
  hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/test_invoice',
  created: fake.seconds(nowMs),
  period_start: fake.seconds(nowMs) - 30 * 86400,
  period_end: fake.seconds(nowMs),
  livemode: false,
})

const paymentIntent = (nowMs: number, status: string) => ({
  id: fake.id('pi'),
  object: 'payment_intent',
  amount: 2000,
  amount_received: status === 'succeeded' ? 2000 : 0,
  currency: 'usd',
  customer: fake.id('cus', 14),
  status,
  payment_method: fake.id('pm'),
  created: fake.seconds(nowMs),
  livemode: false,
})

const subscription = (nowMs: number, status: string) => ({
  id: fake.id('sub'),
  object: 'subscription',
  customer: fake.id('cus', 14),
  status,
  items: {
    object: 'list',
    data: [{ id: fake.id('si', 14), price: { id: fake.id('price'), unit_amount: 2000 } }],
  },
  current_period_start: fake.seconds(nowMs),
  current_period_end: fake.seconds(nowMs) + 30 * 86400,
  created: fake.seconds(nowMs),
  livemode: false,
})

const OBJECTS: Record<string, (nowMs: number) => Record<string, unknown>> = {
  'invoice.paid': (n) => invoice(n, true),
  'invoice.payment_succeeded': (n) => invoice(n, true),
  'invoice.payment_failed': (n) => ({ ...invoice(n, false), attempt_count: 1 }),
  'invoice.created': (n) => ({ ...invoice(n, false), status: 'draft' }),
  'customer.created': customer,
  'customer.updated': customer,
  'customer.deleted': (n) => ({ ...customer(n), deleted: true }),
  'payment_intent.succeeded': (n) => paymentIntent(n, 'succeeded'),
  'payment_intent.payment_failed': (n) => paymentIntent(n, 'requires_payment_method'),
  'payment_intent.created': (n) => paymentIntent(n, 'requires_payment_method'),
  'charge.succeeded': (n) => ({
    id: fake.id('ch'),
    object: 'charge',
    amount: 2000,
    currency: 'usd',
    paid: true,
    status: 'succeeded',
    payment_intent: fake.id('pi'),
    created: fake.seconds(n),
  }),
  'checkout.session.completed': (n) => ({
    id: fake.id('cs_test', 58),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 2000,
    currency: 'usd',
    customer: fake.id('cus', 14),
    subscription: fake.id('sub'),
    created: fake.seconds(n),
  }),
  'customer.subscription.created': (n) => subscription(n, 'active'),
  'customer.subscription.updated': (n) => subscription(n, 'active'),
  'customer.subscription.deleted': (n) => ({ ...subscription(n, 'canceled'), canceled_at: fake.seconds(n) }),
}

const PREFIXES: Record<string, string> = {
  invoice: 'in',
  customer: 'cus',
  charge: 'ch',
  product: 'prod',
  price: 'price',
}

/** Stripe: an `event` object whose `data.object` is the resource the type names. */
export const stripe: SampleBuilder = ({ type, nowMs }) => {
  const resource = type.split('.')[0] ?? 'object'
  const object = OBJECTS[type]?.(nowMs) ?? {
    id: fake.id(PREFIXES[resource] ?? resource.slice(0, 4)),
    object: resource,
    created: fake.seconds(nowMs),
    livemode: false,
  }
  return {
    body: {
      id: fake.id('evt'),
      object: 'event',
      api_version: '2024-06-20',
      created: fake.seconds(nowMs),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: fake.id('req', 14), idempotency_key: fake.uuid() },
      type,
    },
    headers: { 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    contentType: 'application/json; charset=utf-8',
  }
}
