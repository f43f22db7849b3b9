import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../helpers/app.js'

const t = await createTestApp()
afterAll(() => t.close())

describe('HTTP conventions', () => {
  it('an unknown route is 404 problem+json', async () => {
    const res = await t.req('GET', '/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect((await res.json()).code).toBe('not_found')
  })

  it('a known path with the wrong method is 405 with Allow', async () => {
    const res = await t.req('PUT', '/api/api-keys', { key: t.secretKey })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
    expect((await res.json()).code).toBe('method_not_allowed')
  })

  it('a non-loopback Host is refused with 403 (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'localhost.evil.example', '192.168.1.10:4747', '0.0.0.0']) {
      const res = await t.req('GET', '/health', { headers: { host } })
      expect(res.status, host).toBe(403)
      expect((await res.json()).code).toBe('host_not_allowed')
    }
  })

  it('loopback names are accepted on any port', async () => {
    for (const host of ['localhost', 'localhost:1234', '127.0.0.1:4747', '[::1]:4747', '127.0.0.2']) {
      expect((await t.req('GET', '/health', { headers: { host } })).status, host).toBe(200)
    }
  })

  it('webhooks and the OAuth callback accept any Host (tunnels deliver there)', async () => {
    for (const path of ['/webhooks/github', '/oauth/callback']) {
      const res = await t.req(path.startsWith('/webhooks') ? 'POST' : 'GET', path, {
        headers: { host: 'abc123.tunnel.example' },
      })
      expect(res.status, path).not.toBe(403)
    }
  })

  it('CORS is offered on the public catalog and session endpoints, never with credentials', async () => {
    for (const path of ['/providers', '/auth-sessions', '/install-sessions']) {
      const res = await t.req('OPTIONS', path, {
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      })
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull()
    }
  })

  it('CORS is not offered on the secret-key API', async () => {
    const res = await t.req('OPTIONS', '/api/api-keys', {
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('an empty search body returns the first page', async () => {
    const res = await t.req('POST', '/api/api-keys/search', {
      key: t.secretKey,
      raw: '',
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ has_more: false, limit: 50 })
  })

  it('every response carries a Request-Id', async () => {
    expect((await t.req('GET', '/health')).headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('problem answers carry a Request-Id too, and the gateway never takes a client-chosen one', async () => {
    const sent = { headers: { 'request-id': 'chosen-by-the-client' } }
    const answers = [
      await t.req('GET', '/health', sent),
      await t.req('GET', '/api/nothing-here', sent),
      await t.req('PUT', '/api/api-keys', { ...sent, key: t.secretKey }),
      await t.req('POST', '/api/api-keys/search', sent),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 401])
    for (const res of answers)
      expect(res.headers.get('request-id'), String(res.status)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('webhook captures carry one too, refused ones included', async () => {
    const ok = await t.req('POST', '/webhooks/github', { raw: '{}' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(ok.headers.get('switchyard-event-id')).toBe((await ok.json()).id)
    const unknown = await t.req('POST', '/webhooks/github?workspace=nope', { raw: '{}' })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
