import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'

/**
 * A provider with no built-in simulation (Stripe), answered entirely by mock routes through the
 * proxy of a real gateway, driven by Stripe's own SDK over real HTTP; the routes survive a restart.
 */
const data = tempDir()
let server: RunningServer
let key: string
let conn: string

/** Stripe's SDK, unchanged, its requests sent to the proxy of the simulated connection. */
const stripeClient = () =>
  new Stripe(key, {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient((input, init) => {
      const url = new URL(String(input))
      return fetch(`${server.url}/proxy/${conn}${url.pathname}${url.search}`, init)
    }),
  })

const addRoute = async (route: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/api/mock-routes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'stripe', ...route }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  conn = await simulatedConnect(server, 'stripe')
  await addRoute({
    method: 'POST',
    path: '/v1/customers',
    body: '{"id":"cus_mocked","object":"customer","email":"{{body.email}}","name":"{{body.name}}","metadata":{"plan":"{{body.metadata.plan}}"}}',
  })
  await addRoute({
    path: '/v1/customers/:id',
    body: '{"id":"{{params.id}}","object":"customer","email":"jane@example.com"}',
  })
  await addRoute({
    path: '/v1/customers/cus_missing',
    status: 404,
    body: '{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such customer: \'cus_missing\'","param":"id"}}',
  })
  await addRoute({
    method: 'DELETE',
    path: '/v1/customers/:id',
    body: '{"id":"{{params.id}}","object":"customer","deleted":true}',
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('Stripe, answered by mock routes only', () => {
  it('the official SDK creates, reads and deletes customers through the proxy', async () => {
    const stripe = stripeClient()
    const created = await stripe.customers.create({
      email: 'jane@example.com',
      name: 'Jane "J" Doe',
      metadata: { plan: 'pro' },
    })
    expect(created).toMatchObject({
      id: 'cus_mocked',
      email: 'jane@example.com',
      name: 'Jane "J" Doe',
      metadata: { plan: 'pro' },
    })
    expect(created.lastResponse.statusCode).toBe(200)
    expect(await stripe.customers.retrieve('cus_42')).toMatchObject({ id: 'cus_42', object: 'customer' })
    expect(await stripe.customers.del('cus_42')).toMatchObject({ id: 'cus_42', deleted: true })
  })

  it("a scripted edge case arrives as Stripe's own error in the SDK", async () => {
    const failure = await stripeClient()
      .customers.retrieve('cus_missing')
      .catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(failure).toMatchObject({ statusCode: 404, code: 'resource_missing' })
  })

  it('a call no route matches is Stripe’s 404 holding the 501 problem that says how to add one', async () => {
    const res = await fetch(`${server.url}/proxy/${conn}/v1/charges`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.status).toBe(404)
    const body = (await res.json()) as { switchyard: { code: string; status: number } }
    expect(body.switchyard).toMatchObject({ code: 'simulation_unavailable', status: 501 })
  })

  it('mock routes survive a restart of the gateway', async () => {
    await server.close()
    server = await startQuietServer(data.dir)
    const res = await fetch(`${server.url}/proxy/${conn}/v1/customers/cus_after`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await res.json()).toMatchObject({ id: 'cus_after' })
  })
})
