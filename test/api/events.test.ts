import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { readSse } from '../helpers/api/webhooks-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const capture = async (path = '/webhooks/github', raw = '{}', headers: Record<string, string> = {}) =>
  (await (await t.req('POST', path, { raw, headers })).json()).id as string
const emit = (type: string) =>
  inTransaction(t.db, () =>
    t.core.events.emit(t.workspaceId, { type, provider: 'github', tenant_id: 'acme' }),
  )
const stream = (query = '', headers: Record<string, string> = {}) =>
  t.req('GET', `/api/events/stream${query}`, { key: t.secretKey, headers })

describe('GET /api/events/{id}', () => {
  it('a domain event has no request and no body', async () => {
    const event = emit('connection.created')
    const got = await (await t.req('GET', `/api/events/${event.id}`, { key: t.secretKey })).json()
    expect(got).toMatchObject({
      id: event.id,
      type: 'connection.created',
      source: 'gateway',
      request: null,
      deliveries: [],
    })
    const body = await t.req('GET', `/api/events/${event.id}/body`, { key: t.secretKey })
    expect(body.status).toBe(404)
  })

  it("another workspace's event is 404", async () => {
    const qa = t.core.workspaces.create({ name: 'qa', tier: 'free' })
    const id = await capture('/webhooks/github?workspace=qa')
    expect(t.core.events.get(qa.id, id).id).toBe(id)
    expect((await t.req('GET', `/api/events/${id}`, { key: t.secretKey })).status).toBe(404)
    expect((await t.req('GET', `/api/events/${id}/body`, { key: t.secretKey })).status).toBe(404)
  })

  it('needs a secret key', async () => {
    const id = await capture()
    expect((await t.req('GET', `/api/events/${id}`)).status).toBe(401)
    expect((await t.req('GET', `/api/events/${id}`, { key: t.publishableKey })).status).toBe(403)
  })
})

describe('GET /api/events/stream (SSE)', () => {
  it('delivers events committed after connecting, id = event id, data = the event', async () => {
    const res = await stream()
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const id = await capture()
    const events = await readSse(res, (e) => e.length >= 1)
    expect(events[0]!.id).toBe(id)
    expect(JSON.parse(events[0]!.data)).toMatchObject({ id, type: 'webhook.received', provider: 'github' })
  })

  it('filters by provider, type and provider_event_type, each matching only its field (as search)', async () => {
    const byProviderEvent = await stream('?provider=github&provider_event_type=push,connection.created')
    const byType = await stream('?type=push,connection.created')
    await capture('/webhooks/stripe', '{"type":"push"}', { 'content-type': 'application/json' })
    await capture('/webhooks/github', '{}', { 'X-GitHub-Event': 'issues' })
    const push = await capture('/webhooks/github', '{}', { 'X-GitHub-Event': 'push' })
    const domain = emit('connection.created')
    const last = await capture('/webhooks/github', '{}', { 'X-GitHub-Event': 'connection.created' })
    const upTo = (id: string) => (e: Array<{ id?: string }>) => e.some((m) => m.id === id)
    expect((await readSse(byProviderEvent, upTo(last))).map((e) => e.id)).toEqual([push, last])
    expect((await readSse(byType, upTo(domain.id))).map((e) => e.id)).toEqual([domain.id])
  })

  it('resumes after Last-Event-ID: missed events first, in commit order, then live ones', async () => {
    const seen = await capture()
    const missed1 = await capture()
    const missed2 = emit('connection.revoked').id
    const res = await stream('', { 'Last-Event-ID': seen })
    const live = await capture()
    const events = await readSse(res, (e) => e.length >= 3)
    expect(events.map((e) => e.id)).toEqual([missed1, missed2, live])
  })

  it('last_event_id in the query resumes the same way', async () => {
    const seen = await capture()
    const missed = await capture()
    const events = await readSse(await stream(`?last_event_id=${seen}`), (e) => e.length >= 1)
    expect(events.map((e) => e.id)).toEqual([missed])
  })

  it('an unknown Last-Event-ID starts with live events only', async () => {
    await capture()
    const res = await stream('', { 'Last-Event-ID': 'evt_gone' })
    const live = await capture()
    expect((await readSse(res, (e) => e.length >= 1)).map((e) => e.id)).toEqual([live])
  })

  it("never shows another workspace's events", async () => {
    t.core.workspaces.create({ name: 'qa', tier: 'free' })
    const res = await stream()
    await capture('/webhooks/github?workspace=qa')
    const mine = await capture()
    expect((await readSse(res, (e) => e.length >= 1)).map((e) => e.id)).toEqual([mine])
  })

  it('accepts ?access_token= for EventSource, which cannot send headers', async () => {
    const res = await t.req('GET', `/api/events/stream?access_token=${t.secretKey}`)
    expect(res.status).toBe(200)
    await res.body!.cancel()
  })

  it('accepts the admin token with ?workspace=', async () => {
    const qa = t.core.workspaces.create({ name: 'qa', tier: 'free' })
    const res = await t.req('GET', `/api/events/stream?access_token=${t.adminToken}&workspace=qa`)
    const id = await capture('/webhooks/github?workspace=qa')
    expect((await readSse(res, (e) => e.length >= 1)).map((e) => e.id)).toEqual([id])
    expect(qa.name).toBe('qa')
  })

  it('rejects a missing or wrong credential', async () => {
    expect((await t.req('GET', '/api/events/stream')).status).toBe(401)
    expect((await t.req('GET', '/api/events/stream?access_token=sk_nope')).status).toBe(401)
    expect((await t.req('GET', `/api/events/stream?access_token=${t.publishableKey}`)).status).toBe(403)
  })

  it('rejects malformed filters with 400', async () => {
    for (const q of ['?signature=maybe', '?source=elsewhere', '?provider=,,', `?type=${'x'.repeat(3000)}`]) {
      const res = await stream(q)
      expect(res.status, q).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
    }
  })
})

describe('GET /api/events/export', () => {
  const exportText = async (query: string) => {
    const res = await t.req('GET', `/api/events/export${query}`, { key: t.secretKey })
    expect(res.status).toBe(200)
    return { res, text: await res.text() }
  }

  it('NDJSON: one line per event, oldest first, each with its request', async () => {
    const a = await capture('/webhooks/github', '{"n":1}')
    const b = emit('connection.created').id
    const { res, text } = await exportText('')
    expect(res.headers.get('content-type')).toBe('application/x-ndjson')
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id)).toEqual([a, b])
    expect(lines[0].request.body).toBe('{"n":1}')
    expect(lines[1].request).toBeNull()
  })

  it('filters by provider, type, signature and time', async () => {
    await capture('/webhooks/stripe')
    const gh = await capture('/webhooks/github')
    t.clock.advance(60_000)
    await capture('/webhooks/github')
    const { text } = await exportText('?provider=github&signature=unverified&until=2026-01-01T00:00:30Z')
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([gh])
  })

  it('HAR 1.2: captured webhooks as entries with the exact request', async () => {
    const id = await capture('/webhooks/github?x=1', '{"a":1}', { 'content-type': 'application/json' })
    emit('connection.created')
    const { text } = await exportText('?format=har')
    const har = JSON.parse(text)
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(1)
    expect(har.log.entries[0]).toMatchObject({
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:4747/webhooks/github?x=1',
        queryString: [{ name: 'x', value: '1' }],
        postData: { mimeType: 'application/json', text: '{"a":1}' },
      },
      _switchyard: { id },
    })
  })

  it('an empty log exports an empty HAR', async () => {
    const { text } = await exportText('?format=har')
    expect(JSON.parse(text).log.entries).toEqual([])
  })

  it('rejects an unknown format or a bad timestamp with 400', async () => {
    for (const q of ['?format=csv', '?since=yesterday', '?until=2026-13-45']) {
      expect((await t.req('GET', `/api/events/export${q}`, { key: t.secretKey })).status, q).toBe(400)
    }
  })
})
