import type { calendar_v3 } from '@googleapis/calendar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { calendarThroughGateway, failure } from './google-calendar-client.js'
import { injectFault, simulatedConnect } from './helpers.js'

/**
 * `@googleapis/calendar`, unchanged but for its `rootUrl` and the secret key as its OAuth token,
 * against the simulated Google Calendar on a real gateway.
 */
const data = tempDir('switchyard-gcal-sdk-')
let server: RunningServer
let key: string
let conn: string
let cal: calendar_v3.Calendar

const SCOPES = ['https://www.googleapis.com/auth/calendar.events']
const event = (summary: string, start: string, end: string) => ({
  calendarId: 'primary',
  requestBody: { summary, start: { dateTime: start }, end: { dateTime: end } },
})
const faults = (id: string, fault: unknown) => injectFault(server, key, id, fault)

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  conn = await simulatedConnect(server, 'google-calendar', 'acme', { scopes: SCOPES })
  cal = calendarThroughGateway(server, conn, key)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@googleapis/calendar against the simulated Google Calendar', () => {
  it('calendarList.list: a new account has its primary calendar, id = its email', async () => {
    const { data: list } = await cal.calendarList.list()
    expect(list.kind).toBe('calendar#calendarList')
    expect(list.items).toHaveLength(1)
    expect(list.items![0]).toMatchObject({
      id: 'admin@acme.example',
      primary: true,
      accessRole: 'owner',
      timeZone: 'UTC',
    })
    expect(list.nextSyncToken).toEqual(expect.any(String))
    const { data: primary } = await cal.calendars.get({ calendarId: 'primary' })
    expect(primary.id).toBe('admin@acme.example')
    const { data: entry } = await cal.calendarList.get({ calendarId: 'admin@acme.example' })
    expect(entry.primary).toBe(true)
  })

  it('events insert, get, patch and delete change the calendar, with etags', async () => {
    const { data: made } = await cal.events.insert(
      event('Kick-off', '2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z'),
    )
    expect(made).toMatchObject({
      kind: 'calendar#event',
      status: 'confirmed',
      summary: 'Kick-off',
      organizer: { email: 'admin@acme.example', self: true },
      start: { dateTime: '2026-12-01T09:00:00Z' },
      sequence: 0,
    })
    expect(made.id).toMatch(/^[0-9a-v]{5,}$/)
    expect(made.etag).toMatch(/^"\d+"$/)
    expect(made.iCalUID).toBe(`${made.id}@google.com`)
    const { data: got } = await cal.events.get({ calendarId: 'admin@acme.example', eventId: made.id! })
    expect(got).toEqual(made)
    const cached = await cal.events.get(
      { calendarId: 'primary', eventId: made.id! },
      { headers: { 'If-None-Match': made.etag! } },
    )
    expect([cached.status, cached.headers.etag]).toEqual([304, made.etag])

    const { data: patched } = await cal.events.patch({
      calendarId: 'primary',
      eventId: made.id!,
      requestBody: {
        summary: 'Kick-off (moved)',
        location: 'Room 1',
        start: { dateTime: '2026-12-01T11:00:00+01:00' },
        end: { dateTime: '2026-12-01T11:30:00+01:00' },
      },
    })
    expect(patched).toMatchObject({ summary: 'Kick-off (moved)', sequence: 1, created: made.created })
    expect(patched.etag).not.toBe(made.etag)
    const stale = await failure(
      cal.events.patch(
        { calendarId: 'primary', eventId: made.id!, requestBody: { summary: 'lost update' } },
        { headers: { 'If-Match': made.etag! } },
      ),
    )
    expect(stale.status).toBe(412)
    expect(stale.error.errors[0]!.reason).toBe('conditionNotMet')
    const { data: replaced } = await cal.events.update({
      calendarId: 'primary',
      eventId: made.id!,
      requestBody: { summary: 'Kick-off', start: { date: '2026-12-02' }, end: { date: '2026-12-03' } },
    })
    expect(replaced).toMatchObject({ summary: 'Kick-off', start: { date: '2026-12-02' }, sequence: 2 })
    expect(replaced.location).toBeUndefined()

    const deleted = await cal.events.delete({ calendarId: 'primary', eventId: made.id! })
    expect(deleted.status).toBe(204)
    const { data: after } = await cal.events.get({ calendarId: 'primary', eventId: made.id! })
    expect(after).toMatchObject({ id: made.id, status: 'cancelled', summary: 'Kick-off' })
    const again = await failure(cal.events.delete({ calendarId: 'primary', eventId: made.id! }))
    expect(again.status).toBe(410)
    expect(again.error.errors[0]!.reason).toBe('deleted')
    const { data: listed } = await cal.events.list({ calendarId: 'primary' })
    expect(listed.items).toEqual([])
    const { data: withDeleted } = await cal.events.list({ calendarId: 'primary', showDeleted: true })
    expect(withDeleted.items!.map((e) => e.status)).toEqual(['cancelled'])
  })

  it('events.list pages with maxResults and pageToken, and bounds by timeMin/timeMax', async () => {
    for (let day = 10; day < 17; day++)
      await cal.events.insert(event(`Day ${day}`, `2026-12-${day}T09:00:00Z`, `2026-12-${day}T10:00:00Z`))
    const seen: string[] = []
    let pageToken: string | undefined
    let pages = 0
    let last: calendar_v3.Schema$Events | undefined
    do {
      const { data: page } = await cal.events.list({ calendarId: 'primary', maxResults: 3, pageToken })
      pages++
      seen.push(...page.items!.map((e) => e.summary!))
      expect(page.items!.length).toBeLessThanOrEqual(3)
      pageToken = page.nextPageToken ?? undefined
      if (pageToken) expect(page.nextSyncToken).toBeUndefined()
      last = page
    } while (pageToken)
    expect(pages).toBe(3)
    expect(seen).toEqual(['Day 10', 'Day 11', 'Day 12', 'Day 13', 'Day 14', 'Day 15', 'Day 16'])
    expect(last!.nextSyncToken).toEqual(expect.any(String))

    const { data: window } = await cal.events.list({
      calendarId: 'primary',
      timeMin: '2026-12-12T09:30:00Z',
      timeMax: '2026-12-14T09:00:00Z',
    })
    expect(window.items!.map((e) => e.summary)).toEqual(['Day 12', 'Day 13'])
  })

  it('singleEvents with orderBy=startTime orders by start; q searches the text', async () => {
    await cal.events.insert(event('Early bird', '2026-12-09T07:00:00Z', '2026-12-09T08:00:00Z'))
    const { data: ordered } = await cal.events.list({
      calendarId: 'primary',
      singleEvents: true,
      orderBy: 'startTime',
      maxResults: 2,
    })
    expect(ordered.items!.map((e) => e.summary)).toEqual(['Early bird', 'Day 10'])
    const refused = await failure(cal.events.list({ calendarId: 'primary', orderBy: 'startTime' }))
    expect(refused.status).toBe(400)
    expect(refused.error.errors[0]!.reason).toBe('badRequest')
    const { data: found } = await cal.events.list({ calendarId: 'primary', q: 'early' })
    expect(found.items!.map((e) => e.summary)).toEqual(['Early bird'])
    const { data: byUid } = await cal.events.list({
      calendarId: 'primary',
      iCalUID: found.items![0]!.iCalUID!,
    })
    expect(byUid.items!.map((e) => e.summary)).toEqual(['Early bird'])
  })

  it("errors arrive in Google's shape as the SDK raises them, and change nothing", async () => {
    const { data: start } = await cal.events.list({ calendarId: 'primary' })
    const before = start.items!.length
    const missing = await failure(cal.events.get({ calendarId: 'primary', eventId: 'nosuchevent1' }))
    expect(missing).toMatchObject({ status: 404, message: 'Not Found' })
    expect(missing.error).toMatchObject({ code: 404, status: 'NOT_FOUND' })
    expect(missing.error.errors[0]).toMatchObject({ domain: 'global', reason: 'notFound' })
    const noCalendar = await failure(cal.events.list({ calendarId: 'someone@else.example' }))
    expect(noCalendar.status).toBe(404)
    const noEnd = await failure(
      cal.events.insert({
        calendarId: 'primary',
        requestBody: { summary: 'x', start: { dateTime: '2026-12-01T09:00:00Z' } },
      }),
    )
    expect(noEnd).toMatchObject({ status: 400, message: 'Missing end time.' })
    expect(noEnd.error.errors[0]!.reason).toBe('required')
    const backwards = await failure(
      cal.events.insert(event('x', '2026-12-01T10:00:00Z', '2026-12-01T09:00:00Z')),
    )
    expect(backwards.error.errors[0]).toMatchObject({ domain: 'calendar', reason: 'timeRangeEmpty' })
    const empty = await failure(
      cal.events.list({
        calendarId: 'primary',
        timeMin: '2026-12-02T00:00:00Z',
        timeMax: '2026-12-01T00:00:00Z',
      }),
    )
    expect(empty.error.errors[0]).toMatchObject({ reason: 'timeRangeEmpty', location: 'timeMax' })
    const tooMany = await failure(cal.events.list({ calendarId: 'primary', maxResults: 5000 }))
    expect(tooMany.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'maxResults' })
    const taken = (await cal.events.list({ calendarId: 'primary', maxResults: 1 })).data.items![0]!.id!
    const duplicate = await failure(
      cal.events.insert({
        calendarId: 'primary',
        requestBody: { ...event('x', '2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z').requestBody, id: taken },
      }),
    )
    expect(duplicate.status).toBe(409)
    expect(duplicate.error.errors[0]!.reason).toBe('duplicate')
    const raw = await fetch(`${server.url}/proxy/${conn}/calendar/v3/calendars/primary/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"summary":',
    })
    expect(raw.status).toBe(400)
    expect(((await raw.json()) as { error: GoogleError }).error.errors[0]!.reason).toBe('parseError')
    expect((await cal.events.list({ calendarId: 'primary' })).data.items).toHaveLength(before)
    const since = await cal.events.list({ calendarId: 'primary', syncToken: start.nextSyncToken! })
    expect(since.data.items).toEqual([])
    const chosen = await cal.events.insert({
      calendarId: 'primary',
      requestBody: {
        ...event('Chosen id', '2026-12-20T09:00:00Z', '2026-12-20T10:00:00Z').requestBody,
        id: 'meetingabc0101',
      },
    })
    expect(chosen.data.id).toBe('meetingabc0101')
    expect((await cal.events.get({ calendarId: 'primary', eventId: 'meetingabc0101' })).data.summary).toBe(
      'Chosen id',
    )
  })

  it('faults: rate_limit is a 429 rateLimitExceeded (the SDK retries it), server_error, revoked access a 401', async () => {
    const other = await simulatedConnect(server, 'google-calendar', 'faulty', { scopes: SCOPES })
    const strict = calendarThroughGateway(server, other, key, { retry: false })
    expect((await faults(other, { kind: 'rate_limit', count: 1 })).status).toBeLessThan(300)
    const limited = await failure(strict.calendarList.list())
    expect(limited.status).toBe(429)
    expect(limited.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' })
    expect(limited.error.errors[0]).toMatchObject({ domain: 'usageLimits', reason: 'rateLimitExceeded' })
    // The SDK's own retry (gaxios) rides out a single rate limit.
    expect((await faults(other, { kind: 'rate_limit', count: 1 })).status).toBeLessThan(300)
    const retried = await calendarThroughGateway(server, other, key).calendarList.list()
    expect(retried.data.items![0]!.id).toBe('admin@faulty.example')
    expect((await faults(other, { kind: 'server_error', count: 1, status: 503 })).status).toBeLessThan(300)
    const down = await failure(strict.calendarList.list())
    expect(down.status).toBe(503)
    expect(down.error.errors[0]!.reason).toBe('backendError')
    expect((await faults(other, { kind: 'latency', ms: 5, count: 1 })).status).toBeLessThan(300)
    expect((await strict.calendarList.list()).status).toBe(200)
    expect((await faults(other, { kind: 'revoke_access' })).status).toBeLessThan(300)
    const revoked = await failure(strict.calendarList.list())
    expect(revoked.status).toBe(401)
    expect(revoked.error.errors[0]).toMatchObject({ reason: 'authError', location: 'Authorization' })
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })

  it('expire_token: the proxy refreshes the simulated token and the call goes through', async () => {
    const other = await simulatedConnect(server, 'google-calendar', 'expiring', { scopes: SCOPES })
    const client = calendarThroughGateway(server, other, key, { retry: false })
    expect((await faults(other, { kind: 'expire_token' })).status).toBeLessThan(300)
    expect((await client.calendarList.list()).data.items![0]!.id).toBe('admin@expiring.example')
    const badKey = await failure(
      calendarThroughGateway(server, other, 'sk_nope', { retry: false }).calendarList.list(),
    )
    expect(badKey.status).toBe(401)
  })
})

type GoogleError = { errors: Array<{ reason: string }> }
