import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

// Zoom and X answer their handshake with an HMAC (keyed with the webhook secret) of a token the
// caller chooses. These tests play the attacker: ask the handshake to sign a forged body, then send
// that body with the answer as its signature. It must never verify as `valid`.

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const SECRET = 'shared-by-handshake-and-body'
const FORGED = '{"action":"transfer","amount":1000000}'

async function configure(provider: string, webhook_signature: string) {
  const res = await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider, webhook_secret: SECRET, webhook_signature },
  })
  expect(res.status).toBe(201)
}

const eventCount = () => (t.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n

/** Asks Zoom's handshake to sign `token`; returns the hex HMAC it answers, or the refusal. */
async function zoomOracle(token: string) {
  return t.req('POST', '/webhooks/zoom', {
    raw: JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: token } }),
    headers: { 'content-type': 'application/json' },
  })
}

/** Sends a body with headers; returns the stored verdict. */
async function verdictOf(provider: string, raw: string, headers: Record<string, string>) {
  const res = await t.req('POST', `/webhooks/${provider}`, {
    raw,
    headers: { 'content-type': 'application/json', ...headers },
  })
  expect(res.status).toBe(200)
  return t.core.events.get(t.workspaceId, (await res.json()).id).signature
}

describe('handshakes cannot be used to sign a forged body', () => {
  it('Zoom: a JSON body as plainToken is refused with 400 and nothing stored', async () => {
    await configure('zoom', 'github')
    const before = eventCount()
    const res = await zoomOracle(FORGED)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    expect((await res.json()).errors).toEqual([expect.objectContaining({ pointer: '/payload/plainToken' })])
    expect(eventCount()).toBe(before)
  })

  it('Zoom + github scheme: the exploit end to end does not yield valid', async () => {
    await configure('zoom', 'github')
    const res = await zoomOracle(FORGED)
    const signature = res.ok ? `sha256=${(await res.json()).encryptedToken}` : 'sha256=00'
    expect(await verdictOf('zoom', FORGED, { 'X-Hub-Signature-256': signature })).toBe('invalid')
  })

  it('Zoom + github scheme: a token-shaped body signed by the handshake is invalid', async () => {
    await configure('zoom', 'github')
    const res = await zoomOracle('forgedBody123')
    expect(res.status).toBe(200)
    const { encryptedToken } = await res.json()
    expect(
      await verdictOf('zoom', 'forgedBody123', { 'X-Hub-Signature-256': `sha256=${encryptedToken}` }),
    ).toBe('invalid')
  })

  it('Zoom + stripe scheme: the signed string `t.body` cannot be a token (400)', async () => {
    await configure('zoom', 'stripe')
    const t0 = Math.floor(t.clock.now() / 1000)
    const res = await zoomOracle(`${t0}.${FORGED}`)
    expect(res.status).toBe(400)
    const signature = res.ok ? (await res.json()).encryptedToken : '00'
    expect(await verdictOf('zoom', FORGED, { 'Stripe-Signature': `t=${t0},v1=${signature}` })).toBe('invalid')
  })

  it('X CRC + shopify scheme: a forged body as crc_token is refused (400), nothing stored', async () => {
    await configure('x', 'shopify')
    const before = eventCount()
    const res = await t.req('GET', `/webhooks/x?crc_token=${encodeURIComponent(FORGED)}`)
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([expect.objectContaining({ pointer: 'query:/crc_token' })])
    expect(eventCount()).toBe(before)
  })

  it('X CRC + shopify scheme: a token-shaped body signed by the CRC answer is invalid', async () => {
    await configure('x', 'shopify')
    const res = await t.req('GET', '/webhooks/x?crc_token=forgedBody123')
    expect(res.status).toBe(200)
    const token = (await res.json()).response_token.slice('sha256='.length)
    expect(await verdictOf('x', 'forgedBody123', { 'X-Shopify-Hmac-Sha256': token })).toBe('invalid')
  })

  it('a custom provider with twitter_crc and a github body scheme: the exploit yields invalid', async () => {
    const created = await t.req('POST', '/api/providers', {
      key: t.secretKey,
      body: {
        id: 'acme-hooks',
        name: 'Acme Hooks',
        description: 'Custom provider with a CRC handshake',
        categories: ['developer-tools'],
        auth: { type: 'api_key' },
        webhooks: { signature: 'github', handshake: 'twitter_crc' },
      },
    })
    expect(created.status).toBe(201)
    await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'acme-hooks', webhook_secret: SECRET },
    })
    for (const forged of [FORGED, 'plainTokenBody']) {
      const res = await t.req('GET', `/webhooks/acme-hooks?crc_token=${encodeURIComponent(forged)}`)
      const mac = res.ok
        ? Buffer.from((await res.json()).response_token.slice(7), 'base64').toString('hex')
        : '00'
      expect(await verdictOf('acme-hooks', forged, { 'X-Hub-Signature-256': `sha256=${mac}` })).toBe(
        'invalid',
      )
    }
  })
})

describe('real handshakes still work', () => {
  it("Zoom's own plainToken shape is answered", async () => {
    await configure('zoom', 'github')
    const res = await zoomOracle('qgg8vlvZRS6UYooatFL8Aw')
    expect(await res.json()).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    })
  })

  it('a base64 crc_token (with + / =) is answered', async () => {
    await configure('x', 'github')
    const token = 'dGVzdC+/dG9rZW4='
    const res = await t.req('GET', `/webhooks/x?crc_token=${encodeURIComponent(token)}`)
    expect(await res.json()).toEqual({
      response_token: `sha256=${createHmac('sha256', SECRET).update(token).digest('base64')}`,
    })
  })

  it('a JSON body signed with the real secret stays valid on a provider with a signing handshake', async () => {
    await configure('zoom', 'github')
    const mac = createHmac('sha256', SECRET).update(FORGED).digest('hex')
    expect(await verdictOf('zoom', FORGED, { 'X-Hub-Signature-256': `sha256=${mac}` })).toBe('valid')
  })
})
