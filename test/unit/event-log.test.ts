import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import type { Event } from '../../src/core/events/events.schema.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** The event log is the one writer of events: every kind reaches the same hooks the same way. */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const pulled = (id: string) => ({
  id,
  type: 'connection.created',
  provider: 'github',
  tenant_id: 'acme',
  connection_id: null,
  installation_id: null,
  provider_event_type: null,
  signature: null,
  data: null,
  created_at: '2026-01-01T00:00:00.000Z',
})

const replayOf = (original: Event) =>
  t.core.events.recordReplay(
    t.workspaceId,
    original,
    { method: 'POST', path: '/webhooks/github', query: '', headers: [], body: Buffer.from('{}') },
    { provider_event_type: 'push', signature: 'unverified', data: { changed: true } },
  )

describe('the event log', () => {
  it('announces every kind once committed: gateway events, captures, replays and pulled events', async () => {
    const heard: Array<[string, string]> = []
    t.core.events.subscribe((_ws, event) => heard.push([event.type, event.source]))
    t.core.events.emit(t.workspaceId, { type: 'test.one' })
    const { event: captured } = await t.capture()
    replayOf(captured)
    t.core.events.importUpstream(t.workspaceId, pulled('evt_pulled1'))
    expect(heard).toEqual([
      ['test.one', 'gateway'],
      ['webhook.received', 'webhook'],
      ['webhook.replayed', 'gateway'],
      ['connection.created', 'upstream'],
    ])
  })

  it('runs its in-transaction hooks for every event written on the connection, replays and pulls too', async () => {
    const { event: captured } = await t.capture()
    const recorded: string[] = []
    t.core.events.onEmit((_ws, event) => recorded.push(event.type))
    t.core.events.emit(t.workspaceId, { type: 'test.one' })
    replayOf(captured)
    t.core.events.importUpstream(t.workspaceId, pulled('evt_pulled2'))
    expect(recorded).toEqual(['test.one', 'webhook.replayed', 'connection.created'])
  })

  it('announces nothing from a transaction that rolls back', () => {
    const heard: string[] = []
    t.core.events.subscribe((_ws, event) => heard.push(event.id))
    const before = [...t.core.events.exportAll(t.workspaceId, {})].length
    expect(() =>
      inTransaction(t.db, () => {
        t.core.events.emit(t.workspaceId, { type: 'test.lost' })
        throw new Error('rolled back')
      }),
    ).toThrow('rolled back')
    expect(heard).toEqual([])
    expect([...t.core.events.exportAll(t.workspaceId, {})]).toHaveLength(before)
  })

  it('skips a pulled event whose id is stored already: not written twice, not announced twice', () => {
    const heard: string[] = []
    t.core.events.subscribe((_ws, event) => heard.push(event.id))
    expect(t.core.events.importUpstream(t.workspaceId, pulled('evt_pulled3'))?.source).toBe('upstream')
    expect(t.core.events.importUpstream(t.workspaceId, pulled('evt_pulled3'))).toBeUndefined()
    expect(heard).toEqual(['evt_pulled3'])
  })

  it('queues outbound deliveries for gateway events only, not for pulled events', () => {
    const endpoint = t.core.webhookEndpoints.create(t.workspaceId, { url: 'http://127.0.0.1:9/hooks' })
    t.core.events.importUpstream(t.workspaceId, pulled('evt_pulled4'))
    expect(t.core.outboundMessages.forEndpoint(endpoint.id)).toHaveLength(0)
    t.core.events.emit(t.workspaceId, { type: 'test.one' })
    expect(t.core.outboundMessages.forEndpoint(endpoint.id)).toHaveLength(1)
  })

  it('is the only code that writes the events tables', () => {
    const root = join(import.meta.dirname, '../../src')
    const writers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /\b(INSERT( OR \w+)? INTO|UPDATE|DELETE FROM) events?(_requests)?\b/i.test(
          readFileSync(join(root, file), 'utf8'),
        ),
      )
    expect(writers).toEqual([join('core', 'events', 'events.repo.ts')])
  })
})
