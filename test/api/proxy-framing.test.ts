import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cassetteEntry } from '../helpers/cassette.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * Bytes on the wire are the gateway's: framing headers in a cassette or a mock route are never
 * sent (a pipelining client gets exactly the answers it asked for), malformed headers and 1xx
 * statuses are refused at import and creation, and a replayed 204/304 carries no body headers.
 */
let dp: DataPlane
let conn: string

const INJECTED = 'HTTP/1.1 418 Injected\r\ncontent-length: 0\r\n\r\n'
const entry = (path: string, status: number, headers: Array<[string, string]>, body = '') =>
  cassetteEntry('local-api', path, { status, headers, body })
const importCassette = (entries: unknown[], mockRoutes?: unknown[]) =>
  dp.gateway.api('POST', '/api/recordings/import', {
    version: 1,
    entries,
    ...(mockRoutes && { mock_routes: mockRoutes }),
  })
const count = async () =>
  ((await dp.gateway.api('POST', '/api/recordings/search', { limit: 100 })).body.data as unknown[]).length

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
  const imported = await importCassette([
    entry(
      '/smuggle-short',
      200,
      [
        ['content-length', '0'],
        ['content-type', 'text/plain'],
      ],
      INJECTED,
    ),
    entry(
      '/smuggle-long',
      200,
      [
        ['Content-Length', '100'],
        ['connection', 'close'],
      ],
      'five!',
    ),
    entry(
      '/smuggle-te',
      200,
      [
        ['transfer-encoding', 'chunked'],
        ['content-length', '3'],
        ['keep-alive', 'timeout=1'],
      ],
      'abcdef',
    ),
  ])
  expect(imported.status, JSON.stringify(imported.body)).toBe(200)
  await dp.setMode('replay')
})
afterAll(() => dp.close())

/** Sends requests pipelined on one socket and returns everything the server wrote until it is idle. */
function pipelined(paths: string[]): Promise<string> {
  const { port } = new URL(dp.gateway.server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    let received = ''
    let idle: NodeJS.Timeout | undefined
    const finish = () => {
      socket.destroy()
      resolve(received)
    }
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      clearTimeout(idle)
      // Done once every asked-for answer has arrived in full (the parser below checks framing).
      if (parseResponses(received).complete === paths.length) idle = setTimeout(finish, 50)
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.write(
      paths
        .map(
          (path) =>
            `GET /proxy/${conn}${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${dp.secretKey}\r\n\r\n`,
        )
        .join(''),
    )
  })
}

/** A small HTTP/1.1 response parser: status, headers, and the body its framing says. */
function parseResponses(text: string) {
  const out: Array<{ status: number; headers: Record<string, string>; body: string }> = []
  let rest = text
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n')
    if (end === -1) break
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
    }
    let body = ''
    let after = rest.slice(end + 4)
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = after.indexOf('\r\n')
        if (lineEnd === -1) return { responses: out, complete: out.length }
        const size = Number.parseInt(after.slice(0, lineEnd), 16)
        if (after.length < lineEnd + 2 + size + 2) return { responses: out, complete: out.length }
        body += after.slice(lineEnd + 2, lineEnd + 2 + size)
        after = after.slice(lineEnd + 2 + size + 2)
        if (size === 0) break
      }
    } else {
      const length = Number(headers['content-length'] ?? 0)
      if (after.length < length) break
      body = after.slice(0, length)
      after = after.slice(length)
    }
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body })
    rest = after
  }
  return { responses: out, complete: out.length }
}

describe('framing headers are the gateway’s', () => {
  it('a pipelining client gets exactly its answers, with their whole bodies and nothing injected', async () => {
    const raw = await pipelined(['/smuggle-short', '/smuggle-long', '/smuggle-te', '/smuggle-short'])
    const { responses } = parseResponses(raw)
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(responses.map((r) => r.body)).toEqual([INJECTED, 'five!', 'abcdef', INJECTED])
    expect(responses[1]!.headers.connection).not.toBe('close')
    expect(responses[2]!.headers['keep-alive']).not.toBe('timeout=1')
  })
})

describe('malformed headers and 1xx statuses are refused, naming the entry, loading nothing', () => {
  it.each([
    ['a header name with a space', entry('/bad', 200, [['x bad', 'v']])],
    ['a header value with CR/LF', entry('/bad', 200, [['x-ok', 'v\r\nset-cookie: a=b']])],
    ['a non-Latin-1 header value', entry('/bad', 200, [['x-ok', 'snow ☃']])],
    ['a 1xx final status', entry('/bad', 101, [])],
  ])('cassette entry with %s: 400', async (_, bad) => {
    const before = await count()
    const res = await importCassette([entry('/fine', 200, []), bad])
    expect(res.status).toBe(400)
    expect(
      (res.body.errors as Array<{ pointer: string }>).some((e) =>
        e.pointer.startsWith('/entries/1/response'),
      ),
    ).toBe(true)
    expect(await count()).toBe(before)
  })

  it.each([100, 101, 103])('a mock route with status %i: 400', async (status) => {
    const res = await dp.gateway.api('POST', '/api/mock-routes', {
      provider: 'local-api',
      path: '/x',
      status,
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('/status')
  })
})

describe('a replayed 204 or 304', () => {
  it('has no body, Content-Type or Content-Length, even when the recording had them', async () => {
    const imported = await importCassette([
      entry(
        '/nothing',
        204,
        [
          ['content-type', 'text/plain'],
          ['content-length', '9'],
        ],
        '',
      ),
      entry(
        '/unchanged',
        304,
        [
          ['content-type', 'application/json'],
          ['etag', '"v1"'],
        ],
        '',
      ),
    ])
    expect(imported.status).toBe(200)
    const raw = await pipelined(['/nothing', '/unchanged'])
    const [noContent, notModified] = parseResponses(raw).responses
    expect(noContent).toMatchObject({ status: 204, body: '' })
    expect(noContent!.headers).not.toHaveProperty('content-type')
    expect(noContent!.headers).not.toHaveProperty('content-length')
    expect(notModified).toMatchObject({ status: 304, body: '' })
    expect(notModified!.headers).not.toHaveProperty('content-type')
    expect(notModified!.headers).not.toHaveProperty('content-length')
    expect(notModified!.headers.etag).toBe('"v1"')
  })
})
