import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { setRateLimitHeaders } from '../../src/server/middleware/rate-limit.js'

const FIELDS = { RateLimit: '"default";r=59;t=60', 'RateLimit-Policy': '"default";q=60;w=60' }

/** An app whose middleware puts the RateLimit fields on whatever its routes answer. */
function appWith(route: (app: Hono) => void) {
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    setRateLimitHeaders(c, FIELDS)
  })
  route(app)
  return app
}

describe('setRateLimitHeaders', () => {
  it('puts the fields on a JSON answer, which keeps its own headers and body', async () => {
    const res = await appWith((app) => app.get('/', (c) => c.json({ ok: true }, 201))).request('/')
    expect(res.status).toBe(201)
    expect(res.headers.get('ratelimit')).toBe(FIELDS.RateLimit)
    expect(res.headers.get('ratelimit-policy')).toBe(FIELDS['RateLimit-Policy'])
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ ok: true })
  })

  it('puts them on a response whose headers are immutable (a redirect) too', async () => {
    const res = await appWith((app) =>
      app.get('/', () => Response.redirect('http://127.0.0.1/next', 302)),
    ).request('/')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://127.0.0.1/next')
    expect(res.headers.get('ratelimit')).toBe(FIELDS.RateLimit)
  })
})
