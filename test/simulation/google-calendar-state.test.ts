import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { googleCalendarSimulation } from '../../src/core/providers-kit/google-calendar/index.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { calendarThroughGateway } from './google-calendar-client.js'
import { proxyCall, simulatedConnect } from './helpers.js'

/** The simulated Google Calendar's state: restarts, snapshots, `seed demo`, fixtures, the view, a reset. */
const SCOPES = ['https://www.googleapis.com/auth/calendar.events']
const EVENTS = '/calendar/v3/calendars/primary/events'
const meeting = (summary: string) => ({
  calendarId: 'primary',
  requestBody: {
    summary,
    start: { dateTime: '2026-12-01T09:00:00Z' },
    end: { dateTime: '2026-12-01T10:00:00Z' },
  },
})

describe('the simulated Google Calendar keeps its state per connection', () => {
  it('survives a restart of the gateway and travels in a snapshot', async () => {
    const data = tempDir('switchyard-gcal-state-')
    const out = tempDir('switchyard-gcal-snap-')
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'google-calendar', 'acme', { scopes: SCOPES })
      const made = (await calendarThroughGateway(server, conn, key).events.insert(meeting('Kept'))).data
      const { nextSyncToken } = (
        await calendarThroughGateway(server, conn, key).events.list({ calendarId: 'primary' })
      ).data
      const file = join(out.dir, 'gcal.db')
      await server.core.snapshots.export(file)
      await calendarThroughGateway(server, conn, key).events.insert(meeting('After the snapshot'))
      await server.close()

      server = await startQuietServer(data.dir)
      const cal = calendarThroughGateway(server, conn, key)
      expect((await cal.events.get({ calendarId: 'primary', eventId: made.id! })).data).toEqual(made)
      const since = await cal.events.list({ calendarId: 'primary', syncToken: nextSyncToken! })
      expect(since.data.items!.map((e) => e.summary)).toEqual(['After the snapshot'])

      server.core.snapshots.import(file)
      const listed = await cal.events.list({ calendarId: 'primary' })
      expect(listed.data.items!.map((e) => e.summary)).toEqual(['Kept'])
      await server.close()
    } finally {
      data.cleanup()
      out.cleanup()
    }
  })
})

describe('seed demo, fixtures, the view and a reset', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('seed demo fills a Google Calendar account and the view shows it', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary['simulated_google-calendar_requests']).toBe(6)
    const [account] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'google-calendar'")
      .all() as Array<{ id: string }>
    const conn = account!.id
    const events = await proxyCall(t, conn, 'GET', `${EVENTS}?singleEvents=true&orderBy=startTime`)
    expect(events.items.map((e: { summary: string }) => e.summary)).toEqual([
      'Weekly planning',
      'Design review: checkout',
      'Customer call: Globex',
    ])
    expect(events.items[0].start).toEqual({ dateTime: '2026-12-01T10:00:00Z' })
    const res = await t.req('GET', `/api/connections/${conn}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Calendars', 'Events'])
    expect(view.sections[0]!.rows[0]![0]).toBe('admin@acme.example (primary)')
    expect(view.sections[1]!.rows.map((r) => r[4])).toEqual([
      'cancelled',
      'confirmed',
      'confirmed',
      'confirmed',
    ])
  })

  it('a fixture-declared connection answers, and a reset forgets its account', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [{ id: 'conn_acme_gcal', provider: 'google-calendar', tenant_id: 'fixture-co' }],
        },
      ],
    })
    const list = await proxyCall(t, 'conn_acme_gcal', 'GET', '/calendar/v3/users/me/calendarList')
    expect(list.items[0].id).toBe('admin@fixtureco.example')
    // The dashboard's example calls answer on a fresh account (proxyCall checks each is a 2xx).
    for (const call of googleCalendarSimulation.exampleCalls!)
      await proxyCall(t, 'conn_acme_gcal', call.method, call.path, call.body)
    const made = await proxyCall(t, 'conn_acme_gcal', 'POST', EVENTS, meeting('From a fixture').requestBody)
    expect(made).toMatchObject({ kind: 'calendar#event', summary: 'From a fixture' })
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'google-calendar'")
      .get() as { n: number }
    expect(left.n).toBe(0)
  })
})
