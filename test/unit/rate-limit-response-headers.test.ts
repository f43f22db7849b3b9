import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { Principal } from '../../src/core/auth/authenticate.js'
import { createManualClock } from '../../src/core/common/clock.js'
import { AppError } from '../../src/core/errors.js'
import { createRateLimiter } from '../../src/core/rate-limits/rate-limiter.js'
import {
  countRequest,
  rateLimitHeaders,
  setRateLimitHeaders,
} from '../../src/server/middleware/rate-limit.js'

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

describe('countRequest', () => {
  const principal: Principal = { workspaceId: 'ws_a', role: 'secret', keyId: 'key_a', admin: false }

  it('over the limit throws rate_limited with Retry-After and the RateLimit fields', () => {
    const clock = createManualClock(Date.parse('2026-01-01T00:00:00.000Z'))
    const rateLimits = createRateLimiter({ clock, workspaceOf: () => ({ name: 'a', tier: 'free', rpm: 2 }) })
    countRequest({ rateLimits }, principal)
    clock.advance(1_500)
    expect(countRequest({ rateLimits }, principal)).toEqual({
      'RateLimit-Policy': '"default";q=2;w=60',
      RateLimit: '"default";r=0;t=59',
    })
    let error: unknown
    try {
      countRequest({ rateLimits }, principal)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      headers: {
        'Retry-After': '59',
        'RateLimit-Policy': '"default";q=2;w=60',
        RateLimit: '"default";r=0;t=59',
      },
    })
    expect((error as AppError).detail).toMatch(
      /'a' \(tier free\) allows 2 requests in any rolling 60 seconds/,
    )
  })

  it('formats the RateLimit fields as draft-ietf-httpapi-ratelimit-headers structured fields', () => {
    const headers = rateLimitHeaders({
      allowed: true,
      limit: 600,
      windowSeconds: 60,
      remaining: 599,
      resetSeconds: 60,
    })
    expect(headers).toEqual({ 'RateLimit-Policy': '"default";q=600;w=60', RateLimit: '"default";r=599;t=60' })
  })
})
