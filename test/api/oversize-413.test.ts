import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_BODY_LIMIT } from '../../src/core/webhooks/webhooks.schema.js'
import { DRAIN_LIMIT, JSON_BODY_LIMIT } from '../../src/server/middleware/body-limit.js'
import { setupQuietServer } from '../helpers/server.js'

/** Each case sends this many over-limit bodies; every one must read its 413. */
const SENDS = 20

const gateway = setupQuietServer()

/**
 * Sends an over-limit request the way many clients do (Python's http.client, curl on a slow link):
 * the whole request first, reading the answer only once everything is written. Resolves with the
 * status read, or the error that ended the exchange without one (the "broken pipe" of the report).
 */
function sendOversized(path: string, size: number, chunked: boolean): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = connect(gateway.server.port, '127.0.0.1')
    socket.pause()
    let received = ''
    let error = 'closed without an answer'
    socket.on('data', (d) => {
      received += d
    })
    socket.on('error', (err) => {
      error = (err as NodeJS.ErrnoException).code ?? err.message
    })
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1]
      resolve(status ? Number(status) : error)
    })
    const body = Buffer.alloc(size, 0x20)
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${gateway.server.port}\r\nAuthorization: Bearer ${gateway.key}\r\n` +
        'Content-Type: application/json\r\nConnection: close\r\n' +
        (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${size}\r\n\r\n`),
    )
    if (chunked) {
      socket.write(`${size.toString(16)}\r\n`)
      socket.write(body)
      socket.write('\r\n0\r\n\r\n')
    } else {
      socket.write(body)
    }
    socket.end(() => socket.resume())
  })
}

const MIB = 1024 * 1024
const ENDPOINTS = [
  { endpoint: 'API', path: '/api/events/search', limit: JSON_BODY_LIMIT },
  { endpoint: 'webhook', path: '/webhooks/github', limit: WEBHOOK_BODY_LIMIT },
]
// The limit + 1 byte as reported, and limit + 4 MiB: more than loopback's socket buffers absorb,
// so a server that closes without draining resets the connection every time, not only sometimes.
const CASES = ENDPOINTS.flatMap((e) =>
  [false, true].flatMap((chunked) =>
    [
      { over: 1, label: 'limit + 1 byte' },
      { over: 4 * MIB, label: 'limit + 4 MiB' },
    ].map(({ over, label }) => ({
      ...e,
      chunked,
      size: e.limit + over,
      name: `${e.endpoint}, ${chunked ? 'chunked' : 'Content-Length'}, ${label}`,
    })),
  ),
)

describe('an oversized body always gets its 413', () => {
  it.each(CASES)(`$name: ${SENDS} sends each read a 413`, async (c) => {
    const statuses: Array<number | string> = []
    for (let i = 0; i < SENDS; i++) statuses.push(await sendOversized(c.path, c.size, c.chunked))
    expect(statuses).toEqual(Array(SENDS).fill(413))
  })

  it('after a refused body is drained, the same connection serves the next request', async () => {
    const socket = connect(gateway.server.port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (d) => {
      received += d
    })
    const size = JSON_BODY_LIMIT + 1
    socket.write(
      `POST /api/events/search HTTP/1.1\r\nHost: 127.0.0.1:${gateway.server.port}\r\nAuthorization: Bearer ${gateway.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    )
    socket.write(Buffer.alloc(size, 0x20))
    socket.write(
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${gateway.server.port}\r\nConnection: close\r\n\r\n`,
    )
    await new Promise((r) => socket.once('close', r))
    expect([...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['413', '200'])
  })

  it('a declared body far beyond the drain limit is refused at once, and the connection closed', async () => {
    const socket = connect(gateway.server.port, '127.0.0.1')
    let received = ''
    socket.on('data', (d) => {
      received += d
    })
    socket.on('error', () => {})
    socket.write(
      `POST /webhooks/github HTTP/1.1\r\nHost: 127.0.0.1:${gateway.server.port}\r\n` +
        `Content-Length: ${WEBHOOK_BODY_LIMIT + DRAIN_LIMIT + 1}\r\n\r\n`,
    )
    await new Promise((r) => socket.once('close', r))
    expect(received).toMatch(/^HTTP\/1\.1 413 [\s\S]*\r\nconnection: close\r\n/i)
  })
})
