import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEventBatch } from '../../src/core/events/event-batch.js'
import type { Event } from '../../src/core/events/events.schema.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

it('writes queued events through the events write path on flush: recorders inside, listeners after', () => {
  const recorded: string[] = []
  const heard: Event[] = []
  t.core.events.onEmit((_, event) => void recorded.push(event.type))
  const unsubscribe = t.core.events.subscribe((_, event) => void heard.push(event))
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  batch.emit(t.workspaceId, { type: 'proxy.request', data: { n: 1 } })
  batch.emit(t.workspaceId, { type: 'proxy.request', data: { n: 2 } })
  expect(heard).toEqual([])
  batch.flush()
  unsubscribe()
  expect(recorded).toEqual(['proxy.request', 'proxy.request'])
  expect(heard.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }])
  for (const event of heard) expect(t.core.events.get(t.workspaceId, event.id).type).toBe('proxy.request')
})

it('commits the batch without an fsync, then gives the connection back its own synchronous level', () => {
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  expect(t.db.pragma('synchronous', { simple: true })).toBe(2)
  let during: unknown
  t.core.events.onEmit(() => {
    during = t.db.pragma('synchronous', { simple: true })
  })
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  batch.flush()
  expect(during).toBe(1)
  expect(t.db.pragma('synchronous', { simple: true })).toBe(2)

  // A connection already at NORMAL (serve --durability normal) stays there.
  t.db.pragma('synchronous = NORMAL')
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  batch.flush()
  expect(t.db.pragma('synchronous', { simple: true })).toBe(1)
})

it('one event that cannot be written does not take the others with it', () => {
  const heard: string[] = []
  const unsubscribe = t.core.events.subscribe((workspaceId) => void heard.push(workspaceId))
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  batch.emit('ws_gone', { type: 'proxy.request' })
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  batch.flush()
  unsubscribe()
  expect(heard).toEqual([t.workspaceId, t.workspaceId])
  expect(t.db.pragma('synchronous', { simple: true })).toBe(2)
})

/** Resolves with the next `count` events listeners hear. */
const nextEvents = (count: number) =>
  new Promise<Event[]>((resolve) => {
    const heard: Event[] = []
    const unsubscribe = t.core.events.subscribe((_, event) => {
      heard.push(event)
      if (heard.length === count) {
        unsubscribe()
        resolve(heard)
      }
    })
  })

it('on its timer, writes events no outbox recorder wants through group commit, off the write path', async () => {
  let recorderRan = 0
  t.core.events.onEmit(
    () => void recorderRan++,
    () => false,
  )
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  const heard = nextEvents(2)
  batch.emit(t.workspaceId, { type: 'proxy.request', data: { n: 1 } })
  batch.emit(t.workspaceId, { type: 'proxy.request', data: { n: 2 } })
  const events = await heard
  expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }])
  for (const event of events) expect(t.core.events.get(t.workspaceId, event.id).type).toBe('proxy.request')
  expect(recorderRan).toBe(0)
})

it('on its timer, still writes an event an outbox recorder wants in its own transaction, recorder inside', async () => {
  const recorded: string[] = []
  t.core.events.onEmit(
    (_, event) => void recorded.push(event.type),
    (_, type) => type === 'proxy.request',
  )
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  const heard = nextEvents(1)
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  await heard
  expect(recorded).toEqual(['proxy.request'])
})

it("through the proxy's batch, an endpoint subscribed to proxy.request still gets its outbox message", async () => {
  const subscribed = t.core.webhookEndpoints.create(t.workspaceId, {
    url: 'http://127.0.0.1:9/events',
    event_types: ['proxy.*'],
  })
  const other = t.core.webhookEndpoints.create(t.workspaceId, {
    url: 'http://127.0.0.1:9/other',
    event_types: ['connection.*'],
  })
  const batch = createEventBatch({ db: t.db, events: t.core.events })
  const heard = nextEvents(1)
  batch.emit(t.workspaceId, { type: 'proxy.request' })
  const [event] = await heard
  expect(t.core.outboundMessages.forEndpoint(subscribed.id).map((m) => m.event_id)).toEqual([event!.id])
  expect(t.core.outboundMessages.forEndpoint(other.id)).toEqual([])
})
