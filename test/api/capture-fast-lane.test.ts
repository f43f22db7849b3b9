import { type IncomingMessage, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCaptureFastLane } from '../../src/server/capture-fast-lane.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type LaneServer, startLaneServer } from '../helpers/lane-server.js'

/**
 * Webhook capture's fast lane stores and answers what the app does. One HTTP server on a test
 * core sends each delivery twice, once through the lane and once through the app alone: the answers
 * must match (status, header fields, body, save the per-request ids) and so must what was stored
 * (method, path, query, headers and body bytes, and the event's fields). The lane's tally shows
 * which deliveries it took and which it handed to the app.
 */
let t: TestApp
let lanes: LaneServer

beforeAll(async () => {
  t = await createTestApp()
  lanes = await startLaneServer(t.app, (toApp) => createCaptureFastLane(t.core, toApp))
})

afterAll(async () => {
  await lanes.close()
  await t.close()
})

interface Delivery {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Sent without Content-Length, in chunks. */
  chunked?: boolean
}

interface Answer {
  status: number
  fields: Record<string, string>
  body: string
}

function deliver(path: string, d: Delivery = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const body = Buffer.from(d.body ?? '{"action":"opened"}')
    const req = request({
      host: '127.0.0.1',
      port: lanes.port,
      path,
      method: d.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        ...(!d.chunked && { 'content-length': String(body.length) }),
        ...d.headers,
      },
    })
    req.on('response', (res: IncomingMessage) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        text += c
      })
      res.on('end', () => {
        const fields: Record<string, string> = {}
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          fields[res.rawHeaders[i]!.toLowerCase()] = res.rawHeaders[i + 1]!
        resolve({ status: res.statusCode!, fields, body: text })
      })
    })
    req.on('error', reject)
    if (d.chunked) {
      req.write(body.subarray(0, 3))
      req.end(body.subarray(3))
    } else req.end(body)
  })
}

/** The stored capture of an answer, as the API shows it (ids and times left out). */
function stored(answer: Answer) {
  const id = answer.fields['switchyard-event-id']
  if (!id) return null
  const event = t.core.events.get(t.workspaceId, id)
  const req = t.core.events.request(t.workspaceId, id)
  const { id: _id, created_at: _at, ...rest } = event as unknown as Record<string, unknown>
  const { received_at: _r, ...captured } = req as unknown as Record<string, unknown>
  return { ...rest, ...captured }
}

function comparable(answer: Answer) {
  const fields = { ...answer.fields }
  for (const name of ['request-id', 'switchyard-event-id', 'date']) if (fields[name]) fields[name] = '<id>'
  return {
    status: answer.status,
    fields,
    body: answer.body.replace(/"(evt_[^"]+)"/g, '"<id>"').replace(/"instance":"[^"]*"/, ''),
    stored: stored(answer),
  }
}

async function same(path: string, d: Delivery = {}) {
  lanes.state.useLane = false
  const viaApp = await deliver(path, d)
  lanes.state.useLane = true
  const viaLane = await deliver(path, d)
  expect(comparable(viaLane), `${d.method ?? 'POST'} ${path}`).toEqual(comparable(viaApp))
  return viaLane
}

describe('the same captures and answers as the app', () => {
  it('a delivery, a sub-path, attribution in the query, an unknown provider id', async () => {
    const before = { ...lanes.tally }
    const first = await same('/webhooks/github')
    expect(first.status).toBe(200)
    expect(JSON.parse(first.body).id).toBe(first.fields['switchyard-event-id'])
    await same('/webhooks/github/org/hooks?tenant_id=acme&connection_id=conn_1')
    await same('/webhooks/some-unknown.provider', {
      body: 'a=1&b=2',
      headers: { 'content-type': 'text/plain' },
    })
    await same('/webhooks/github', { body: '' })
    expect(lanes.tally.taken - before.taken).toBe(4)
    expect(lanes.tally.handedOver - before.handedOver).toBe(0)
  })

  it('a handshake reply, an invalid provider id and an unknown workspace are the app’s to answer', async () => {
    const before = { ...lanes.tally }
    const handshake = await same('/webhooks/slack', {
      body: JSON.stringify({ token: 'x', challenge: 'ch4ll3nge', type: 'url_verification' }),
    })
    expect(handshake.body).toContain('ch4ll3nge')
    expect((await same('/webhooks/-bad')).status).toBe(400)
    expect((await same('/webhooks/github?workspace=nope')).status).toBe(404)
    expect(lanes.tally.taken - before.taken).toBe(3)
    expect(lanes.tally.handedOver - before.handedOver).toBe(3)
  })
})

it('a delivery cut off before its body ends is dropped, and the server goes on', async () => {
  const { connect } = await import('node:net')
  await new Promise<void>((resolve) => {
    const socket = connect(lanes.port, '127.0.0.1', () => {
      socket.write('POST /webhooks/github HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"cut":')
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, 50)
    })
  })
  expect((await same('/webhooks/github')).status).toBe(200)
})

describe('what the lane leaves to the app', () => {
  const untaken = async (path: string, d: Delivery = {}) => {
    const before = lanes.tally.taken
    const answer = await same(path, d)
    expect(lanes.tally.taken, `${d.method ?? 'POST'} ${path}`).toBe(before)
    return answer
  }

  it('other methods, chunked bodies, too large a length, escapes, dot segments, odd hosts', async () => {
    await untaken('/webhooks/github', { method: 'PUT' })
    await untaken('/webhooks/github', { chunked: true })
    await untaken('/webhooks/github/a%20b')
    await untaken('/webhooks/github/./x')
    await untaken('/webhooks/github?x=%zz')
    await untaken('/webhooks/github', { headers: { host: 'Tunnel.Example.COM' } })
    expect((await untaken('/webhooks/github', { body: 'x'.repeat(5 * 1024 * 1024 + 1) })).status).toBe(413)
  })
})
