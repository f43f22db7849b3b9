import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SignatureScheme } from '../../src/core/providers/providers.schema.js'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const SECRET = 'shh-its-a-secret'
const body = '{"type":"invoice.paid","id":"evt_123"}'

async function configure(provider: string, extra: Record<string, unknown> = {}) {
  const res = await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider, webhook_secret: SECRET, ...extra },
  })
  expect(res.status).toBe(201)
}

async function send(path: string, headers: Record<string, string>, raw = body) {
  const res = await t.req('POST', path, { raw, headers: { 'content-type': 'application/json', ...headers } })
  expect(res.status).toBe(200)
  const { id } = await res.json()
  return (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()
}

const sign = (scheme: SignatureScheme, secret = SECRET) =>
  signatureHeaders(scheme, secret, Buffer.from(body), t.clock.now(), 'msg_abc')

describe('signature verdicts on captured webhooks', () => {
  const cases: Array<[string, SignatureScheme]> = [
    ['github', 'github'],
    ['stripe', 'stripe'],
    ['slack', 'slack'],
    ['shopify', 'shopify'],
    ['clerk', 'standard_webhooks'],
  ]
  for (const [provider, scheme] of cases) {
    it(`${provider}: signed with the config's secret → valid`, async () => {
      await configure(provider)
      expect((await send(`/webhooks/${provider}`, sign(scheme))).signature).toBe('valid')
    })
    it(`${provider}: signed with another secret → invalid, still captured`, async () => {
      await configure(provider)
      const event = await send(`/webhooks/${provider}`, sign(scheme, 'not-the-secret'))
      expect(event.signature).toBe('invalid')
      expect(event.request.body).toBe(body)
    })
  }

  it('no webhook_secret configured → unverified, even with a signature header', async () => {
    expect((await send('/webhooks/github', sign('github'))).signature).toBe('unverified')
  })

  it('a missing signature header with a secret configured → invalid, with the reason', async () => {
    await configure('github')
    const event = await send('/webhooks/github', {})
    expect(event.signature).toBe('invalid')
    expect(event.data.signature_detail).toContain('missing X-Hub-Signature-256')
  })

  it('a malformed signature header → invalid, never an error', async () => {
    await configure('stripe')
    for (const value of ['t=,v1=', 'garbage', `t=${'9'.repeat(40)},v1=zz`]) {
      expect((await send('/webhooks/stripe', { 'Stripe-Signature': value })).signature).toBe('invalid')
    }
  })

  it('a Stripe signature older than 5 minutes → invalid', async () => {
    await configure('stripe')
    const old = sign('stripe')
    t.clock.advance(5 * 60_000 + 1_000)
    expect((await send('/webhooks/stripe', old)).signature).toBe('invalid')
  })

  it('a custom scheme on the config applies to a provider without one', async () => {
    await configure('trello', { webhook_signature: 'github' })
    expect((await send('/webhooks/trello', sign('github'))).signature).toBe('valid')
  })

  it('every config secret for the provider is tried', async () => {
    await configure('github')
    await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'github', name: 'second', webhook_secret: 'another-secret' },
    })
    expect((await send('/webhooks/github', sign('github', 'another-secret'))).signature).toBe('valid')
    expect((await send('/webhooks/github', sign('github', SECRET))).signature).toBe('valid')
  })

  it('a secret configured (or changed) after earlier captures applies to the next one', async () => {
    // Capture remembers the provider and its secrets between requests; any write must end that.
    expect((await send('/webhooks/github', sign('github'))).signature).toBe('unverified')
    await configure('github')
    expect((await send('/webhooks/github', sign('github'))).signature).toBe('valid')
    const found = await t.req('POST', '/api/provider-configs/search', { key: t.secretKey, body: {} })
    const [config] = (await found.json()).data
    const res = await t.req('PATCH', `/api/provider-configs/${config.id}`, {
      key: t.secretKey,
      body: { webhook_secret: 'rotated' },
    })
    expect(res.status).toBe(200)
    expect((await send('/webhooks/github', sign('github'))).signature).toBe('invalid')
    expect((await send('/webhooks/github', sign('github', 'rotated'))).signature).toBe('valid')
  })

  it("another workspace's secret does not verify (secrets are per workspace)", async () => {
    await configure('github')
    const qa = t.core.workspaces.create({ name: 'qa', tier: 'free' })
    const res = await t.req('POST', '/webhooks/github?workspace=qa', { raw: body, headers: sign('github') })
    expect(t.core.events.get(qa.id, (await res.json()).id).signature).toBe('unverified')
  })
})

describe('provider handshakes', () => {
  it('Slack url_verification: the challenge is echoed, and the request captured', async () => {
    const res = await t.req('POST', '/webhooks/slack', {
      raw: JSON.stringify({ token: 'x', challenge: 'ch4ll3nge', type: 'url_verification' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ challenge: 'ch4ll3nge' })
    const id = res.headers.get('switchyard-event-id')!
    const event = await (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()
    expect(event.data.handshake).toBe('slack_url_verification')
  })

  it('Slack url_verification with a forged signature is captured but not answered', async () => {
    await configure('slack')
    const raw = JSON.stringify({ token: 'x', challenge: 'ch4ll3nge', type: 'url_verification' })
    const forged = signatureHeaders('slack', 'wrong', Buffer.from(raw), t.clock.now(), 'm')
    const res = await t.req('POST', '/webhooks/slack', {
      raw,
      headers: { 'content-type': 'application/json', ...forged },
    })
    const answer = await res.json()
    expect(answer).not.toHaveProperty('challenge')
    expect(answer.id).toMatch(/^evt_/)
  })

  it('Zoom endpoint.url_validation: plainToken and its HMAC with the secret', async () => {
    await configure('zoom')
    const res = await t.req('POST', '/webhooks/zoom', {
      raw: JSON.stringify({
        event: 'endpoint.url_validation',
        payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
      }),
      headers: { 'content-type': 'application/json' },
    })
    expect(await res.json()).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    })
  })

  it('Meta hub.challenge (GET): the challenge comes back as text', async () => {
    const res = await t.req(
      'GET',
      '/webhooks/whatsapp-business?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=t',
    )
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(await res.text()).toBe('1158201444')
  })

  it('Dropbox (GET ?challenge=): echoed as text with nosniff', async () => {
    const res = await t.req('GET', '/webhooks/dropbox?challenge=abc123')
    expect(await res.text()).toBe('abc123')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('Microsoft Graph ?validationToken=: echoed as text', async () => {
    const res = await t.req('POST', '/webhooks/outlook-mail?validationToken=Validation%3A%20Testing')
    expect(await res.text()).toBe('Validation: Testing')
  })

  it('Asana X-Hook-Secret: echoed in the same header', async () => {
    const res = await t.req('POST', '/webhooks/asana', {
      raw: '',
      headers: { 'X-Hook-Secret': 'b537207f20cbfa02357cf448134da559e8bd39d61597dcd5631b8012eae53e81' },
    })
    expect(res.headers.get('x-hook-secret')).toBe(
      'b537207f20cbfa02357cf448134da559e8bd39d61597dcd5631b8012eae53e81',
    )
  })

  it('Okta one-time verification: {verification}', async () => {
    const res = await t.req('GET', '/webhooks/okta', {
      headers: { 'X-Okta-Verification-Challenge': 'fsXv2' },
    })
    expect(await res.json()).toEqual({ verification: 'fsXv2' })
  })

  it('X (Twitter) CRC: sha256= base64 HMAC of crc_token with the secret', async () => {
    await configure('x')
    const res = await t.req('GET', '/webhooks/x?crc_token=token123')
    expect(await res.json()).toEqual({
      response_token: `sha256=${createHmac('sha256', SECRET).update('token123').digest('base64')}`,
    })
  })

  it('a challenge longer than 1 KiB is not reflected', async () => {
    const res = await t.req('GET', `/webhooks/dropbox?challenge=${'a'.repeat(2000)}`)
    expect(await res.json()).toEqual({ id: expect.stringMatching(/^evt_/) })
  })

  it('a provider without a handshake ignores challenge-looking input', async () => {
    const res = await t.req('GET', '/webhooks/github?challenge=abc')
    expect(await res.json()).toEqual({ id: expect.stringMatching(/^evt_/) })
  })
})
