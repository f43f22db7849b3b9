import { beforeAll, describe, expect, it, vi } from 'vitest'
import { WAIT_LIMITS } from '../../src/core/events/event-wait.js'
import { INSERT_EVENT_SQL } from '../../src/core/events/events.repo.js'
import { waitRequest } from '../helpers/events-wait.js'
import { setupQuietServer } from '../helpers/server.js'

/**
 * POST /api/events/wait under load: a wait over a long history must not stall the gateway, and
 * many waits at once must not take every connection.
 */
const HISTORY = 100_000
const FIRST_ID = 'evt_load00000000'
const gateway = setupQuietServer()

beforeAll(() => {
  const { core } = gateway.server
  core.workspaces.setTier('default', 'enterprise', 1_000_000)
  const workspaceId = core.workspaces.get('default').id
  // A long history, written straight through the events table's own insert (fast, no HTTP).
  const insert = core.db.prepare(INSERT_EVENT_SQL)
  core.db.transaction(() => {
    for (let i = 0; i < HISTORY; i++) {
      insert.run({
        id: `evt_load${String(i).padStart(8, '0')}`,
        workspace_id: workspaceId,
        type: 'webhook.received',
        source: 'webhook',
        provider: 'github',
        tenant_id: null,
        connection_id: null,
        installation_id: null,
        provider_event_type: 'push',
        signature: 'unverified',
        data: null,
        created_at: '2026-01-01T00:00:00.000Z',
        message_id: null,
        duplicate_of: null,
        replay_of: null,
      })
    }
  })()
})

const wait = (body: unknown, signal?: AbortSignal) =>
  waitRequest(gateway.server.url, gateway.key, body, signal)
const NOTHING = { type: { eq: 'never.happens' } }
const capture = () =>
  fetch(`${gateway.server.url}/webhooks/github`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
    body: '{}',
  })

describe('a wait over a long history', () => {
  it(`/health answers while a wait replays ${HISTORY.toLocaleString('en')} events that match nothing`, async () => {
    const order: string[] = []
    const listeners = gateway.server.core.events.listenerCount()
    const waiting = wait({ filter: NOTHING, after: FIRST_ID, timeout_ms: 3_000 }).then((res) => {
      order.push(`wait ${res.status}`)
    })
    await vi.waitFor(() => expect(gateway.server.core.events.listenerCount()).toBeGreaterThan(listeners))
    const health = await fetch(`${gateway.server.url}/health`)
    order.push(`health ${health.status}`)
    await waiting
    expect(order).toEqual(['health 200', 'wait 408'])
  })
})

describe('many waits at once', () => {
  it(`250 waits: ${WAIT_LIMITS.perWorkspace} are held, the rest are 429 with Retry-After, and capture and /health still answer`, async () => {
    const abort = new AbortController()
    const statuses: Array<{ status: number; retryAfter: string | null }> = []
    const waits = Array.from({ length: 250 }, () =>
      wait({ filter: NOTHING, timeout_ms: 30_000 }, abort.signal).then(
        (res) => statuses.push({ status: res.status, retryAfter: res.headers.get('retry-after') }),
        () => undefined,
      ),
    )
    await vi.waitFor(() => expect(statuses).toHaveLength(250 - WAIT_LIMITS.perWorkspace), { timeout: 20_000 })
    expect(statuses.every((s) => s.status === 429 && s.retryAfter === '1')).toBe(true)
    const captured = await capture()
    expect(captured.status).toBeLessThan(300)
    expect((await fetch(`${gateway.server.url}/health`)).status).toBe(200)
    expect(statuses).toHaveLength(250 - WAIT_LIMITS.perWorkspace)
    abort.abort()
    await Promise.all(waits)
  })
})
