import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/core/db/open.js'
import { createEventsRepo } from '../../src/core/events/events.repo.js'
import type { Event } from '../../src/core/events/events.schema.js'
import { type EventFilter, matchesFilter, toSearchFilter } from '../../src/shared/event-filter.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

// One rule for the stream (predicate and SQL), the dashboard's live list and search.
let t: TestApp
let all: Event[]
beforeAll(async () => {
  t = await createTestApp()
  const json = { 'content-type': 'application/json' }
  for (const [path, raw, headers] of [
    ['/webhooks/github', '{}', { 'X-GitHub-Event': 'push' }],
    ['/webhooks/github', '{}', { 'X-GitHub-Event': 'issues' }],
    ['/webhooks/stripe', '{"type":"push"}', json],
    ['/webhooks/stripe', '{"type":"invoice.paid"}', json],
  ] as const)
    await t.req('POST', path, { raw, headers })
  inTransaction(t.db, () => {
    t.core.events.emit(t.workspaceId, {
      type: 'connection.created',
      provider: 'github',
      connection_id: 'conn_1',
    })
    t.core.events.emit(t.workspaceId, { type: 'push', provider: 'stripe' })
  })
  all = await search({})
})
afterAll(() => t.close())

async function search(filter: Record<string, unknown>): Promise<Event[]> {
  const res = await t.req('POST', '/api/events/search', {
    key: t.secretKey,
    body: { filter, sort: [{ field: 'created_at', direction: 'asc' }], limit: 100 },
  })
  expect(res.status).toBe(200)
  return (await res.json()).data
}

const ids = (events: Array<{ id: string }>) => events.map((e) => e.id).sort()

const CASES: Array<[string, EventFilter, Record<string, unknown>]> = [
  ['type only matches the event type', { type: ['push'] }, { type: { in: ['push'] } }],
  [
    "provider_event_type only matches the provider's type",
    { provider_event_type: ['push'] },
    { provider_event_type: { in: ['push'] } },
  ],
  [
    'fields combine with and',
    { provider: ['github'], provider_event_type: ['push', 'issues'] },
    { provider: { eq: 'github' }, provider_event_type: { in: ['push', 'issues'] } },
  ],
  [
    'a list is any of',
    { type: ['push', 'connection.created'] },
    { type: { in: ['push', 'connection.created'] } },
  ],
  ['source', { source: ['gateway'] }, { source: { eq: 'gateway' } }],
  ['signature', { signature: ['unverified'] }, { signature: { eq: 'unverified' } }],
  ['connection', { connection_id: ['conn_1'] }, { connection_id: { eq: 'conn_1' } }],
  ['duplicates excluded', { duplicates: 'exclude' }, { duplicate_of: { eq: null } }],
  ['duplicates only', { duplicates: 'only' }, { duplicate_of: { neq: null } }],
  ['no match', { provider: ['slack'] }, { provider: { eq: 'slack' } }],
  ['empty lists filter nothing', { type: [], provider: [] }, {}],
]

describe('the event filter rule', () => {
  it.each(CASES)('%s: the predicate, the stream SQL and search agree', async (_, filter, searchFilter) => {
    const expected = ids(await search(searchFilter))
    expect(ids(await search(toSearchFilter(filter)))).toEqual(expected)
    expect(ids(all.filter((e) => matchesFilter(e, filter)))).toEqual(expected)
    const sql = createEventsRepo(t.db).page(t.workspaceId, filter, 0, Number.MAX_SAFE_INTEGER, 1000)
    expect(ids(sql)).toEqual(expected)
  })

  it('the fixture has events each case tells apart', () => {
    expect(all).toHaveLength(6)
  })
})
