import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'
import { failure, stripeThroughGateway } from './stripe-client.js'

const data = tempDir('switchyard-stripe-customers-')
let server: RunningServer
let stripe: Stripe

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  stripe = stripeThroughGateway(server, await simulatedConnect(server, 'stripe', 'acme'))
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('stripe customers against the simulated Stripe', () => {
  it('creates, retrieves, updates (metadata merged) and deletes a customer', async () => {
    const ada = await stripe.customers.create({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      metadata: { plan: 'pro', team: 'math' },
    })
    expect(ada).toMatchObject({ object: 'customer', name: 'Ada Lovelace', livemode: false })
    expect(ada.id).toMatch(/^cus_[A-Za-z]{8}\d{6}$/)
    expect(ada.metadata).toEqual({ plan: 'pro', team: 'math' })
    expect(ada.lastResponse.apiVersion).toBe('2026-10-28.endive')

    const { lastResponse: _made, ...madeFields } = ada
    const { lastResponse: _got, ...gotFields } = await stripe.customers.retrieve(ada.id)
    expect(gotFields).toEqual(madeFields)

    const updated = await stripe.customers.update(ada.id, {
      phone: '+44 20 7946 0000',
      metadata: { team: '' },
    })
    expect(updated).toMatchObject({
      phone: '+44 20 7946 0000',
      metadata: { plan: 'pro' },
      name: 'Ada Lovelace',
    })

    const deleted = await stripe.customers.del(ada.id)
    expect(deleted).toMatchObject({ id: ada.id, object: 'customer', deleted: true })
    expect(await stripe.customers.retrieve(ada.id)).toMatchObject({ deleted: true })
    const gone = await failure(stripe.customers.update(ada.id, { name: 'x' }))
    expect(gone.statusCode).toBe(404)
  })

  it('lists newest first with limit, starting_after, ending_before and autoPagingEach', async () => {
    const made: string[] = []
    for (let i = 0; i < 5; i++) made.push((await stripe.customers.create({ email: `p${i}@example.com` })).id)
    const newest = [...made].reverse()
    const first = await stripe.customers.list({ limit: 2 })
    expect(first).toMatchObject({ object: 'list', url: '/v1/customers', has_more: true })
    expect(first.data.map((c) => c.id)).toEqual(newest.slice(0, 2))
    const second = await stripe.customers.list({ limit: 2, starting_after: newest[1] })
    expect(second.data.map((c) => c.id)).toEqual(newest.slice(2, 4))
    const back = await stripe.customers.list({ limit: 2, ending_before: newest[2] })
    expect(back.data.map((c) => c.id)).toEqual(newest.slice(0, 2))
    const all: string[] = []
    await stripe.customers.list({ limit: 2 }).autoPagingEach((c) => {
      all.push(c.id)
    })
    expect(all).toEqual(newest)
    const byEmail = await stripe.customers.list({ email: 'p3@example.com' })
    expect(byEmail.data.map((c) => c.id)).toEqual([made[3]])
  })

  it('answers errors in Stripe’s shape and echoes Stripe-Version', async () => {
    const missing = await failure(stripe.customers.retrieve('cus_nope'))
    expect(missing).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nope'",
    })
    const badLimit = await failure(stripe.customers.list({ limit: 500 }))
    expect(badLimit).toMatchObject({ statusCode: 400, param: 'limit' })
    const versioned = await stripe.customers.list({ limit: 1 }, { apiVersion: '2024-06-20' })
    expect(versioned.lastResponse.apiVersion).toBe('2024-06-20')
  })

  it('replays an Idempotency-Key and refuses it with other parameters', async () => {
    const once = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'k-1' })
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'k-1' })
    expect(again.id).toBe(once.id)
    const other = await failure(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'k-1' }),
    )
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 })
    expect(other.raw).toMatchObject({ type: 'idempotency_error' })
  })
})
