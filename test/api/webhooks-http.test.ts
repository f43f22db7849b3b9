import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'

let server: RunningServer
let cleanup: () => void
let secretKey: string

beforeAll(async () => {
  const dir = tempDir()
  cleanup = dir.cleanup
  server = await startServer({
    dataDir: dir.dir,
    host: '127.0.0.1',
    port: 0,
    logger: { error: () => {}, warn: () => {}, info: () => {} },
  })
  secretKey = server.firstRun!.keys.find((k) => k.role === 'secret')!.key
})
afterAll(async () => {
  await server.close()
  cleanup()
})

const count = () => (server.core.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n

/** A raw HTTP/1.1 request: header pairs as given (case, order, duplicates), body written in chunks. */
function send(
  path: string,
  headers: Array<[string, string]>,
  chunks: Buffer[],
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const host: [string, string] = ['Host', new URL(server.url).host]
    const req = request(
      `${server.url}${path}`,
      { method: 'POST', headers: [host, ...headers].flat() as never },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }))
      },
    )
    req.on('error', reject)
    const write = (i: number) => {
      if (i === chunks.length) return req.end()
      req.write(chunks[i], () => write(i + 1))
    }
    write(0)
  })
}

const detail = async (id: string) =>
  (
    await fetch(`${server.url}/api/events/${id}`, { headers: { authorization: `Bearer ${secretKey}` } })
  ).json()

describe('webhooks over real HTTP', () => {
  it('a chunked body over 5 MiB with no Content-Length is 413 and stores nothing', async () => {
    const before = count()
    const chunk = Buffer.alloc(1024 * 1024, 120)
    const res = await send(
      '/webhooks/github',
      [['Transfer-Encoding', 'chunked']],
      Array(6).fill(chunk),
    ).catch((err: NodeJS.ErrnoException) => ({
      status: err.code === 'ECONNRESET' || err.code === 'EPIPE' ? 413 : 0,
      body: '',
      headers: {},
    }))
    expect(res.status).toBe(413)
    expect(count()).toBe(before)
  })

  it('a chunked body under the limit is captured byte for byte', async () => {
    const chunks = [
      Buffer.from('{"part":'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from([0xac]),
      Buffer.from('"€"}'),
    ]
    const res = await send(
      '/webhooks/github',
      [
        ['Transfer-Encoding', 'chunked'],
        ['Content-Type', 'application/json'],
      ],
      chunks,
    )
    expect(res.status).toBe(200)
    const event = await detail(JSON.parse(res.body).id)
    expect(event.request.body).toBe(Buffer.concat(chunks).toString('utf8'))
  })

  it('headers are stored as sent: original case, order and duplicates', async () => {
    const res = await send(
      '/webhooks/github',
      [
        ['X-MiXeD-Case', 'one'],
        ['X-Dup', 'first'],
        ['Content-Type', 'application/json'],
        ['X-Dup', 'second'],
      ],
      [Buffer.from('{}')],
    )
    const headers = (await detail(JSON.parse(res.body).id)).request.headers.map(
      (h: { name: string; value: string }) => [h.name, h.value],
    )
    expect(headers).toEqual(
      expect.arrayContaining([
        ['X-MiXeD-Case', 'one'],
        ['X-Dup', 'first'],
        ['X-Dup', 'second'],
      ]),
    )
    const names = headers.map(([n]: [string]) => n)
    expect(names.indexOf('X-Dup')).toBeLessThan(names.lastIndexOf('X-Dup'))
  })

  it('hostile header values (Latin-1 bytes, 8 KB values) are captured, not a 5xx', async () => {
    const res = await send(
      '/webhooks/stripe',
      [
        ['Stripe-Signature', 't=\u00ff\u00fe,v1=\u00e9'],
        ['X-Long', 'x'.repeat(8000)],
      ],
      [Buffer.from('{}')],
    )
    expect(res.status).toBe(200)
    const event = await detail(JSON.parse(res.body).id)
    expect(event.request.headers).toContainEqual({
      name: 'Stripe-Signature',
      value: 't=\u00ff\u00fe,v1=\u00e9',
    })
  })

  it('headers over the server limit are refused with a 4xx and nothing is stored', async () => {
    const before = count()
    const res = await send('/webhooks/github', [['X-Huge', 'x'.repeat(20_000)]], [Buffer.from('{}')]).catch(
      () => ({ status: 431, body: '', headers: {} }),
    )
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(count()).toBe(before)
  })

  it('the exact request target is kept (no normalisation of the query)', async () => {
    const res = await send('/webhooks/github?b=2&a=1&a=%7E&empty=', [], [Buffer.from('{}')])
    const { request: req } = await detail(JSON.parse(res.body).id)
    expect(req.query_string).toBe('b=2&a=1&a=%7E&empty=')
  })

  it('concurrent webhooks are all stored, each id answered once committed', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${server.url}/webhooks/github`, { method: 'POST', body: JSON.stringify({ i }) }).then((r) =>
          r.json(),
        ),
      ),
    )
    const ids = results.map((r) => r.id as string)
    expect(new Set(ids).size).toBe(60)
    const stored = server.core.db
      .prepare(`SELECT COUNT(*) AS n FROM events WHERE id IN (${ids.map(() => '?').join(',')})`)
      .get(...ids) as { n: number }
    expect(stored.n).toBe(60)
  })
})
