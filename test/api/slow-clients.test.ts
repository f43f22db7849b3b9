import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { SERVER_LIMITS } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { setupQuietServer, startQuietServer } from '../helpers/server.js'

// Short limits injected through startServer's options; the defaults are checked separately.
const LIMITS = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200, maxConnections: 8 }
/** A trickle gives up (and the test fails) after this many bytes, long after the limits. */
const MAX_TRICKLE = 200
const TRICKLE_EVERY_MS = 50

const gateway = setupQuietServer({ limits: LIMITS })

const open = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(gateway.server.port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })

/**
 * Writes `head` at once, then one byte of `drip` per tick, until the server closes the socket.
 * Resolves with what the server sent and whether it closed before the drip ran out.
 */
async function trickle(head: string, drip: string): Promise<{ closedByServer: boolean; received: string }> {
  const socket = await open()
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (d) => {
    received += d
  })
  socket.on('error', () => {})
  let closed = false
  const done = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.once('close', () => {
    closed = true
  })
  socket.write(head)
  for (let i = 0; i < MAX_TRICKLE && !closed; i++) {
    await new Promise((r) => setTimeout(r, TRICKLE_EVERY_MS))
    if (!closed) socket.write(drip[i % drip.length]!)
  }
  const closedByServer = closed
  socket.destroy()
  await done
  return { closedByServer, received }
}

describe('slow clients', () => {
  it('a client that trickles its headers byte by byte gets 408 and is closed', async () => {
    const host = `Host: 127.0.0.1:${gateway.server.port}\r\n`
    const res = await trickle(`GET /health HTTP/1.1\r\n${host}X-Slow: `, 'abcdefgh')
    expect(res.closedByServer).toBe(true)
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('a client that trickles its body byte by byte gets 408 and is closed', async () => {
    const head =
      'POST /api/events/search HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${gateway.server.port}\r\nAuthorization: Bearer ${gateway.key}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n'
    const res = await trickle(head, ' ')
    expect(res.closedByServer).toBe(true)
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('the event stream stays open past the request timeout (it bounds the request, not the answer)', async () => {
    const controller = new AbortController()
    const res = await fetch(`${gateway.server.url}/api/events/stream`, {
      headers: { authorization: `Bearer ${gateway.key}` },
      signal: controller.signal,
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    // The request timeout has certainly passed once a trickling body has been cut off by it.
    const slow = await trickle(
      `POST /api/events/search HTTP/1.1\r\nHost: 127.0.0.1:${gateway.server.port}\r\n` +
        `Authorization: Bearer ${gateway.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
      ' ',
    )
    expect(slow.received).toMatch(/^HTTP\/1\.1 408 /)
    const posted = await fetch(`${gateway.server.url}/webhooks/github`, { method: 'POST', body: '{}' })
    const { id } = (await posted.json()) as { id: string }
    let text = ''
    const decoder = new TextDecoder()
    while (!text.includes(`id: ${id}`)) {
      const chunk = await reader.read()
      if (chunk.done) break
      text += decoder.decode(chunk.value)
    }
    expect(text).toContain(`id: ${id}`)
    controller.abort()
  })

  it('accepts at most maxConnections connections at once', async () => {
    // A server of its own, so no other test's connection counts.
    const own = tempDir()
    const capped = await startQuietServer(own.dir, { limits: { maxConnections: 3 } })
    const get = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${capped.port}\r\n\r\n`
    const openTo = (): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect(capped.port, '127.0.0.1', () => resolve(socket))
        socket.once('error', reject)
      })
    try {
      const sockets: Socket[] = []
      for (let i = 0; i < 3; i++) {
        const s = await openTo()
        const answered = new Promise((r) => s.once('data', r))
        s.write(get)
        await answered
        sockets.push(s)
      }
      const extra = await openTo()
      let got = ''
      extra.on('data', (d) => {
        got += d
      })
      extra.on('error', () => {})
      extra.write(get)
      await new Promise((r) => extra.once('close', r))
      expect(got).toBe('')
      // Once one closes, a new connection is served again (as soon as the server has seen the close).
      sockets.shift()!.destroy()
      let answer = ''
      for (let attempt = 0; attempt < 100 && !answer; attempt++) {
        const next = await openTo()
        next.on('error', () => {})
        answer = await new Promise<string>((resolve) => {
          next.once('data', (d) => resolve(String(d)))
          next.once('close', () => resolve(''))
          next.write(get)
        })
        next.destroy()
        if (!answer) await new Promise((r) => setTimeout(r, 20))
      }
      expect(answer).toMatch(/^HTTP\/1\.1 200 /)
      for (const s of sockets) s.destroy()
    } finally {
      await capped.close()
      own.cleanup()
    }
  })

  it('documents its defaults: 10 s headers, 30 s request, 5 s keep-alive, 256 connections', () => {
    expect(SERVER_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 256,
    })
  })
})
