import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PROVIDERS } from '../../src/core/seed/demo-seed.js'
import { readSse } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const trigger = (body: unknown) => t.req('POST', '/api/events/trigger', { key: t.secretKey, body })
const detail = async (id: string) => (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()
const configure = (provider: string) =>
  t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider, webhook_secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' },
  })
const header = (event: { request: { headers: Array<{ name: string; value: string }> } }, name: string) =>
  event.request.headers.find((h) => h.name.toLowerCase() === name)?.value

describe('POST /api/events/trigger', () => {
  it('GitHub push: a realistic payload with GitHub headers, captured like a real webhook', async () => {
    const res = await trigger({ provider: 'github', type: 'push' })
    expect(res.status).toBe(201)
    const event = await detail((await res.json()).id)
    expect(event).toMatchObject({ type: 'webhook.received', provider: 'github', provider_event_type: 'push' })
    expect(event.request.path).toBe('/webhooks/github')
    expect(header(event, 'x-github-event')).toBe('push')
    expect(header(event, 'user-agent')).toMatch(/^GitHub-Hookshot\//)
    const body = JSON.parse(event.request.body)
    expect(body).toMatchObject({
      ref: 'refs/heads/main',
      repository: { full_name: 'octo-org/switchyard-demo' },
    })
    expect(body.commits).toHaveLength(1)
  })

  it('Stripe invoice.paid: an event envelope around a paid invoice', async () => {
    const event = await detail(
      (await (await trigger({ provider: 'stripe', type: 'invoice.paid' })).json()).id,
    )
    const body = JSON.parse(event.request.body)
    expect(body).toMatchObject({
      object: 'event',
      type: 'invoice.paid',
      data: { object: { object: 'invoice', paid: true } },
    })
    expect(event.provider_event_type).toBe('invoice.paid')
  })

  it('Slack message: an event_callback envelope', async () => {
    const event = await detail((await (await trigger({ provider: 'slack', type: 'message' })).json()).id)
    expect(JSON.parse(event.request.body)).toMatchObject({
      type: 'event_callback',
      event: { type: 'message' },
    })
    expect(event.provider_event_type).toBe('message')
  })

  it('Shopify orders/create: the order with the topic header', async () => {
    const event = await detail(
      (await (await trigger({ provider: 'shopify', type: 'orders/create' })).json()).id,
    )
    expect(header(event, 'x-shopify-topic')).toBe('orders/create')
    expect(JSON.parse(event.request.body)).toMatchObject({
      line_items: [expect.objectContaining({ quantity: 1 })],
    })
  })

  it('any other provider and type gets a plain JSON sample', async () => {
    const res = await trigger({ provider: 'trello', type: 'page.created' })
    const event = await detail((await res.json()).id)
    expect(JSON.parse(event.request.body)).toMatchObject({ type: 'page.created' })
    expect(event.data.triggered).toBe(true)
  })

  it('`data` overrides fields of the sample (deep merge)', async () => {
    const res = await trigger({
      provider: 'stripe',
      type: 'invoice.paid',
      data: { livemode: true, data: { object: { amount_paid: 4200, customer: 'cus_mine' } } },
    })
    const body = JSON.parse((await detail((await res.json()).id)).request.body)
    expect(body.livemode).toBe(true)
    expect(body.data.object).toMatchObject({ amount_paid: 4200, customer: 'cus_mine', object: 'invoice' })
  })

  it('`data` cannot pollute prototypes', async () => {
    const raw = '{"provider":"stripe","type":"invoice.paid","data":{"__proto__":{"polluted":true}}}'
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.secretKey,
      raw,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(201)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  for (const provider of ['github', 'stripe', 'slack', 'shopify', 'clerk']) {
    it(`${provider}: signed with the config's secret, so the verdict is valid`, async () => {
      await configure(provider)
      const type = {
        github: 'push',
        stripe: 'invoice.paid',
        slack: 'message',
        shopify: 'orders/create',
        clerk: 'user.created',
      }[provider]
      const event = await (await trigger({ provider, type })).json()
      expect(event.signature).toBe('valid')
    })
  }

  it('without a secret the sample is unsigned and unverified', async () => {
    expect((await (await trigger({ provider: 'github', type: 'push' })).json()).signature).toBe('unverified')
  })

  it('appears on the live stream like a real webhook', async () => {
    const stream = await t.req('GET', '/api/events/stream', { key: t.secretKey })
    const { id } = await (await trigger({ provider: 'github', type: 'push' })).json()
    expect((await readSse(stream, (e) => e.length >= 1))[0]!.id).toBe(id)
  })

  it('bad input is 400 and stores nothing', async () => {
    const bad = [
      await trigger({}),
      await trigger({ provider: 'github' }),
      await trigger({ provider: 'no-such-provider', type: 'push' }),
      await trigger({ provider: 'github', type: 'push; rm -rf' }),
      await trigger({ provider: 'github', type: 'x'.repeat(101) }),
      await trigger({ provider: 'github', type: 'push', data: [1, 2] }),
      await trigger({ provider: 'github', type: 'push', extra: 1 }),
      await t.req('POST', '/api/events/trigger', {
        key: t.secretKey,
        raw: 'nope',
        headers: { 'content-type': 'application/json' },
      }),
    ]
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400])
    const unknown = await bad[2]!.json()
    expect(unknown.errors).toEqual([expect.objectContaining({ pointer: '/provider' })])
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n).toBe(0)
  })

  it('needs a secret key', async () => {
    const res = await t.req('POST', '/api/events/trigger', {
      key: t.publishableKey,
      body: { provider: 'github', type: 'push' },
    })
    expect(res.status).toBe(403)
  })
})

describe('trigger event types', () => {
  it('an unknown type for a provider with samples is a 400 naming /type with the known ones, nothing stored', async () => {
    const res = await trigger({ provider: 'github', type: 'nosuchevent' })
    expect(res.status).toBe(400)
    const problem = await res.json()
    expect(problem.errors).toEqual([
      { pointer: '/type', detail: expect.stringMatching(/^one of: push, ping, pull_request/) },
    ])
    const page = await (await t.req('POST', '/api/events/search', { key: t.secretKey, body: {} })).json()
    expect(page.data).toEqual([])
  })

  it('GET /api/events/trigger/types lists every sample set, or one provider', async () => {
    const all = await (await t.req('GET', '/api/events/trigger/types', { key: t.secretKey })).json()
    // Providers without a kit folder, then the kits in registry order, then the scheme-wide set.
    expect(all.data.map((e: { provider: string | null }) => e.provider)).toEqual([
      'zoom',
      'github',
      'slack',
      'hubspot',
      'stripe',
      'linear',
      'jira',
      'shopify',
      null,
    ])
    const clerk = await (
      await t.req('GET', '/api/events/trigger/types?provider=clerk', { key: t.secretKey })
    ).json()
    expect(clerk.data[0]).toMatchObject({
      provider: 'clerk',
      types: expect.arrayContaining(['user.created']),
    })
    const trello = await (
      await t.req('GET', '/api/events/trigger/types?provider=trello', { key: t.secretKey })
    ).json()
    expect(trello.data[0]).toMatchObject({ provider: 'trello', types: null })
    expect((await t.req('GET', '/api/events/trigger/types?provider=nope', { key: t.secretKey })).status).toBe(
      400,
    )
  })

  it('every type the demo seed sends is a known type', async () => {
    for (const [provider, types] of Object.entries(DEMO_PROVIDERS)) {
      for (const type of types)
        expect((await trigger({ provider, type })).status, `${provider} ${type}`).toBe(201)
    }
  })
})
