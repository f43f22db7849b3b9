import type { calendar_v3 } from '@googleapis/calendar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import type { RunningServer } from '../../src/server/index.js'
import { createTestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { calendarThroughGateway, failure } from './google-calendar-client.js'
import { simulatedConnect } from './helpers.js'

/** Incremental sync with `@googleapis/calendar`: `nextSyncToken`, then only the changes since. */
const data = tempDir('switchyard-gcal-sync-')
let server: RunningServer
let cal: calendar_v3.Calendar
let conn: string

const SCOPES = ['https://www.googleapis.com/auth/calendar.events']
const at = (day: number, hour: number) =>
  `2026-12-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`
const insert = (summary: string, day: number) =>
  cal.events.insert({
    calendarId: 'primary',
    requestBody: { summary, start: { dateTime: at(day, 9) }, end: { dateTime: at(day, 10) } },
  })

/** Every page of a list (full or incremental), as a client's sync loop reads it. */
async function syncAll(params: calendar_v3.Params$Resource$Events$List) {
  const items: calendar_v3.Schema$Event[] = []
  let pageToken: string | undefined
  for (;;) {
    const { data: page } = await cal.events.list({ calendarId: 'primary', ...params, pageToken })
    items.push(...page.items!)
    if (!page.nextPageToken) return { items, nextSyncToken: page.nextSyncToken! }
    pageToken = page.nextPageToken
  }
}

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  conn = await simulatedConnect(server, 'google-calendar', 'acme', { scopes: SCOPES })
  cal = calendarThroughGateway(server, conn, firstSecretKey(server))
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('incremental sync of the simulated Google Calendar', () => {
  it('a sync token lists only what changed since, deleted events as cancelled', async () => {
    const made = []
    for (let day = 1; day <= 5; day++) made.push((await insert(`Meeting ${day}`, day)).data)
    const full = await syncAll({ maxResults: 2 })
    expect(full.items.map((e) => e.summary)).toEqual([
      'Meeting 1',
      'Meeting 2',
      'Meeting 3',
      'Meeting 4',
      'Meeting 5',
    ])

    await insert('Meeting 6', 6)
    await cal.events.patch({
      calendarId: 'primary',
      eventId: made[1]!.id!,
      requestBody: { summary: 'Meeting 2, renamed' },
    })
    await cal.events.delete({ calendarId: 'primary', eventId: made[3]!.id! })
    const changes = await syncAll({ syncToken: full.nextSyncToken, maxResults: 2 })
    expect(changes.items.map((e) => [e.summary, e.status])).toEqual([
      ['Meeting 2, renamed', 'confirmed'],
      ['Meeting 4', 'cancelled'],
      ['Meeting 6', 'confirmed'],
    ])
    expect(changes.nextSyncToken).not.toBe(full.nextSyncToken)

    const none = await cal.events.list({ calendarId: 'primary', syncToken: changes.nextSyncToken })
    expect(none.data.items).toEqual([])
    expect(none.data.nextSyncToken).toEqual(expect.any(String))
    // The first token still works: it names a change, not a stored cursor.
    expect((await syncAll({ syncToken: full.nextSyncToken })).items).toHaveLength(3)
  })

  it('an unknown or foreign sync token is 410 fullSyncRequired; filters beside one are a 400', async () => {
    const unknown = await failure(
      cal.events.list({ calendarId: 'primary', syncToken: 'CPDAlvWDx70CEPDAlvWDx70CGAU=' }),
    )
    expect(unknown.status).toBe(410)
    expect(unknown.error).toMatchObject({
      code: 410,
      message: 'Sync token is no longer valid, a full sync is required.',
    })
    expect(unknown.error.errors[0]).toMatchObject({ reason: 'fullSyncRequired', location: 'syncToken' })
    const other = await simulatedConnect(server, 'google-calendar', 'other', { scopes: SCOPES })
    const otherCal = calendarThroughGateway(server, other, firstSecretKey(server))
    const foreign = (await otherCal.events.list({ calendarId: 'primary' })).data.nextSyncToken!
    expect((await failure(cal.events.list({ calendarId: 'primary', syncToken: foreign }))).status).toBe(410)
    const token = (await cal.events.list({ calendarId: 'primary' })).data.nextSyncToken!
    const mixed = await failure(
      cal.events.list({ calendarId: 'primary', syncToken: token, timeMin: at(1, 0) }),
    )
    expect(mixed.status).toBe(400)
    expect(mixed.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'timeMin' })
    const badPage = await failure(cal.events.list({ calendarId: 'primary', pageToken: 'not-a-page' }))
    expect(badPage.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'pageToken' })
  })

  it('calendarList has a sync token too; nothing changes in it', async () => {
    const { data: list } = await cal.calendarList.list()
    const { data: again } = await cal.calendarList.list({ syncToken: list.nextSyncToken! })
    expect(again.items).toEqual([])
    expect((await failure(cal.calendarList.list({ syncToken: 'bogus' }))).status).toBe(410)
  })
})

describe('sync tokens lapse', () => {
  it('a token older than 30 days is 410 fullSyncRequired (manual clock)', async () => {
    const t = await createTestApp()
    try {
      fixturesOf(t.core).apply({
        workspaces: [
          {
            name: 'default',
            connections: [{ id: 'conn_gcal', provider: 'google-calendar', tenant_id: 'acme' }],
          },
        ],
      })
      // The simulation's own requests (as `seed` runs them): the token rule is not what is tested.
      const list = (query: string) =>
        t.core.simulation.seed(t.workspaceId, 'conn_gcal', [
          { method: 'GET', path: `/calendar/v3/calendars/primary/events${query}` },
        ])[0]!.body as { nextSyncToken: string }
      const { nextSyncToken } = list('')
      t.clock.advance(29 * 86_400_000)
      expect(list(`?syncToken=${nextSyncToken}`).nextSyncToken).toEqual(expect.any(String))
      t.clock.advance(2 * 86_400_000)
      expect(() => list(`?syncToken=${nextSyncToken}`)).toThrow(/answered 410: .*fullSyncRequired/)
    } finally {
      t.close()
    }
  })
})
