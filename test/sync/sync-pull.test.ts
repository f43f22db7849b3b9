import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomIds } from '../../src/core/common/ids.js'
import { createSyncService } from '../../src/core/sync/sync.service.js'
import type { FetchLike } from '../../src/sdk/index.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { fillUpstream, rows, startUpstream, type Upstream } from './sync-helpers.js'

const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } }

describe('sync pull from a second local Switchyard', () => {
  let up: Upstream
  let local: TestApp
  let ws: string
  beforeEach(async () => {
    up = await startUpstream()
    local = await createTestApp()
    ws = local.workspaceId
  })
  afterEach(async () => {
    await local.close()
    await up.close()
  })
  const pull = (extra: Record<string, unknown> = {}) =>
    local.core.sync.pull({
      workspaceId: ws,
      baseUrl: up.url,
      apiKey: up.key,
      pageSize: 25,
      client: fast,
      ...extra,
    })
  const upstreamEvents = () => rows(up.core.db, 'events', up.ws()).length

  it('copies custom providers, configs, installations, connections and events with their upstream ids', async () => {
    await fillUpstream(up, 60)
    const summary = await pull()
    expect(summary.complete).toBe(true)
    expect(local.core.providers.find(ws, 'acme-ledger')?.custom).toBe(true)
    for (const table of ['provider_configs', 'installations', 'connections', 'events']) {
      expect(rows(local.db, table, ws).map((r) => r.id)).toEqual(
        rows(up.core.db, table, up.ws()).map((r) => r.id),
      )
    }
  })

  it('never copies secrets or tokens', async () => {
    await fillUpstream(up, 1)
    await pull()
    const [config] = rows(local.db, 'provider_configs', ws)
    expect(config).toMatchObject({ client_id: 'Iv1.upstream', client_secret: null, webhook_secret: null })
    const [connection] = rows(local.db, 'connections', ws)
    expect(connection).toMatchObject({ tenant_id: 'acme', access_token: null, refresh_token: null })
  })

  it('marks pulled events as coming from upstream', async () => {
    await fillUpstream(up, 5)
    await pull()
    expect(new Set(rows(local.db, 'events', ws).map((r) => r.source))).toEqual(new Set(['upstream']))
  })

  it('a second pull adds nothing', async () => {
    await fillUpstream(up, 60)
    await pull()
    const before = rows(local.db, 'events', ws)
    const again = await pull()
    expect(Object.values(again.resources).map((r) => r.added)).toEqual([0, 0, 0, 0, 0])
    expect(rows(local.db, 'events', ws)).toEqual(before)
  })

  it('an incremental pull copies only what the upstream gained since', async () => {
    await fillUpstream(up, 30)
    await pull()
    for (let i = 0; i < 7; i++) {
      up.clock.advance(1000)
      up.core.events.emit(up.ws(), { type: 'demo.later', data: { i } })
    }
    const next = await pull()
    expect(next.resources.events.added).toBe(7)
  })

  it('refreshing a pulled connection is a 409 since it carries no tokens', async () => {
    await fillUpstream(up, 1)
    await pull()
    const [connection] = rows(local.db, 'connections', ws)
    const res = await local.req('POST', `/api/connections/${connection!.id}/refresh`, {
      key: local.secretKey,
    })
    expect(res.status).toBe(409)
  })

  it('an interrupted pull keeps what was committed and the next run completes it without duplicates', async () => {
    await fillUpstream(up, 100)
    let eventPages = 0
    const failing: FetchLike = (input, init) => {
      if (String(input).endsWith('/api/events/search') && ++eventPages === 3) {
        return Promise.reject(new TypeError('fetch failed'))
      }
      return fetch(input, init)
    }
    const first = await pull({ client: { ...fast, maxRetries: 0, fetch: failing } })
    expect(first.complete).toBe(false)
    expect(first.error).toMatch(/events.*run the pull again/)
    expect(rows(local.db, 'events', ws)).toHaveLength(50)
    const second = await pull()
    expect(second.complete).toBe(true)
    expect(rows(local.db, 'events', ws).map((r) => r.id)).toEqual(
      rows(up.core.db, 'events', up.ws()).map((r) => r.id),
    )
  })

  it('survives the upstream restarting in the middle of a walk', async () => {
    await fillUpstream(up, 100)
    let eventPages = 0
    let restart: (() => Promise<void>) | undefined
    let restarted = false
    const crashing: FetchLike = async (input, init) => {
      if (String(input).endsWith('/api/events/search') && ++eventPages === 2) {
        await up.stop()
        restart = () => up.restart()
      }
      return fetch(input, init)
    }
    const sleep = async () => {
      const pending = restart
      restart = undefined
      if (pending) {
        await pending()
        restarted = true
      }
    }
    const summary = await pull({ client: { ...fast, fetch: crashing, sleep } })
    expect({ restarted, complete: summary.complete }).toEqual({ restarted: true, complete: true })
    expect(rows(local.db, 'events', ws)).toHaveLength(upstreamEvents())
  })

  it('waits out 429s from the upstream and still copies everything', async () => {
    await up.close()
    up = await startUpstream({ rpm: 3 })
    await fillUpstream(up, 80)
    const statuses: number[] = []
    const recording: FetchLike = async (input, init) => {
      const res = await fetch(input, init)
      statuses.push(res.status)
      return res
    }
    const sleep = async (ms: number) => up.clock.advance(ms)
    const summary = await pull({
      client: { ...fast, retry: { baseDelayMs: 1000, maxDelayMs: 61_000 }, fetch: recording, sleep },
    })
    expect(summary.complete).toBe(true)
    expect(statuses).toContain(429)
    expect(rows(local.db, 'events', ws)).toHaveLength(upstreamEvents())
  })

  it('a wrong key stops with the upstream problem and stores nothing', async () => {
    await fillUpstream(up, 3)
    const summary = await pull({ apiKey: 'sk_not_a_real_key' })
    expect(summary.complete).toBe(false)
    expect(summary.error).toMatch(/failed/)
    expect(rows(local.db, 'provider_configs', ws)).toHaveLength(0)
  })

  it('a base URL that is not http(s) is a 400 before anything is sent', async () => {
    await expect(pull({ baseUrl: 'file:///etc/passwd' })).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('reads the upstream only through the OpenUpstream it is given', async () => {
    const opened: unknown[] = []
    const event = {
      id: 'evt_upstream1',
      type: 'connection.created',
      provider: 'github',
      tenant_id: null,
      connection_id: null,
      installation_id: null,
      provider_event_type: null,
      signature: null,
      data: null,
      created_at: '2026-01-01T00:00:00.000Z',
    }
    const sync = createSyncService({
      db: local.db,
      clock: local.clock,
      ids: randomIds,
      events: local.core.events,
      providers: local.core.providers,
      openUpstream: (options) => {
        opened.push(options)
        return {
          async *pages(resource) {
            if (resource === 'events') yield { data: [event] }
          },
        }
      },
    })
    const summary = await sync.pull({
      workspaceId: ws,
      baseUrl: 'http://upstream.invalid/',
      apiKey: 'sk_upstream',
    })
    expect(opened).toEqual([{ baseUrl: 'http://upstream.invalid', apiKey: 'sk_upstream', client: undefined }])
    expect(summary).toMatchObject({ complete: true, resources: { events: { added: 1, skipped: 0 } } })
    expect(rows(local.db, 'events', ws).map((r) => r.id)).toEqual(['evt_upstream1'])
  })
})
