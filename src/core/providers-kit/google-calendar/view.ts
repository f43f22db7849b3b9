import type { ProviderSimulation } from '../kit/provider-kit.js'
import { type GcalState, PRIMARY, type StoredEvent } from './state.js'

type View = Required<Pick<ProviderSimulation<GcalState>, 'accountView' | 'exampleCalls'>>

/** The most events the view shows (newest first); the API panel lists the rest. */
const SHOWN = 50

const when = (time: unknown) => {
  const t = (time ?? {}) as { date?: string; dateTime?: string }
  return t.dateTime ?? t.date ?? ''
}

/** The primary calendar and its events (cancelled ones too, as a sync sees them). */
export const googleCalendarAccountView: View['accountView'] = (objects, state) => {
  const events = objects
    .page('event', PRIMARY, null, SHOWN, 0)
    .rows.map((r) => (JSON.parse(r) as StoredEvent).event)
  return [
    {
      title: 'Calendars',
      columns: ['Id', 'Time zone', 'Access role', 'Changes'],
      rows: [[`${state.email} (primary)`, state.timeZone, 'owner', String(state.changes)]],
    },
    {
      title: 'Events',
      columns: ['Id', 'Summary', 'Start', 'End', 'Status'],
      rows: events.map((e) => [e.id, String(e.summary ?? ''), when(e.start), when(e.end), e.status]),
    },
  ]
}

export const googleCalendarExampleCalls: View['exampleCalls'] = [
  { label: 'Calendar list', method: 'GET', path: '/calendar/v3/users/me/calendarList' },
  {
    label: 'Upcoming events by start time',
    method: 'GET',
    path: '/calendar/v3/calendars/primary/events?singleEvents=true&orderBy=startTime&maxResults=10',
  },
  {
    label: 'Create an event',
    method: 'POST',
    path: '/calendar/v3/calendars/primary/events',
    body: {
      summary: 'Works offline',
      start: { dateTime: '2026-12-07T10:00:00Z' },
      end: { dateTime: '2026-12-07T10:30:00Z' },
    },
  },
]
