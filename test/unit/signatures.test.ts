import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import type { SignatureScheme } from '../../src/core/providers/providers.schema.js'
import { signatureHeaders, verdictFor, verifyWith } from '../../src/core/webhooks/signatures.js'
import { headerLookup } from '../../src/core/webhooks/webhooks.service.js'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}')
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

/** Where the request was sent (HubSpot v3 signs it). */
const URL_SENT = 'https://hooks.example/webhooks/hubspot'
const req = (headers: Record<string, string>, nowMs = NOW, b = body) => ({
  header: headerLookup(Object.entries(headers)),
  body: b,
  nowMs,
  target: { method: 'POST', urls: [URL_SENT] },
})
const signed = (scheme: SignatureScheme, s = secret, at = NOW) =>
  signatureHeaders(scheme, s, body, at, 'msg_1', { method: 'POST', url: URL_SENT })
const SCHEMES: SignatureScheme[] = ['github', 'stripe', 'slack', 'shopify', 'standard_webhooks', 'hubspot_v3']

describe('each scheme', () => {
  for (const scheme of SCHEMES) {
    it(`${scheme}: a correct signature verifies`, () => {
      expect(verifyWith(scheme, secret, req(signed(scheme)))).toEqual({ ok: true })
    })
    it(`${scheme}: another secret's signature does not`, () => {
      expect(verifyWith(scheme, secret, req(signed(scheme, 'other-secret'))).ok).toBe(false)
    })
    it(`${scheme}: a changed body does not`, () => {
      expect(verifyWith(scheme, secret, req(signed(scheme), NOW, Buffer.from(`${body} `))).ok).toBe(false)
    })
    it(`${scheme}: no signature header is a failure with a reason`, () => {
      const check = verifyWith(scheme, secret, req({}))
      expect(check).toEqual({ ok: false, why: expect.stringMatching(/missing/) })
    })
  }
})

describe('reference vectors', () => {
  it('GitHub: sha256=HMAC-SHA256(secret, body) in hex', () => {
    const sig = createHmac('sha256', "It's a Secret to Everybody").update('Hello, World!').digest('hex')
    expect(sig).toBe('757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')
    const check = verifyWith('github', "It's a Secret to Everybody", {
      header: headerLookup([['X-Hub-Signature-256', `sha256=${sig}`]]),
      body: Buffer.from('Hello, World!'),
      nowMs: NOW,
    })
    expect(check.ok).toBe(true)
  })

  it('Standard Webhooks: a signature from the standardwebhooks package verifies', () => {
    const wh = new Webhook(secret)
    const signature = wh.sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(NOW), body.toString())
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': String(NOW / 1000),
      'webhook-signature': signature,
    }
    expect(verifyWith('standard_webhooks', secret, req(headers)).ok).toBe(true)
  })

  it('Standard Webhooks: the svix-* header names (Clerk, Resend) verify too', () => {
    const h = signed('standard_webhooks')
    const svix = {
      'svix-id': h['webhook-id']!,
      'svix-timestamp': h['webhook-timestamp']!,
      'svix-signature': h['webhook-signature']!,
    }
    expect(verifyWith('standard_webhooks', secret, req(svix)).ok).toBe(true)
  })

  it('Standard Webhooks: any one of several space-separated signatures may match', () => {
    const h = signed('standard_webhooks')
    const rotated = { ...h, 'webhook-signature': `v1,AAAA v1a,xyz ${h['webhook-signature']}` }
    expect(verifyWith('standard_webhooks', secret, req(rotated)).ok).toBe(true)
  })

  it('Stripe: any v1 among several matches (secret rotation)', () => {
    const h = signed('stripe')
    const [t, v1] = h['Stripe-Signature']!.split(',')
    expect(
      verifyWith('stripe', secret, req({ 'Stripe-Signature': `${t},v1=${'0'.repeat(64)},${v1},v0=abc` })).ok,
    ).toBe(true)
  })
})

describe('timestamps (Stripe, Slack, Standard Webhooks, HubSpot v3): 5 minutes of tolerance for the past', () => {
  for (const scheme of ['stripe', 'slack', 'standard_webhooks', 'hubspot_v3'] as const) {
    it(`${scheme}: a signature made 4 minutes ago verifies`, () => {
      expect(verifyWith(scheme, secret, req(signed(scheme, secret, NOW - 4 * 60_000))).ok).toBe(true)
    })
    it(`${scheme}: a signature made 6 minutes ago does not (replay)`, () => {
      const check = verifyWith(scheme, secret, req(signed(scheme, secret, NOW - 6 * 60_000)))
      expect(check).toEqual({ ok: false, why: expect.stringMatching(/timestamp/) })
    })
  }
  // As the providers' libraries judge it (see test/api/webhooks-provider-verifiers.test.ts).
  it('standard_webhooks: a signature dated 6 minutes ahead does not verify', () => {
    expect(
      verifyWith('standard_webhooks', secret, req(signed('standard_webhooks', secret, NOW + 6 * 60_000))).ok,
    ).toBe(false)
  })
  for (const scheme of ['stripe', 'slack', 'hubspot_v3'] as const) {
    it(`${scheme}: a signature dated 6 minutes ahead verifies (only the age is checked)`, () => {
      expect(verifyWith(scheme, secret, req(signed(scheme, secret, NOW + 6 * 60_000))).ok).toBe(true)
    })
  }
})

describe('malformed signature headers fail cleanly, never throw', () => {
  const hostile = [
    '',
    'garbage',
    'sha256=',
    'sha256=zz',
    'sha256=abc',
    `sha256=${'f'.repeat(10_000)}`,
    't=,v1=',
    't=abc,v1=00',
    't=99999999999999999999,v1=00',
    '=,=,=,',
    'v0=',
    'v1,',
    'v1,!!!!',
    'v1,AAAA=',
    '\u00ff\u00fe',
    ',,,, , ,',
  ]
  const headerNames: Record<SignatureScheme, string> = {
    github: 'X-Hub-Signature-256',
    stripe: 'Stripe-Signature',
    slack: 'X-Slack-Signature',
    shopify: 'X-Shopify-Hmac-Sha256',
    standard_webhooks: 'webhook-signature',
    hubspot_v3: 'X-HubSpot-Signature-v3',
    linear: 'Linear-Signature',
    jira: 'X-Hub-Signature',
  }
  for (const scheme of SCHEMES) {
    it(`${scheme}`, () => {
      for (const value of hostile) {
        const headers = {
          [headerNames[scheme]]: value,
          'X-Slack-Request-Timestamp': value,
          'webhook-id': value,
          'webhook-timestamp': value,
          'X-HubSpot-Request-Timestamp': value,
        }
        expect(verifyWith(scheme, secret, req(headers)).ok, value).toBe(false)
      }
    })
  }
})

describe('verdictFor', () => {
  const good = req(signed('github'))

  it('no secret configured → unverified', () => {
    expect(verdictFor([], 'github', good).signature).toBe('unverified')
  })

  it('a secret but no scheme (provider has none, config names none) → unverified', () => {
    expect(verdictFor([{ secret, scheme: null }], null, good).signature).toBe('unverified')
  })

  it("a matching secret with the provider's scheme → valid", () => {
    expect(verdictFor([{ secret, scheme: null }], 'github', good).signature).toBe('valid')
  })

  it('any one of several secrets may match', () => {
    const secrets = [
      { secret: 'old', scheme: null },
      { secret, scheme: null },
    ]
    expect(verdictFor(secrets, 'github', good).signature).toBe('valid')
  })

  it("the config's scheme overrides the provider's", () => {
    const shopifySigned = req(signed('shopify'))
    expect(verdictFor([{ secret, scheme: 'shopify' }], 'github', shopifySigned).signature).toBe('valid')
  })

  it('no secret matches → invalid, with the reason', () => {
    const verdict = verdictFor([{ secret: 'wrong', scheme: null }], 'github', good)
    expect(verdict).toEqual({ signature: 'invalid', detail: expect.stringContaining('does not match') })
  })
})
