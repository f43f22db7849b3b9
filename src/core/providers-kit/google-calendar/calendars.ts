import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import { type Ctx, calendarOf, etagOf, ok } from './context.js'
import { fullSyncRequired, notFound } from './errors.js'
import { DEFAULT_REMINDERS, maxResultsOf } from './list.js'
import type { GcalState } from './state.js'
import { changeOfSyncToken, syncTokenOf } from './sync.js'

const CONFERENCE = { allowedConferenceSolutionTypes: ['hangoutsMeet'] }

/** The primary calendar as `calendars.get` returns it. */
const calendarResource = (state: GcalState) => ({
  kind: 'calendar#calendar',
  etag: etagOf(state.created_ms, 0),
  id: state.email,
  summary: state.email,
  timeZone: state.timeZone,
  conferenceProperties: CONFERENCE,
})

/** The primary calendar as an entry of the user's calendar list. */
const entryOf = (state: GcalState) => ({
  ...calendarResource(state),
  kind: 'calendar#calendarListEntry',
  colorId: '14',
  backgroundColor: '#9fe1e7',
  foregroundColor: '#000000',
  selected: true,
  accessRole: 'owner',
  defaultReminders: DEFAULT_REMINDERS,
  notificationSettings: {
    notifications: ['eventCreation', 'eventChange', 'eventCancellation', 'eventResponse'].map((type) => ({
      type,
      method: 'email',
    })),
  },
  primary: true,
})

/**
 * `GET /calendar/v3/users/me/calendarList`: the one (primary) calendar, with a `nextSyncToken`;
 * the list never changes, so a sync token's list is empty.
 */
export function listCalendars(ctx: Ctx): ProxyAnswer {
  const query = queryOf(ctx.call)
  const max = maxResultsOf(query, 100, 250)
  if (typeof max !== 'number') return max
  const syncToken = query.get('syncToken')
  if (syncToken !== null && changeOfSyncToken(ctx.state, 'calendarList', syncToken, ctx.nowMs) === null)
    return fullSyncRequired()
  return ok({
    kind: 'calendar#calendarList',
    etag: etagOf(ctx.state.created_ms, 1),
    nextSyncToken: syncTokenOf(ctx.state, 'calendarList', 0, ctx.nowMs),
    items: syncToken === null ? [entryOf(ctx.state)] : [],
  })
}

/** `GET /calendar/v3/users/me/calendarList/{calendarId}` (`primary` or the account's email). */
export const getCalendarListEntry = (ctx: Ctx): ProxyAnswer =>
  calendarOf(ctx) ? ok(entryOf(ctx.state)) : notFound()

/** `GET /calendar/v3/calendars/{calendarId}`. */
export const getCalendar = (ctx: Ctx): ProxyAnswer =>
  calendarOf(ctx) ? ok(calendarResource(ctx.state)) : notFound()
