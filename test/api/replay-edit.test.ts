import { verify as githubVerify } from '@octokit/webhooks-methods'
import { isValidSlackRequest } from '@slack/bolt'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { type Received, type Receiver, startReceiver } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let receiver: Receiver
beforeEach(async () => {
  t = await createTestApp()
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await t.close()
})

const SECRET = 'whsec_cmVwbGF5LXdpdGgtY2hhbmdlcy1zZWNyZXQ='
const BODY = '{"type":"invoice.paid","id":"evt_orig","amount":100}'

async function configure(provider: string, extra: Record<string, unknown> = {}) {
  const res = await t.req('POST', '/api/provider-configs', {
    key: t.secretKey,
    body: { provider, webhook_secret: SECRET, ...extra },
  })
  expect(res.status).toBe(201)
}

/** Captures BODY for `provider` with `headers`; returns the event id. */
async function capture(provider: string, headers: Record<string, string> = {}, raw = BODY) {
  const res = await t.req('POST', `/webhooks/${provider}`, {
    raw,
    headers: { 'content-type': 'application/json', 'X-Custom': 'keep-me', ...headers },
  })
  expect(res.status).toBe(200)
  return (await res.json()).id as string
}

const replay = (id: string, body: unknown) =>
  t.req('POST', `/api/events/${id}/replay`, {
    key: t.secretKey,
    body: { url: receiver.url, ...(body as object) },
  })
const detail = async (id: string) => (await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).json()
const header = (got: Received, name: string) =>
  got.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v)
const counts = () =>
  t.db
    .prepare(
      'SELECT (SELECT COUNT(*) FROM events) AS events, (SELECT COUNT(*) FROM deliveries) AS deliveries',
    )
    .get()

describe('replay with changes', () => {
  it('headers: a string sets (replacing every copy), null removes, the rest is kept', async () => {
    const id = await capture('github', { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': 'sha256=00' })
    const res = await replay(id, {
      headers: { 'x-github-event': 'ping', 'X-Hub-Signature-256': null, 'X-New': 'yes' },
    })
    expect(res.status).toBe(201)
    const [got] = await receiver.waitFor(1)
    expect(header(got!, 'x-github-event')).toEqual(['ping'])
    expect(header(got!, 'x-hub-signature-256')).toEqual([])
    expect(header(got!, 'x-new')).toEqual(['yes'])
    expect(header(got!, 'x-custom')).toEqual(['keep-me'])
    expect(got!.body.toString()).toBe(BODY)
  })

  it('body as text: sent, and recorded as a webhook.replayed event linked by replay_of', async () => {
    const id = await capture('stripe')
    const edited = '{"type":"invoice.payment_failed","id":"evt_orig"}'
    const delivery = await (await replay(id, { body: edited })).json()
    const [got] = await receiver.waitFor(1)
    expect(got!.body.toString()).toBe(edited)
    expect(delivery.event_id).not.toBe(id)
    const replayed = await detail(delivery.event_id)
    expect(replayed).toMatchObject({
      type: 'webhook.replayed',
      replay_of: id,
      provider: 'stripe',
      provider_event_type: 'invoice.payment_failed',
      data: { changed: { body: true, headers: [], resigned: false } },
    })
    expect(replayed.request.body).toBe(edited)
    expect(replayed.deliveries).toEqual([delivery])
    const original = await detail(id)
    expect(original.request.body).toBe(BODY)
    expect(original.deliveries).toEqual([])
    const found = await (
      await t.req('POST', '/api/events/search', {
        key: t.secretKey,
        body: { filter: { replay_of: { eq: id } } },
      })
    ).json()
    expect(found.data.map((e: { id: string }) => e.id)).toEqual([delivery.event_id])
  })

  it('body as base64: the exact bytes are sent', async () => {
    const id = await capture('stripe')
    const bytes = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7b])
    await replay(id, { body: { base64: bytes.toString('base64') } })
    expect((await receiver.waitFor(1))[0]!.body.equals(bytes)).toBe(true)
  })
})

describe('resign: the providers’ own verifiers accept the re-signed request', () => {
  it('GitHub (@octokit/webhooks-methods)', async () => {
    await configure('github')
    const id = await capture('github', { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': 'sha256=00' })
    const edited = '{"zen":"edited"}'
    const delivery = await (await replay(id, { body: edited, resign: true })).json()
    const [got] = await receiver.waitFor(1)
    expect(header(got!, 'x-hub-signature-256')).toHaveLength(1)
    expect(await githubVerify(SECRET, edited, header(got!, 'x-hub-signature-256')[0]!)).toBe(true)
    expect((await detail(delivery.event_id)).signature).toBe('valid')
  })

  it('Stripe (stripe.webhooks.constructEvent), with a fresh timestamp', async () => {
    await configure('stripe')
    const old = signatureHeaders('stripe', SECRET, Buffer.from(BODY), t.clock.now(), 'm')
    const id = await capture('stripe', old)
    t.clock.advance(3600_000)
    const edited = '{"type":"invoice.paid","id":"evt_orig","amount":4200}'
    await replay(id, { body: edited, resign: true })
    const [got] = await receiver.waitFor(1)
    const sig = header(got!, 'stripe-signature')
    expect(sig).toHaveLength(1)
    expect(sig[0]).toContain(`t=${Math.floor(t.clock.now() / 1000)},`)
    const event = new Stripe('sk_test_offline').webhooks.constructEvent(
      got!.body.toString(),
      sig[0]!,
      SECRET,
      undefined,
      undefined,
      t.clock.now(),
    )
    expect(event.id).toBe('evt_orig')
  })

  it('Slack (@slack/bolt verifier)', async () => {
    await configure('slack')
    const id = await capture(
      'slack',
      signatureHeaders('slack', SECRET, Buffer.from(BODY), t.clock.now(), 'm'),
    )
    await replay(id, {
      body: 'token=x&payload=%7B%7D',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      resign: true,
    })
    const [got] = await receiver.waitFor(1)
    expect(header(got!, 'x-slack-signature')).toHaveLength(1)
    expect(
      isValidSlackRequest({
        signingSecret: SECRET,
        body: got!.body.toString(),
        headers: {
          'x-slack-signature': header(got!, 'x-slack-signature')[0]!,
          'x-slack-request-timestamp': Number(header(got!, 'x-slack-request-timestamp')[0]),
        },
        nowMilliseconds: t.clock.now(),
      }),
    ).toBe(true)
  })

  it('Standard Webhooks (standardwebhooks), keeping the message id', async () => {
    t.clock.set(Date.now())
    await configure('clerk')
    const id = await capture(
      'clerk',
      signatureHeaders('standard_webhooks', SECRET, Buffer.from(BODY), t.clock.now(), 'msg_keep'),
    )
    const edited = '{"type":"user.updated","data":{"id":"user_1"}}'
    await replay(id, { body: edited, resign: true })
    const [got] = await receiver.waitFor(1)
    const headers = Object.fromEntries(got!.headers.map(([n, v]) => [n.toLowerCase(), v]))
    expect(headers['webhook-id']).toBe('msg_keep')
    expect(new Webhook(SECRET).verify(got!.body.toString(), headers)).toEqual(JSON.parse(edited))
  })
})

describe('replay with changes: bad input is a 4xx and nothing is sent or stored', () => {
  const refused = async (id: string, body: unknown, status: number, pointer?: string) => {
    const before = counts()
    const res = await replay(id, body)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    if (pointer) expect((await res.json()).errors).toEqual([expect.objectContaining({ pointer })])
    expect(counts()).toEqual(before)
    expect(receiver.received).toHaveLength(0)
  }

  it('an unknown event: 404', async () => {
    await refused('evt_missing', { body: 'x' }, 404)
  })

  it('bad base64: 400 naming /body', async () => {
    const id = await capture('stripe')
    await refused(id, { body: { base64: 'not*base64' } }, 400)
    await refused(id, { body: { base64: 'abc' } }, 400)
    await refused(id, { body: { base64: 'YQ==', extra: 1 } }, 400)
  })

  it('a body over the limit: 413', async () => {
    const id = await capture('stripe')
    await refused(id, { body: 'x'.repeat(1024 * 1024 + 1) }, 413)
  })

  it('headers with CR/LF, control characters, invalid names or hop-by-hop names: 400', async () => {
    const id = await capture('stripe')
    await refused(id, { headers: { 'X-A': 'ok\r\nX-Injected: 1' } }, 400)
    await refused(id, { headers: { 'X-A': 'bad\nvalue' } }, 400)
    await refused(id, { headers: { 'X-A': 'nul\u0000' } }, 400)
    await refused(id, { headers: { 'Bad Name': 'v' } }, 400)
    await refused(id, { headers: { 'X-A:': 'v' } }, 400)
    await refused(id, { headers: { '': 'v' } }, 400)
    await refused(id, { headers: { Host: 'evil.example' } }, 400, '/headers/Host')
    await refused(id, { headers: { 'X-A': 5 } }, 400)
  })

  it('resign without a webhook_secret: 409 naming /resign', async () => {
    const id = await capture('stripe')
    await refused(id, { resign: true }, 409, '/resign')
  })

  it('resign for a provider without a signature scheme: 409', async () => {
    await configure('trello')
    const id = await capture('trello')
    await refused(id, { resign: true }, 409, '/resign')
  })

  it('resign: false alone is no change: replayed as captured, on the original event', async () => {
    const id = await capture('stripe')
    const delivery = await (await replay(id, { resign: false })).json()
    expect(delivery.event_id).toBe(id)
  })
})
