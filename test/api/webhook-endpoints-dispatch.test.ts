import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { MAX_IN_FLIGHT_PER_ENDPOINT, RETRY_SCHEDULE_MS } from '../../src/core/webhook-endpoints/dispatcher.js'
import { type Receiver, startReceiver } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Head-of-line blocking: an endpoint that never answers must delay only itself. Each test holds the
 * hung endpoint's requests open (no timeout elapses) and checks that the healthy endpoint gets its
 * delivery while they are still open.
 */
let t: TestApp
let hung: Receiver
let healthy: Receiver
/** The hung endpoint's pending responses; `closed` turns true if the gateway gives up on one. */
let held: Array<{ res: ServerResponse; closed: boolean }>

beforeEach(async () => {
  t = await createTestApp()
  t.clock.set(Date.now())
  held = []
  hung = await startReceiver((_req, res) => {
    const entry = { res, closed: false }
    res.on('close', () => {
      entry.closed = true
    })
    held.push(entry)
  })
  healthy = await startReceiver()
})
afterEach(async () => {
  await hung.close()
  await healthy.close()
  await t.close()
})

const endpoint = async (receiver: Receiver, eventTypes: string[]) => {
  const res = await t.req('POST', '/api/webhook-endpoints', {
    key: t.secretKey,
    body: { url: `${receiver.url}/events`, event_types: eventTypes },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string }
}
const emit = (type: string) =>
  inTransaction(t.db, () =>
    t.core.events.emit(t.workspaceId, { type, provider: 'github', tenant_id: 'acme' }),
  )
const messages = (endpointId: string) => t.core.outboundMessages.forEndpoint(endpointId)
const stillOpen = () => held.every((h) => !h.closed)

describe('outbound delivery: a hanging endpoint delays only itself', () => {
  it('a new delivery to another endpoint arrives while the hung request is still open', async () => {
    await endpoint(hung, ['connection.*'])
    await endpoint(healthy, ['installation.*'])
    emit('connection.created')
    await hung.waitFor(1)
    emit('installation.created')
    await healthy.waitFor(1)
    expect(held).toHaveLength(1)
    expect(stillOpen()).toBe(true)
  })

  it('a retry to another endpoint goes out while the hung request is still open', async () => {
    await endpoint(hung, ['connection.*'])
    const ok = await endpoint(healthy, ['installation.*'])
    healthy.respondWith((_req, res) => res.writeHead(500).end())
    emit('installation.created')
    await vi.waitFor(() => expect(messages(ok.id)).toMatchObject([{ status: 'pending', attempts: 1 }]))
    healthy.respondWith((_req, res) => res.end('ok'))
    emit('connection.created')
    await hung.waitFor(1)
    t.clock.advance(RETRY_SCHEDULE_MS[0]! * 1.1)
    void t.core.dispatcher.runDue()
    await healthy.waitFor(2)
    expect(stillOpen()).toBe(true)
    await vi.waitFor(() => expect(messages(ok.id)).toMatchObject([{ status: 'delivered', attempts: 2 }]))
  })

  it('a backlog for the hung endpoint takes only its own slots; others still get through', async () => {
    await endpoint(hung, ['connection.*'])
    await endpoint(healthy, ['installation.*'])
    for (let i = 0; i < 40; i++) emit('connection.created')
    await hung.waitFor(MAX_IN_FLIGHT_PER_ENDPOINT)
    emit('installation.created')
    await healthy.waitFor(1)
    expect(held).toHaveLength(MAX_IN_FLIGHT_PER_ENDPOINT)
    expect(stillOpen()).toBe(true)
  })
})
