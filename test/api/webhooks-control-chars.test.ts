import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const HOSTILE_TYPE = '\u001b]0;pwned\u0007invoice.paid\u001b[2J\u009b31m\u007f'

async function capture(provider: string, raw: string, headers: Record<string, string> = {}) {
  const res = await t.req('POST', `/webhooks/${provider}`, {
    raw,
    headers: { 'content-type': 'application/json', ...headers },
  })
  expect(res.status).toBe(200)
  return (await t.req('GET', `/api/events/${(await res.json()).id}`, { key: t.secretKey })).json()
}

describe('fields derived from captured data carry no control characters', () => {
  it('a body `type` with ESC sequences: provider_event_type is stripped, the raw body is byte-exact', async () => {
    const raw = JSON.stringify({ type: HOSTILE_TYPE, id: 'evt_1' })
    const event = await capture('stripe', raw)
    expect(event.provider_event_type).toBe(']0;pwnedinvoice.paid[2J31m')
    expect(event.provider_event_type).not.toMatch(CONTROL)
    expect(event.request.body).toBe(raw)
    const body = await t.req('GET', `/api/events/${event.id}/body`, { key: t.secretKey })
    expect(Buffer.from(await body.arrayBuffer()).equals(Buffer.from(raw))).toBe(true)
  })

  it('search results and the stored row hold the stripped type', async () => {
    await capture('stripe', JSON.stringify({ type: HOSTILE_TYPE }))
    const page = await (await t.req('POST', '/api/events/search', { key: t.secretKey, body: {} })).json()
    expect(page.data[0].provider_event_type).not.toMatch(CONTROL)
  })

  it('a type made only of control characters is no type (null)', async () => {
    const event = await capture('stripe', JSON.stringify({ type: '\u001b\u0007\u0085' }))
    expect(event.provider_event_type).toBeNull()
  })

  it('a header-derived type and content type are stripped; the raw headers are kept as sent', async () => {
    const event = await capture('github', '{}', {
      'X-GitHub-Event': 'push\u001b[31m',
      'content-type': 'application/json\u001b[2J',
    })
    expect(event.provider_event_type).toBe('push[31m')
    expect(event.data.content_type).toBe('application/json[2J')
    const sent = event.request.headers.find(
      (h: { name: string }) => h.name.toLowerCase() === 'x-github-event',
    )
    expect(sent.value).toBe('push\u001b[31m')
  })

  it('bidi overrides are stripped from the type too', async () => {
    const event = await capture('stripe', JSON.stringify({ type: 'invoice\u202e.paid' }))
    expect(event.provider_event_type).toBe('invoice.paid')
  })
})
