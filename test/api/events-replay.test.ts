import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { deadUrl, type Receiver, startReceiver } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let receiver: Receiver
beforeEach(async () => {
  t = await createTestApp()
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await t.close()
})

const capture = async () =>
  (
    await (
      await t.req('POST', '/webhooks/github?x=1', {
        raw: Buffer.from([0x7b, 0x7d, 0x0a, 0xff]),
        headers: {
          'content-type': 'application/json',
          'X-GitHub-Event': 'push',
          'X-Hub-Signature-256': 'sha256=abc',
          connection: 'keep-alive, x-drop-me',
          'x-drop-me': 'hop',
          'keep-alive': 'timeout=5',
        },
      })
    ).json()
  ).id as string
const replay = (id: string, body?: unknown) =>
  t.req('POST', `/api/events/${id}/replay`, { key: t.secretKey, body })
const detail = async (id: string) => (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()

describe('POST /api/events/{id}/replay', () => {
  it('re-delivers the exact bytes and method to the URL given', async () => {
    const id = await capture()
    const res = await replay(id, { url: `${receiver.url}/hooks` })
    expect(res.status).toBe(201)
    const [got] = await receiver.waitFor(1)
    expect(got!.method).toBe('POST')
    expect(got!.url).toBe('/hooks')
    expect(got!.body.equals(Buffer.from([0x7b, 0x7d, 0x0a, 0xff]))).toBe(true)
  })

  it('sends the original headers minus hop-by-hop ones', async () => {
    const id = await capture()
    await replay(id, { url: receiver.url })
    const names = (await receiver.waitFor(1))[0]!.headers.map(([n]) => n.toLowerCase())
    expect(names).toEqual(expect.arrayContaining(['x-github-event', 'x-hub-signature-256', 'content-type']))
    expect(names).not.toContain('x-drop-me')
    expect(names).not.toContain('keep-alive')
    const sig = (await receiver.waitFor(1))[0]!.headers.find(
      ([n]) => n.toLowerCase() === 'x-hub-signature-256',
    )
    expect(sig![1]).toBe('sha256=abc')
  })

  it('records the attempt on the event (target, status, duration, attempt)', async () => {
    const id = await capture()
    receiver.respondWith((_req, res) => {
      res.statusCode = 202
      res.end()
    })
    const delivery = await (await replay(id, { url: receiver.url })).json()
    expect(delivery).toMatchObject({
      event_id: id,
      kind: 'replay',
      target: receiver.url,
      status: 202,
      attempt: 1,
      error: null,
    })
    expect(delivery.duration_ms).toBeGreaterThanOrEqual(0)
    expect((await detail(id)).deliveries).toEqual([delivery])
  })

  it('without a url, replays to where the event last went, counting attempts', async () => {
    const id = await capture()
    await replay(id, { url: receiver.url })
    const again = await (await replay(id)).json()
    expect(again).toMatchObject({ target: receiver.url, attempt: 2 })
    expect(receiver.received).toHaveLength(2)
  })

  it('a target that is down is recorded as a failed attempt (no status, an error)', async () => {
    const id = await capture()
    const res = await replay(id, { url: await deadUrl() })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ status: null, error: expect.stringContaining('ECONNREFUSED') })
  })

  it('a redirect is not followed (it counts as the answer)', async () => {
    const id = await capture()
    receiver.respondWith((_req, res) => {
      res.writeHead(307, { location: '/elsewhere' })
      res.end()
    })
    expect((await (await replay(id, { url: receiver.url })).json()).status).toBe(307)
    expect(receiver.received).toHaveLength(1)
  })

  it('without a url and never delivered: 400 naming /url', async () => {
    const id = await capture()
    const res = await replay(id)
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([expect.objectContaining({ pointer: '/url' })])
  })

  it('a domain event cannot be replayed (400)', async () => {
    const event = inTransaction(t.db, () => t.core.events.emit(t.workspaceId, { type: 'connection.created' }))
    expect((await replay(event.id, { url: receiver.url })).status).toBe(400)
  })

  it('bad input: unknown event 404, non-http URL or extra fields 400, nothing recorded', async () => {
    const id = await capture()
    const bad = [
      await replay('evt_missing', { url: receiver.url }),
      await replay(id, { url: 'ftp://example.com/x' }),
      await replay(id, { url: 'javascript:alert(1)' }),
      await replay(id, { url: 'http://user:pw@127.0.0.1/' }),
      await replay(id, { url: 42 }),
      await replay(id, { url: receiver.url, extra: true }),
      await t.req('POST', `/api/events/${id}/replay`, {
        key: t.secretKey,
        raw: '{nope',
        headers: { 'content-type': 'application/json' },
      }),
    ]
    expect(bad.map((r) => r.status)).toEqual([404, 400, 400, 400, 400, 400, 400])
    expect((await detail(id)).deliveries).toEqual([])
    expect(receiver.received).toHaveLength(0)
  })
})

describe('POST /api/events/{id}/deliveries (what `switchyard listen` reports)', () => {
  const record = (id: string, body: unknown) =>
    t.req('POST', `/api/events/${id}/deliveries`, { key: t.secretKey, body })

  it('records a forward attempt on the event', async () => {
    const id = await capture()
    const res = await record(id, {
      target: 'http://127.0.0.1:3000/hooks',
      attempt: 1,
      status: 500,
      duration_ms: 12,
    })
    expect(res.status).toBe(201)
    expect((await detail(id)).deliveries).toEqual([
      expect.objectContaining({
        kind: 'forward',
        target: 'http://127.0.0.1:3000/hooks',
        status: 500,
        attempt: 1,
      }),
    ])
  })

  it('bad input is 400 and records nothing; an unknown event is 404', async () => {
    const id = await capture()
    const statuses = [
      (await record(id, {})).status,
      (await record(id, { target: 'nope', attempt: 1, duration_ms: 1 })).status,
      (await record(id, { target: 'http://x/', attempt: 0, duration_ms: 1 })).status,
      (await record(id, { target: 'http://x/', attempt: 1, duration_ms: -1 })).status,
      (await record(id, { target: 'http://x/', attempt: 1, duration_ms: 1, status: 999 })).status,
      (await record(id, { target: 'http://x/', attempt: 1, duration_ms: 1, error: 'e'.repeat(2000) })).status,
      (await record('evt_missing', { target: 'http://x/', attempt: 1, duration_ms: 1 })).status,
    ]
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 404])
    expect((await detail(id)).deliveries).toEqual([])
  })

  it('deliveries are searchable by event and kind', async () => {
    const id = await capture()
    await record(id, { target: 'http://127.0.0.1:3000/', attempt: 1, status: 200, duration_ms: 3 })
    await replay(id, { url: receiver.url })
    const res = await t.req('POST', '/api/deliveries/search', {
      key: t.secretKey,
      body: { filter: { event_id: { eq: id }, kind: { eq: 'forward' } } },
    })
    const page = await res.json()
    expect(page.data.map((d: { kind: string }) => d.kind)).toEqual(['forward'])
  })
})
