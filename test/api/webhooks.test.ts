import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const count = (table = 'events') =>
  (t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
const detail = async (id: string) => (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()

describe('POST /webhooks/{provider}', () => {
  it('captures a webhook and answers its event id once stored', async () => {
    const res = await t.req('POST', '/webhooks/github', {
      raw: '{"zen":"hi"}',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    const { id } = await res.json()
    expect(res.headers.get('switchyard-event-id')).toBe(id)
    const event = await detail(id)
    expect(event).toMatchObject({
      id,
      type: 'webhook.received',
      source: 'webhook',
      provider: 'github',
      signature: 'unverified',
    })
  })

  it('stores the exact bytes, method, path, query and headers', async () => {
    const raw = '{ "b": 1,\n  "a": [2, 3] }  '
    const res = await t.req('PUT', '/webhooks/custom-app/sub/path?x=1&y=%20two&x=3', {
      raw,
      headers: { 'content-type': 'application/json', 'x-custom': 'value' },
    })
    const { request } = await detail((await res.json()).id)
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/webhooks/custom-app/sub/path',
      query_string: 'x=1&y=%20two&x=3',
      query: [
        { name: 'x', value: '1' },
        { name: 'y', value: ' two' },
        { name: 'x', value: '3' },
      ],
      content_type: 'application/json',
      size: Buffer.byteLength(raw),
      body: raw,
      body_encoding: 'utf8',
    })
    expect(request.headers).toContainEqual({ name: 'x-custom', value: 'value' })
  })

  it('keeps a binary body byte for byte and serves it back with its content type', async () => {
    const bytes = Buffer.from([0, 255, 1, 254, 0x80, 0xc3, 0x28, 10])
    const res = await t.req('POST', '/webhooks/github', {
      raw: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    })
    const { id } = await res.json()
    const event = await detail(id)
    expect(event.request.body_encoding).toBe('base64')
    expect(Buffer.from(event.request.body, 'base64').equals(bytes)).toBe(true)
    const body = await t.req('GET', `/api/events/${id}/body`, { key: t.secretKey })
    expect(body.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await body.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('serves a captured body so a browser will not run it', async () => {
    const res = await t.req('POST', '/webhooks/github', {
      raw: '<script>alert(1)</script>',
      headers: { 'content-type': 'text/html' },
    })
    const body = await t.req('GET', `/api/events/${(await res.json()).id}/body`, { key: t.secretKey })
    expect(body.headers.get('content-type')).toBe('text/html')
    expect(body.headers.get('content-security-policy')).toContain('sandbox')
    expect(body.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('accepts an empty body and any content type', async () => {
    const empty = await t.req('POST', '/webhooks/github')
    const form = await t.req('POST', '/webhooks/github', {
      raw: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect([empty.status, form.status]).toEqual([200, 200])
    expect((await detail((await form.json()).id)).request.body).toBe('a=1&b=2')
  })

  it('accepts any Host header and needs no API key', async () => {
    const res = await t.req('POST', '/webhooks/stripe', { raw: '{}', headers: { host: 'abc123.ngrok.app' } })
    expect(res.status).toBe(200)
  })

  it('still captures an unknown provider id, unverified', async () => {
    const res = await t.req('POST', '/webhooks/my-own-sender', { raw: '{"type":"thing.happened"}' })
    const event = await detail((await res.json()).id)
    expect(event).toMatchObject({ provider: 'my-own-sender', signature: 'unverified' })
    expect(event.data.signature_detail).toContain('not a known provider')
  })

  it('lower-cases the provider id so /webhooks/GitHub is github', async () => {
    const res = await t.req('POST', '/webhooks/GitHub', { raw: '{}' })
    expect((await detail((await res.json()).id)).provider).toBe('github')
  })

  it('reads the provider event type from headers or body', async () => {
    const gh = await t.req('POST', '/webhooks/github', { raw: '{}', headers: { 'X-GitHub-Event': 'push' } })
    const stripe = await t.req('POST', '/webhooks/stripe', {
      raw: '{"type":"invoice.paid"}',
      headers: { 'content-type': 'application/json' },
    })
    const slack = await t.req('POST', '/webhooks/slack', {
      raw: '{"type":"event_callback","event":{"type":"app_mention"}}',
      headers: { 'content-type': 'application/json' },
    })
    const types = await Promise.all(
      [gh, stripe, slack].map(async (r) => (await detail((await r.json()).id)).provider_event_type),
    )
    expect(types).toEqual(['push', 'invoice.paid', 'app_mention'])
  })

  it('attributes a capture to the tenant, connection or installation named in the query', async () => {
    const res = await t.req(
      'POST',
      '/webhooks/github?tenant_id=acme&connection_id=conn_1&installation_id=inst_9',
      {
        raw: '{}',
      },
    )
    expect(await detail((await res.json()).id)).toMatchObject({
      tenant_id: 'acme',
      connection_id: 'conn_1',
      installation_id: 'inst_9',
    })
  })

  it('ignores attribution values that are not plain ids', async () => {
    const res = await t.req('POST', `/webhooks/github?tenant_id=${encodeURIComponent('<b>x</b>')}`, {
      raw: '{}',
    })
    expect((await detail((await res.json()).id)).tenant_id).toBeNull()
  })

  it('is searchable by provider, signature and provider event type', async () => {
    await t.req('POST', '/webhooks/github', { raw: '{}', headers: { 'X-GitHub-Event': 'push' } })
    await t.req('POST', '/webhooks/stripe', { raw: '{}' })
    const res = await t.req('POST', '/api/events/search', {
      key: t.secretKey,
      body: {
        filter: {
          provider: { eq: 'github' },
          signature: { eq: 'unverified' },
          provider_event_type: { eq: 'push' },
        },
      },
    })
    const page = await res.json()
    expect(page.data.map((e: { provider: string }) => e.provider)).toEqual(['github'])
  })

  it('does not count toward the rate limit', async () => {
    const limited = await createTestApp({ rateLimited: true })
    try {
      for (let i = 0; i < 70; i++) {
        expect((await limited.req('POST', '/webhooks/github', { raw: '{}' })).status).toBe(200)
      }
      const api = await limited.req('POST', '/api/events/search', { key: limited.secretKey, body: {} })
      expect(api.status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('bad input to /webhooks', () => {
  it('an unknown ?workspace= is 404 and stores nothing', async () => {
    const res = await t.req('POST', '/webhooks/github?workspace=nope', { raw: '{}' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(count()).toBe(0)
  })

  it('a body over 5 MiB is 413 and stores nothing', async () => {
    const res = await t.req('POST', '/webhooks/github', { raw: Buffer.alloc(5 * 1024 * 1024 + 1, 97) })
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('payload_too_large')
    expect(count()).toBe(0)
    expect(count('event_requests')).toBe(0)
  })

  it('a body of exactly 5 MiB is captured', async () => {
    const res = await t.req('POST', '/webhooks/github', { raw: Buffer.alloc(5 * 1024 * 1024, 97) })
    expect(res.status).toBe(200)
  })

  it('a provider id that cannot be an id is 400 and stores nothing', async () => {
    for (const bad of ['-dash', 'a'.repeat(64), 'semi%3Bcolon', '%F0%9F%92%A5']) {
      const res = await t.req('POST', `/webhooks/${bad}`, { raw: '{}' })
      expect(res.status, bad).toBe(400)
    }
    expect(count()).toBe(0)
  })

  it('malformed JSON is still captured (the body is only bytes)', async () => {
    const res = await t.req('POST', '/webhooks/stripe', {
      raw: '{"type": "invoice.paid",,,',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect((await detail((await res.json()).id)).provider_event_type).toBeNull()
  })

  it('a hostile content type is stored as sent and served back safely', async () => {
    const res = await t.req('POST', '/webhooks/github', {
      raw: 'x',
      headers: { 'content-type': 'text/html; charset="><script>' },
    })
    expect(res.status).toBe(200)
    const body = await t.req('GET', `/api/events/${(await res.json()).id}/body`, { key: t.secretKey })
    expect(body.status).toBe(200)
    expect(body.headers.get('content-security-policy')).toContain('sandbox')
  })

  it('OPTIONS is 405, not a capture', async () => {
    const res = await t.req('OPTIONS', '/webhooks/github')
    expect(res.status).toBe(405)
    expect(count()).toBe(0)
  })
})
