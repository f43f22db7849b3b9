import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { proxyCall } from './helpers.js'

/** The simulated Stripe's state: `seed demo`, fixtures, the dashboard's view, and a workspace reset. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const call = (conn: string, method: string, path: string, body?: unknown) =>
  proxyCall(t, conn, method, path, body)

describe('seed demo, fixtures and the view of the simulated Stripe', () => {
  it('seeds customers, payment intents and a refund, and the view shows them', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_stripe_requests).toBe(9)
    const [stripe] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'stripe'")
      .all() as Array<{ id: string }>
    const conn = stripe!.id
    const customers = await call(conn, 'GET', '/v1/customers?limit=100')
    expect(customers.data.map((c: { name: string }) => c.name)).toEqual([
      'Peter Gibbons',
      'Hank Scorpio',
      'Wile E. Coyote',
      'Jenny Rosen',
    ])
    const events = await call(conn, 'GET', '/v1/events?type=charge.refunded')
    expect(events.data[0].data.object).toMatchObject({ amount_refunded: 500, refunded: false })

    const res = await t.req('GET', `/api/connections/${conn}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Customers', 'Payment intents'])
    expect(view.sections[1]!.rows.map((r) => r[2])).toEqual([
      'requires_payment_method',
      'succeeded',
      'succeeded',
      'succeeded',
    ])
  })

  it('a fixture-declared Stripe connection answers, and a reset forgets its account', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [{ id: 'conn_acme_stripe', provider: 'stripe', tenant_id: 'acme-fixture' }],
        },
      ],
    })
    const created = await call('conn_acme_stripe', 'POST', '/v1/customers', { email: 'fixture@example.com' })
    expect(created).toMatchObject({ object: 'customer', email: 'fixture@example.com' })
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'stripe'")
      .get() as { n: number }
    expect(left.n).toBe(0)
  })
})
