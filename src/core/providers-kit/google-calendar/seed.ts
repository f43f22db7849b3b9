import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const EVENTS = '/calendar/v3/calendars/primary/events'
const at = (day: number, hour: number) =>
  `2026-12-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`

const MEETINGS: ReadonlyArray<{
  summary: string
  day: number
  hour: number
  hours: number
  location?: string
}> = [
  { summary: 'Weekly planning', day: 1, hour: 9, hours: 1, location: 'Room 4' },
  { summary: 'Design review: checkout', day: 2, hour: 14, hours: 2 },
  { summary: 'Customer call: Globex', day: 3, hour: 16, hours: 1, location: 'Google Meet' },
  { summary: 'Retro', day: 4, hour: 15, hours: 1 },
]

/**
 * `seed demo`'s simulated Google Calendar: meetings on the primary calendar, one moved and one
 * cancelled (so an incremental sync has an update and a deletion to show), made through its API.
 */
export const googleCalendarSeed: DemoSeed = {
  label: 'Google Calendar',
  made: 'events, one moved and one cancelled',
  scopes: ['https://www.googleapis.com/auth/calendar.events'],
  own: { tenant: 'acme' },
  fill(run) {
    const created = run(
      MEETINGS.map(
        (m): SeedRequest => ({
          method: 'POST',
          path: EVENTS,
          body: {
            summary: m.summary,
            ...(m.location && { location: m.location }),
            start: { dateTime: at(m.day, m.hour) },
            end: { dateTime: at(m.day, m.hour + m.hours) },
          },
        }),
      ),
    )
    const [planning, , , retro] = created.map((c) => (c.body as { id: string }).id)
    const changed = run([
      {
        method: 'PATCH',
        path: `${EVENTS}/${planning}`,
        body: { start: { dateTime: at(1, 10) }, end: { dateTime: at(1, 11) } },
      },
      { method: 'DELETE', path: `${EVENTS}/${retro}` },
    ])
    return created.length + changed.length
  },
}
