import { routeTable } from '../kit/routes.js'
import { getCalendar, getCalendarListEntry, listCalendars } from './calendars.js'
import { deleteEvent, getEvent, insertEvent, patchEvent, updateEvent } from './events.js'
import { listEvents } from './list.js'
import type { GcalState } from './state.js'

const V3 = '/calendar/v3'

/** The simulated Calendar API v3: the calendar list, the calendar and its events. */
export const route = routeTable<GcalState>([
  ['GET', `${V3}/users/me/calendarList`, listCalendars],
  ['GET', `${V3}/users/me/calendarList/:calendarId`, getCalendarListEntry],
  ['GET', `${V3}/calendars/:calendarId`, getCalendar],
  ['GET', `${V3}/calendars/:calendarId/events`, listEvents],
  ['POST', `${V3}/calendars/:calendarId/events`, insertEvent],
  ['GET', `${V3}/calendars/:calendarId/events/:eventId`, getEvent],
  ['PATCH', `${V3}/calendars/:calendarId/events/:eventId`, patchEvent],
  ['PUT', `${V3}/calendars/:calendarId/events/:eventId`, updateEvent],
  ['DELETE', `${V3}/calendars/:calendarId/events/:eventId`, deleteEvent],
])
