import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { RETRY_SCHEDULE_MS } from '../../src/core/webhook-endpoints/dispatcher.js'
import { type Receiver, startReceiver } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let receiver: Receiver
beforeEach(async () => {
  t = await createTestApp()
  t.clock.set(Date.now())
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await t.close()
})

const create = async (body: Record<string, unknown> = {}) => {
  const res = await t.req('POST', '/api/webhook-endpoints', {
    key: t.secretKey,
    body: { url: `${receiver.url}/events`, ...body },
  })
  expect(res.status).toBe(201)
  return res.json()
}
const emit = (type: string) =>
  inTransaction(t.db, () =>
    t.core.events.emit(t.workspaceId, {
      type,
      provider: 'github',
      tenant_id: 'acme',
      connection_id: 'conn_1',
    }),
  )
const messages = (endpointId: string) => t.core.outboundMessages.forEndpoint(endpointId)
const attempts = async (endpointId: string) => {
  const res = await t.req('POST', '/api/deliveries/search', {
    key: t.secretKey,
    body: { filter: { endpoint_id: { eq: endpointId } }, sort: [{ field: 'created_at', direction: 'asc' }] },
  })
  return (await res.json()).data as Array<{ status: number | null; attempt: number; kind: string }>
}
const answer = (status: number, headers: Record<string, string> = {}) =>
  receiver.respondWith((_req, res) => {
    res.writeHead(status, headers)
    res.end()
  })

describe('webhook endpoints: create, get, list, update, delete', () => {
  it('create answers the endpoint with a whsec_ signing secret', async () => {
    const endpoint = await create({ event_types: ['connection.*'], description: 'my app' })
    expect(endpoint).toMatchObject({ status: 'active', event_types: ['connection.*'], description: 'my app' })
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
  })

  it('the secret is stable: get returns the same one', async () => {
    const endpoint = await create()
    const got = await (
      await t.req('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secretKey })
    ).json()
    expect(got.secret).toBe(endpoint.secret)
  })

  it('the secret is sealed at rest (not in the database file)', async () => {
    const endpoint = await create()
    t.db.pragma('wal_checkpoint(TRUNCATE)')
    const file = readFileSync(join(t.dir, 'switchyard.db'))
    expect(file.includes(Buffer.from(endpoint.secret.slice(6)))).toBe(false)
  })

  it('search lists endpoints without their secrets', async () => {
    await create()
    const page = await (
      await t.req('POST', '/api/webhook-endpoints/search', { key: t.secretKey, body: {} })
    ).json()
    expect(page.data).toHaveLength(1)
    expect(page.data[0]).not.toHaveProperty('secret')
  })

  it('update changes fields and null clears them', async () => {
    const endpoint = await create({ event_types: ['a.b'], description: 'x' })
    const res = await t.req('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      key: t.secretKey,
      body: { event_types: null, description: null, url: `${receiver.url}/v2` },
    })
    expect(await res.json()).toMatchObject({
      event_types: null,
      description: null,
      url: `${receiver.url}/v2`,
    })
  })

  it('delete is 204, then the endpoint is 404', async () => {
    const endpoint = await create()
    expect(
      (await t.req('DELETE', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secretKey })).status,
    ).toBe(204)
    expect((await t.req('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secretKey })).status).toBe(
      404,
    )
    expect(
      (await t.req('DELETE', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secretKey })).status,
    ).toBe(404)
  })

  it('bad input is 400 and stores nothing', async () => {
    const post = (body: unknown) => t.req('POST', '/api/webhook-endpoints', { key: t.secretKey, body })
    const statuses = [
      (await post({})).status,
      (await post({ url: 'not a url' })).status,
      (await post({ url: 'file:///etc/passwd' })).status,
      (await post({ url: `${receiver.url}`, event_types: [] })).status,
      (await post({ url: `${receiver.url}`, event_types: ['DROP TABLE;'] })).status,
      (await post({ url: `${receiver.url}`, event_types: 'connection.created' })).status,
      (await post({ url: `${receiver.url}`, description: 'd'.repeat(201) })).status,
      (await post({ url: `${receiver.url}`, secret: 'mine' })).status,
      (await post({ url: `http://x/${'a'.repeat(2100)}` })).status,
      (
        await t.req('POST', '/api/webhook-endpoints', {
          key: t.secretKey,
          raw: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ]
    expect(statuses).toEqual(Array(10).fill(400))
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM webhook_endpoints').get() as { n: number }).n).toBe(0)
  })

  it('needs a secret key', async () => {
    const res = await t.req('POST', '/api/webhook-endpoints', {
      key: t.publishableKey,
      body: { url: receiver.url },
    })
    expect(res.status).toBe(403)
  })
})

describe('outbound delivery (Standard Webhooks)', () => {
  it('a gateway event reaches the endpoint, signed so the standardwebhooks package verifies it', async () => {
    const endpoint = await create()
    const event = emit('connection.created')
    const [got] = await receiver.waitFor(1)
    const headers = Object.fromEntries(got!.headers.map(([n, v]) => [n.toLowerCase(), v]))
    const payload = new Webhook(endpoint.secret).verify(got!.body.toString(), headers) as Record<
      string,
      unknown
    >
    expect(payload).toMatchObject({
      type: 'connection.created',
      timestamp: event.created_at,
      data: { id: event.id },
    })
    expect(headers['webhook-id']).toBe(event.id)
    expect(got!.url).toBe('/events')
  })

  it('only subscribed event types are delivered (patterns allowed)', async () => {
    await create({ event_types: ['connection.*'] })
    emit('installation.created')
    const wanted = emit('connection.revoked')
    const [got] = await receiver.waitFor(1)
    await vi.waitFor(() =>
      expect(t.db.prepare('SELECT COUNT(*) AS n FROM deliveries').get()).toEqual({ n: 1 }),
    )
    expect(JSON.parse(got!.body.toString()).data.id).toBe(wanted.id)
    expect(receiver.received).toHaveLength(1)
  })

  it('captured webhooks are not sent to endpoints (use listen or replay for those)', async () => {
    const endpoint = await create()
    await t.req('POST', '/webhooks/github', { raw: '{}' })
    expect(messages(endpoint.id)).toEqual([])
  })

  it('an event rolled back with its transaction is never queued', async () => {
    const endpoint = await create()
    expect(() =>
      inTransaction(t.db, () => {
        t.core.events.emit(t.workspaceId, { type: 'connection.created' })
        throw new Error('the change failed')
      }),
    ).toThrow('the change failed')
    expect(messages(endpoint.id)).toEqual([])
  })

  it('a failure is retried on the schedule (5 s after the first attempt), and each attempt is logged', async () => {
    const endpoint = await create()
    answer(500)
    emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    const due = Date.parse(messages(endpoint.id)[0]!.next_attempt_at!) - t.clock.now()
    expect(due).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]! * 0.9)
    expect(due).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0]! * 1.1)
    answer(200)
    await t.core.dispatcher.runDue()
    expect(receiver.received).toHaveLength(1)
    t.clock.advance(RETRY_SCHEDULE_MS[0]! * 1.1)
    await t.core.dispatcher.runDue()
    expect((await attempts(endpoint.id)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 200],
    ])
    expect(messages(endpoint.id)[0]!.status).toBe('delivered')
  })

  it('429 with Retry-After waits that long instead of the schedule', async () => {
    const endpoint = await create()
    answer(429, { 'retry-after': '120' })
    emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    expect(Date.parse(messages(endpoint.id)[0]!.next_attempt_at!) - t.clock.now()).toBe(120_000)
    answer(200)
    t.clock.advance(60_000)
    await t.core.dispatcher.runDue()
    expect(receiver.received).toHaveLength(1)
    t.clock.advance(60_000)
    await t.core.dispatcher.runDue()
    expect(receiver.received).toHaveLength(2)
  })

  it('410 Gone disables the endpoint and stops delivery', async () => {
    const endpoint = await create()
    answer(410)
    emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    const got = await (
      await t.req('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secretKey })
    ).json()
    expect(got).toMatchObject({ status: 'disabled', disabled_reason: expect.stringContaining('410') })
    expect(messages(endpoint.id)[0]!.status).toBe('failed')
    emit('connection.revoked')
    await t.core.dispatcher.runDue()
    expect(receiver.received).toHaveLength(1)
  })

  it('a disabled endpoint can be re-enabled with PATCH status active', async () => {
    const endpoint = await create()
    answer(410)
    emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    answer(200)
    await t.req('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      key: t.secretKey,
      body: { status: 'active' },
    })
    emit('connection.revoked')
    await receiver.waitFor(2)
  })

  it('after the last scheduled retry the message fails for good', async () => {
    const endpoint = await create()
    answer(503)
    emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    for (const delay of RETRY_SCHEDULE_MS) {
      t.clock.advance(delay * 1.1)
      await t.core.dispatcher.runDue()
    }
    expect(await attempts(endpoint.id)).toHaveLength(RETRY_SCHEDULE_MS.length + 1)
    expect(messages(endpoint.id)[0]!).toMatchObject({ status: 'failed', next_attempt_at: null })
    t.clock.advance(48 * 3600_000)
    await t.core.dispatcher.runDue()
    expect(await attempts(endpoint.id)).toHaveLength(RETRY_SCHEDULE_MS.length + 1)
  })

  it('the delivery log shows each attempt with its target, status and duration', async () => {
    const endpoint = await create()
    const event = emit('connection.created')
    await vi.waitFor(async () => expect(await attempts(endpoint.id)).toHaveLength(1))
    const detail = await (await t.req('GET', `/api/events/${event.id}`, { key: t.secretKey })).json()
    expect(detail.deliveries).toEqual([
      expect.objectContaining({
        kind: 'endpoint',
        endpoint_id: endpoint.id,
        target: `${receiver.url}/events`,
        status: 200,
        attempt: 1,
      }),
    ])
  })
})
