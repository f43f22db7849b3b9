import { request } from 'node:http'
import { format } from 'node:util'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createErrorHandler } from '../../src/server/middleware/problem.js'
import { setupQuietServer } from '../helpers/server.js'

/** Escapes that are not a percent-encoding of UTF-8: bad hex, truncated, lone `%`, invalid bytes. */
const MALFORMED = [
  '%ff',
  '%FF',
  '%zz',
  '%',
  '%a',
  '%g0',
  '%0g',
  '%%',
  '%u0041',
  '%80',
  '%c3',
  '%c3%28',
  '%e0%a4',
  '%e0%a4%a',
  '%c0%af',
  '%ed%a0%80',
  '%f4%90%80%80',
  '%f8%88%80%80%80',
  '%fe%ff',
  'ok%2',
]

/** Where each may appear: API, webhooks (path and query), simulator, OAuth callback, UI, /health. */
const PLACES: Array<{ name: string; method: string; target: (bad: string) => string }> = [
  { name: 'API path', method: 'GET', target: (b) => `/api/connections/${b}` },
  { name: 'API query', method: 'POST', target: (b) => `/api/events/search?x=${b}` },
  { name: 'webhook provider', method: 'POST', target: (b) => `/webhooks/${b}` },
  { name: 'webhook sub-path', method: 'POST', target: (b) => `/webhooks/github/${b}` },
  { name: 'webhook query', method: 'POST', target: (b) => `/webhooks/github?x=${b}` },
  { name: 'simulator path', method: 'POST', target: (b) => `/simulator/${b}/token` },
  { name: 'OAuth callback query', method: 'GET', target: (b) => `/oauth/callback?state=${b}&code=c` },
  { name: 'UI path', method: 'GET', target: (b) => `/${b}` },
  { name: 'health query', method: 'GET', target: (b) => `/health?${b}` },
]

const gateway = setupQuietServer()

/** Sends the request target byte for byte (fetch would normalise it). */
function send(method: string, target: string) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(
      `${gateway.server.url}/`,
      {
        method,
        path: target,
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
        )
      },
    )
    req.on('error', reject)
    req.end(method === 'POST' ? '{}' : undefined)
  })
}

const eventCount = () =>
  (gateway.server.core.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n

describe('malformed percent-encoding in the request target', () => {
  it.each(PLACES)('$name: every malformed escape is a 400 invalid_request', async (place) => {
    const before = eventCount()
    for (const bad of MALFORMED) {
      const target = place.target(bad)
      const res = await send(place.method, target)
      expect({ target, status: res.status, type: res.type }).toEqual({
        target,
        status: 400,
        type: 'application/problem+json',
      })
      expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_request', detail: /percent-encoding/ })
    }
    // Nothing was captured from a refused webhook.
    expect(eventCount()).toBe(before)
  })

  it('well-formed escapes (%25, %2F, UTF-8) still reach the routes', async () => {
    const res = await send('POST', '/webhooks/github/a%2Fb?note=%C3%A9t%C3%A9%2025%25')
    expect(res.status).toBe(200)
    const id = JSON.parse(res.body).id as string
    const detail = await (
      await fetch(`${gateway.server.url}/api/events/${id}`, {
        headers: { authorization: `Bearer ${gateway.key}` },
      })
    ).json()
    expect(detail.request.query).toEqual([{ name: 'note', value: 'été 25%' }])
  })
})

describe('the unhandled-error log line', () => {
  it('keeps the error when the path holds a format specifier', async () => {
    const lines: string[] = []
    // A logger with console's semantics: its first argument is a format string. The error handler
    // on its own (the malformed-encoding check would refuse this path before any route).
    const app = new Hono()
    app.onError(createErrorHandler({ error: (...args: unknown[]) => lines.push(format(...args)) }))
    app.get('/boom/*', () => {
      throw new Error('kaboom')
    })
    const res = await app.request('/boom/%d%s')
    expect(res.status).toBe(500)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('GET /boom/%d%s:')
    expect(lines[0]).toContain('Error: kaboom')
  })
})
