import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../src/core/webhooks/signatures.js'
import { readSse } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const SECRET = 'whsec_ZHVwbGljYXRlLWRldGVjdGlvbi1zZWNyZXQ='
const BODY = '{"type":"user.created","data":{"id":"user_1"}}'

async function configure(provider: string, workspace = t.secretKey) {
  const res = await t.req('POST', '/api/provider-configs', {
    key: workspace,
    body: { provider, webhook_secret: SECRET },
  })
  expect(res.status).toBe(201)
}

/** Sends a Standard Webhooks message with id `msgId`, signed (or not) with the secret. */
async function sendStandard(
  msgId: string,
  options: { secret?: string; provider?: string; body?: string } = {},
) {
  const body = options.body ?? BODY
  const headers = signatureHeaders(
    'standard_webhooks',
    options.secret ?? SECRET,
    Buffer.from(body),
    t.clock.now(),
    msgId,
  )
  const res = await t.req('POST', `/webhooks/${options.provider ?? 'clerk'}`, {
    raw: body,
    headers: { 'content-type': 'application/json', ...headers },
  })
  expect(res.status).toBe(200)
  return t.core.events.get(t.workspaceId, (await res.json()).id)
}

const search = async (body: unknown) =>
  (await (await t.req('POST', '/api/events/search', { key: t.secretKey, body })).json()) as {
    data: Array<{ id: string; duplicate_of: string | null }>
  }

describe('duplicate captures (same signed message id)', () => {
  it('a Standard Webhooks message re-sent with the same webhook-id is marked duplicate_of the first, and stays valid', async () => {
    await configure('clerk')
    const first = await sendStandard('msg_2Lh')
    t.clock.advance(30_000)
    const second = await sendStandard('msg_2Lh')
    const third = await sendStandard('msg_2Lh')
    expect(first).toMatchObject({ signature: 'valid', duplicate_of: null })
    expect(second).toMatchObject({ signature: 'valid', duplicate_of: first.id })
    expect(third).toMatchObject({ signature: 'valid', duplicate_of: first.id })
    expect(second.data).toMatchObject({ message_id: 'msg_2Lh' })
  })

  it('a different webhook-id is not a duplicate', async () => {
    await configure('clerk')
    await sendStandard('msg_a')
    expect((await sendStandard('msg_b')).duplicate_of).toBeNull()
  })

  it('an invalid signature neither is marked nor makes later ones duplicates', async () => {
    await configure('clerk')
    const forged = await sendStandard('msg_x', { secret: 'whsec_bm90LXRoZS1zZWNyZXQ=' })
    expect(forged).toMatchObject({ signature: 'invalid', duplicate_of: null })
    expect((await sendStandard('msg_x')).duplicate_of).toBeNull()
    const replayedForgery = await sendStandard('msg_x', { secret: 'whsec_bm90LXRoZS1zZWNyZXQ=' })
    expect(replayedForgery.duplicate_of).toBeNull()
  })

  it('the same id from another provider is not a duplicate', async () => {
    await configure('clerk')
    await configure('resend')
    await sendStandard('msg_same')
    expect((await sendStandard('msg_same', { provider: 'resend' })).duplicate_of).toBeNull()
  })

  it('two copies arriving together (one group commit) are still told apart', async () => {
    await configure('clerk')
    const [a, b] = await Promise.all([sendStandard('msg_race'), sendStandard('msg_race')])
    const marks = [a!.duplicate_of, b!.duplicate_of]
    expect(marks.filter((m) => m === null)).toHaveLength(1)
    expect(marks).toContain(a!.duplicate_of === null ? a!.id : b!.id)
  })

  it('Stripe: the same event id (in the signed body) twice is a duplicate', async () => {
    await configure('stripe')
    const body = '{"id":"evt_1Pq","object":"event","type":"invoice.paid"}'
    const send = async () => {
      const headers = signatureHeaders('stripe', SECRET, Buffer.from(body), t.clock.now(), 'unused')
      const res = await t.req('POST', '/webhooks/stripe', {
        raw: body,
        headers: { 'content-type': 'application/json', ...headers },
      })
      return t.core.events.get(t.workspaceId, (await res.json()).id)
    }
    const first = await send()
    expect((await send()).duplicate_of).toBe(first.id)
  })

  it('GitHub: a redelivery (same X-GitHub-Delivery, valid signature) is a duplicate', async () => {
    await configure('github')
    const body = '{"zen":"Keep it logically awesome."}'
    const send = async () => {
      const res = await t.req('POST', '/webhooks/github', {
        raw: body,
        headers: {
          'content-type': 'application/json',
          'X-GitHub-Event': 'ping',
          'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
          'X-Hub-Signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
        },
      })
      return t.core.events.get(t.workspaceId, (await res.json()).id)
    }
    const first = await send()
    expect((await send()).duplicate_of).toBe(first.id)
  })

  it('search: duplicate_of filters by the first capture, and {eq: null} hides duplicates', async () => {
    await configure('clerk')
    const first = await sendStandard('msg_s')
    const dup = await sendStandard('msg_s')
    const other = await sendStandard('msg_t')
    expect((await search({ filter: { duplicate_of: { eq: first.id } } })).data.map((e) => e.id)).toEqual([
      dup.id,
    ])
    const originals = (await search({ filter: { duplicate_of: { eq: null } } })).data.map((e) => e.id)
    expect(originals.sort()).toEqual([first.id, other.id].sort())
  })

  it('export: duplicates=exclude leaves them out, duplicates=only keeps just them', async () => {
    await configure('clerk')
    const first = await sendStandard('msg_e')
    const dup = await sendStandard('msg_e')
    const ids = async (query: string) => {
      const res = await t.req('GET', `/api/events/export?provider=clerk${query}`, { key: t.secretKey })
      expect(res.status).toBe(200)
      return (await res.text())
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id)
    }
    expect(await ids('')).toEqual([first.id, dup.id])
    expect(await ids('&duplicates=include')).toEqual([first.id, dup.id])
    expect(await ids('&duplicates=exclude')).toEqual([first.id])
    expect(await ids('&duplicates=only')).toEqual([dup.id])
  })

  it('stream: duplicates=exclude skips a live duplicate (and one missed before resuming)', async () => {
    await configure('clerk')
    const first = await sendStandard('msg_l')
    const missedDup = await sendStandard('msg_l')
    const res = await t.req('GET', `/api/events/stream?duplicates=exclude&last_event_id=${first.id}`, {
      key: t.secretKey,
    })
    expect(res.status).toBe(200)
    const liveDup = await sendStandard('msg_l')
    const fresh = await sendStandard('msg_m')
    const events = await readSse(res, (e) => e.length >= 1)
    expect([missedDup.duplicate_of, liveDup.duplicate_of]).toEqual([first.id, first.id])
    expect(events.map((e) => e.id)).toEqual([fresh.id])
  })

  it('stream and export refuse an unknown duplicates value with a 400 naming it', async () => {
    for (const path of ['/api/events/export', '/api/events/stream']) {
      const res = await t.req('GET', `${path}?duplicates=hide`, { key: t.secretKey })
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain('duplicates')
    }
  })

  it('the duplicate lookup is one seek on the message index', () => {
    const plan = t.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM events INDEXED BY events_message
         WHERE workspace_id = +? AND provider = +? AND message_id = +? ORDER BY rowid LIMIT 1`,
      )
      .all('w', 'p', 'm') as Array<{ detail: string }>
    expect(plan.map((p) => p.detail).join(' ')).toMatch(
      /SEARCH events USING (COVERING )?INDEX events_message/,
    )
    expect(plan.map((p) => p.detail).join(' ')).not.toMatch(/TEMP B-TREE/)
  })
})
