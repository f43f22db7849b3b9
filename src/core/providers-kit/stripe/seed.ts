import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const CUSTOMERS = [
  { name: 'Jenny Rosen', email: 'jenny.rosen@example.com', metadata: { plan: 'pro' } },
  { name: 'Wile E. Coyote', email: 'wile.e@acme.example', metadata: { plan: 'team' } },
  { name: 'Hank Scorpio', email: 'hank@globex.example', description: 'Enterprise trial' },
  { name: 'Peter Gibbons', email: 'peter@initech.example' },
]

/**
 * `seed demo`'s simulated Stripe: one connection (tenant `acme`) with customers and their
 * payment intents (succeeded, one partly refunded, one awaiting payment), made through its API.
 */
export const stripeSeed: DemoSeed = {
  label: 'Stripe',
  made: 'customers, payment intents, a refund',
  scopes: ['read_write'],
  own: { tenant: 'acme' },
  fill(run) {
    const customers = run(CUSTOMERS.map((c) => ({ method: 'POST', path: '/v1/customers', body: c })))
    const ids = customers.map((c) => (c.body as { id: string }).id)
    const intents: SeedRequest[] = ids.map((customer, i) => ({
      method: 'POST',
      path: '/v1/payment_intents',
      body: {
        amount: 1900 + i * 1000,
        currency: 'usd',
        customer,
        ...(i < 3 && { payment_method: 'pm_card_visa', confirm: true }),
      },
    }))
    const made = run(intents)
    const refund = run([
      {
        method: 'POST',
        path: '/v1/refunds',
        body: { payment_intent: (made[0]!.body as { id: string }).id, amount: 500 },
      },
    ])
    return customers.length + made.length + refund.length
  },
}
