import { afterAll, describe, expect, it, vi } from 'vitest'
import { Switchyard, SwitchyardError } from '../../src/sdk/index.js'
import { tempDir } from '../helpers/app.js'
import { waitRequest } from '../helpers/events-wait.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

const data = tempDir()
const server = await startQuietServer(data.dir)
const key = firstSecretKey(server)
const sdk = new Switchyard({ apiKey: key, baseUrl: server.url })
server.core.workspaces.setTier('default', 'enterprise', 1_000_000)
afterAll(async () => {
  await server.close()
  data.cleanup()
})

const wait = (body: unknown, signal?: AbortSignal) => waitRequest(server.url, key, body, signal)
const listeners = () => server.core.events.listenerCount()
/** Resolves once the server-side wait has subscribed to the live feed (so what follows is "after"). */
const subscribed = (baseline: number) => vi.waitFor(() => expect(listeners()).toBeGreaterThan(baseline))

describe('POST /api/events/wait', () => {
  it('answers with a webhook captured after the wait started', async () => {
    const baseline = listeners()
    const pending = wait({
      filter: { provider: { eq: 'github' }, provider_event_type: { eq: 'push' } },
      timeout_ms: 30_000,
    })
    await subscribed(baseline)
    await sdk.triggerEvent({ provider: 'stripe', type: 'invoice.paid' })
    const sent = await sdk.triggerEvent({ provider: 'github', type: 'push' })
    const res = await pending
    expect(res.status).toBe(200)
    const event = await res.json()
    expect(event).toMatchObject({ type: 'webhook.received', provider: 'github', provider_event_type: 'push' })
    expect(event.id).toBe(sent.id)
  })

  it('with `after`, counts only events after that one, including ones already captured', async () => {
    const first = await sdk.triggerEvent({ provider: 'github', type: 'issues' })
    const second = await sdk.triggerEvent({ provider: 'github', type: 'issues' })
    const found = await sdk.waitForEvent(
      { provider_event_type: { eq: 'issues' } },
      { after: first.id, timeoutMs: 1000 },
    )
    expect(found.id).toBe(second.id)
  })

  it('answers 408 wait_timeout problem+json when nothing matches before the deadline', async () => {
    const res = await wait({ filter: { provider: { eq: 'never-sent' } }, timeout_ms: 20 })
    expect(res.status).toBe(408)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    expect((await res.json()).code).toBe('wait_timeout')
  })

  it('is a SwitchyardError wait_timeout in the SDK', async () => {
    const err = await sdk.waitForEvent({ provider: { eq: 'never-sent' } }, { timeoutMs: 10 }).catch((e) => e)
    expect(err).toBeInstanceOf(SwitchyardError)
    expect(err.code).toBe('wait_timeout')
  })

  it('refuses a bad filter like search does, without waiting', async () => {
    const res = await wait({ filter: { colour: { eq: 'red' }, signature: { eq: 'maybe' } }, timeout_ms: 10 })
    expect(res.status).toBe(400)
    expect((await res.json()).errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/filter/colour',
      '/filter/signature/eq',
    ])
  })

  it('refuses an unknown `after` and a timeout above 30 s', async () => {
    const unknown = await wait({ after: 'evt_nope', timeout_ms: 10 })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).errors[0].pointer).toBe('/after')
    const tooLong = await wait({ timeout_ms: 30_001 })
    expect(tooLong.status).toBe(400)
    expect((await tooLong.json()).errors[0].pointer).toBe('/timeout_ms')
  })

  it('stops waiting when the client disconnects: its feed is closed (no leak)', async () => {
    const baseline = listeners()
    const abort = new AbortController()
    const pending = wait(
      { filter: { provider: { eq: 'never-sent' } }, timeout_ms: 30_000 },
      abort.signal,
    ).catch((e) => e)
    await subscribed(baseline)
    abort.abort()
    expect(await pending).toBeInstanceOf(Error)
    await vi.waitFor(() => expect(listeners()).toBe(baseline))
  })
})
