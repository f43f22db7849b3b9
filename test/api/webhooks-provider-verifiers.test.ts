import { verify as githubVerify } from '@octokit/webhooks-methods'
import { isValidSlackRequest } from '@slack/bolt'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SignatureScheme } from '../../src/core/providers/providers.schema.js'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

// Our verdict, side by side with the provider's own verifier, on the same inputs.

const SECRET = 'whsec_c2lkZS1ieS1zaWRlLXNlY3JldA=='
const BODY = '{"type":"invoice.paid","id":"evt_side_by_side"}'
const stripe = new Stripe('sk_test_offline')

let t: TestApp
beforeAll(() => {
  // standardwebhooks reads Date.now(): pin it to the gateway's manual clock.
  vi.useFakeTimers({ toFake: ['Date'] })
})
afterAll(() => {
  vi.useRealTimers()
})
beforeEach(async () => {
  t = await createTestApp()
  vi.setSystemTime(t.clock.now())
})
afterEach(() => t.close())

type Headers = Record<string, string>
const lower = (h: Headers) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))

const LIBRARY: Record<string, (h: Headers, nowMs: number) => Promise<boolean>> = {
  github: (h) => githubVerify(SECRET, BODY, lower(h)['x-hub-signature-256'] ?? '').catch(() => false),
  async stripe(h, nowMs) {
    try {
      stripe.webhooks.constructEvent(
        BODY,
        lower(h)['stripe-signature'] ?? '',
        SECRET,
        undefined,
        undefined,
        nowMs,
      )
      return true
    } catch {
      return false
    }
  },
  slack: async (h, nowMs) =>
    isValidSlackRequest({
      signingSecret: SECRET,
      body: BODY,
      headers: {
        'x-slack-signature': lower(h)['x-slack-signature'] ?? '',
        'x-slack-request-timestamp': Number(lower(h)['x-slack-request-timestamp']),
      },
      nowMilliseconds: nowMs,
    }),
  async clerk(h) {
    try {
      new Webhook(SECRET).verify(BODY, lower(h))
      return true
    } catch {
      return false
    }
  },
}
const SCHEME: Record<string, SignatureScheme> = {
  github: 'github',
  stripe: 'stripe',
  slack: 'slack',
  clerk: 'standard_webhooks',
}

async function ours(provider: string, headers: Headers): Promise<boolean> {
  const res = await t.req('POST', `/webhooks/${provider}`, {
    raw: BODY,
    headers: { 'content-type': 'application/json', ...headers },
  })
  return t.core.events.get(t.workspaceId, (await res.json()).id).signature === 'valid'
}

async function sideBySide(provider: string, headers: Headers) {
  await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider, webhook_secret: SECRET },
  })
  const theirs = await LIBRARY[provider]!(headers, t.clock.now())
  return { ours: await ours(provider, headers), theirs }
}

const signed = (provider: string, offsetSeconds = 0) =>
  signatureHeaders(
    SCHEME[provider]!,
    SECRET,
    Buffer.from(BODY),
    t.clock.now() + offsetSeconds * 1000,
    'msg_1',
  )

/** The hex digits of a signature header upper-cased (the prefix and timestamp kept). */
const upperHex: Record<string, (h: Headers) => Headers> = {
  github: (h) => ({ 'X-Hub-Signature-256': `sha256=${h['X-Hub-Signature-256']!.slice(7).toUpperCase()}` }),
  stripe: (h) => ({
    'Stripe-Signature': h['Stripe-Signature']!.replace(
      /v1=(\w+)/,
      (_m, hex: string) => `v1=${hex.toUpperCase()}`,
    ),
  }),
  slack: (h) => ({ ...h, 'X-Slack-Signature': `v0=${h['X-Slack-Signature']!.slice(3).toUpperCase()}` }),
}

describe('our verdict matches the provider libraries', () => {
  for (const provider of Object.keys(LIBRARY)) {
    it(`${provider}: a correct signature is valid for both`, async () => {
      expect(await sideBySide(provider, signed(provider))).toEqual({ ours: true, theirs: true })
    })
  }

  for (const provider of Object.keys(upperHex)) {
    it(`${provider}: an upper-case hex signature is invalid, as in the provider's library`, async () => {
      const result = await sideBySide(provider, upperHex[provider]!(signed(provider)))
      expect(result).toEqual({ ours: false, theirs: false })
    })
  }

  // Seconds from the clock: stale, at the edges of the 5-minute tolerance, and in the future.
  const OFFSETS = [-3600, -301, -300, -299, 0, 299, 300, 301, 3600, 86_400]
  for (const provider of ['stripe', 'slack', 'clerk']) {
    for (const offset of OFFSETS) {
      it(`${provider}: a timestamp ${offset} s from the clock is judged as the library judges it`, async () => {
        const result = await sideBySide(provider, signed(provider, offset))
        expect(result.ours).toBe(result.theirs)
      })
    }
  }

  it('documented behaviour: Stripe and Slack accept a future timestamp, Standard Webhooks not past 5 minutes', async () => {
    expect((await sideBySide('stripe', signed('stripe', 3600))).ours).toBe(true)
    expect((await sideBySide('slack', signed('slack', 3600))).ours).toBe(true)
    expect((await sideBySide('clerk', signed('clerk', 301))).ours).toBe(false)
  })
})
