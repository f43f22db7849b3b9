import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer, queryOf } from '../kit/http.js'
import { orderBy } from '../kit/listing.js'
import { allEvents, type Ctx, calendarOf, etagOf, instantParam, isoMs, ok } from './context.js'
import { fullSyncRequired, googleError, invalid, notFound, timeRangeEmpty } from './errors.js'
import type { StoredEvent } from './state.js'
import {
  changeOfSyncToken,
  fingerprintOf,
  type PagePosition,
  pageTokenOf,
  positionOf,
  syncTokenOf,
} from './sync.js'

/** Parameters Google refuses beside a `syncToken` (the changes must be the whole calendar's). */
const NOT_WITH_SYNC = [
  'orderBy',
  'q',
  'timeMin',
  'timeMax',
  'updatedMin',
  'iCalUID',
  'privateExtendedProperty',
  'sharedExtendedProperty',
]

export const DEFAULT_REMINDERS = [{ method: 'popup', minutes: 10 }]

/** `maxResults` within 1–`max` (`fallback` when absent), else Google's 400. */
export function maxResultsOf(query: URLSearchParams, fallback: number, max: number): number | ProxyAnswer {
  const raw = query.get('maxResults')
  if (raw === null) return fallback
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(n >= 1 && n <= max))
    return invalid(`Invalid value '${raw}'. Values must be within the range: [1, ${max}]`, 'maxResults')
  return n
}

function boolParam(query: URLSearchParams, name: string): boolean | ProxyAnswer {
  const raw = query.get(name)
  if (raw === null || raw === 'false') return false
  return raw === 'true' ? true : invalid(`Invalid boolean value: '${raw}'`, name)
}

/** The events a full (not incremental) list shows: the filters of its query, in its order. */
function filtered(events: StoredEvent[], query: URLSearchParams): StoredEvent[] | ProxyAnswer {
  const times: Record<string, number | undefined> = {}
  for (const name of ['timeMin', 'timeMax', 'updatedMin']) {
    const at = instantParam(query.get(name))
    if (at === null) return invalid(`Invalid value for: ${name}`, name)
    times[name] = at
  }
  const { timeMin, timeMax, updatedMin } = times
  if (timeMin !== undefined && timeMax !== undefined && timeMin >= timeMax) return timeRangeEmpty('timeMax')
  const showDeleted = boolParam(query, 'showDeleted')
  const singleEvents = boolParam(query, 'singleEvents')
  if (typeof showDeleted !== 'boolean') return showDeleted
  if (typeof singleEvents !== 'boolean') return singleEvents
  const order = query.get('orderBy')
  if (order !== null && order !== 'startTime' && order !== 'updated')
    return invalid(`Invalid value for: orderBy`, 'orderBy')
  if (order === 'startTime' && !singleEvents)
    return googleError(400, {
      reason: 'badRequest',
      message: 'The requested ordering is not available for the particular query.',
    })
  const uid = query.get('iCalUID')
  const text = query.get('q')?.toLowerCase()
  const matches = (s: StoredEvent) =>
    !text ||
    ['summary', 'description', 'location'].some((f) =>
      String(s.event[f] ?? '')
        .toLowerCase()
        .includes(text),
    )
  const kept = events.filter(
    (s) =>
      (showDeleted || s.event.status !== 'cancelled') &&
      (uid === null || s.event.iCalUID === uid) &&
      (timeMin === undefined || s.endMs > timeMin) &&
      (timeMax === undefined || s.startMs < timeMax) &&
      (updatedMin === undefined || Date.parse(String(s.event.updated)) >= updatedMin) &&
      matches(s),
  )
  if (order === 'startTime') return orderBy(kept, (s) => [s.startMs, s.num], 'asc')
  if (order === 'updated') return orderBy(kept, (s) => [s.change], 'asc')
  return kept
}

/** Where this call's page starts: a page token's position, a sync token's change, or the start. */
function positionOfCall(ctx: Ctx, query: URLSearchParams, print: string): PagePosition | ProxyAnswer {
  const pageToken = query.get('pageToken')
  const syncToken = query.get('syncToken')
  if (syncToken !== null)
    for (const name of NOT_WITH_SYNC)
      if (query.has(name)) return invalid(`Sync token cannot be used with the '${name}' parameter.`, name)
  if (pageToken) return positionOf(pageToken, print) ?? invalid('Invalid page token value.', 'pageToken')
  if (syncToken === null) return { offset: 0, snapshot: ctx.state.changes, since: null }
  const since = changeOfSyncToken(ctx.state, 'events', syncToken, ctx.nowMs)
  return since === null ? fullSyncRequired() : { offset: 0, snapshot: ctx.state.changes, since }
}

/**
 * `GET …/calendars/{calendarId}/events`: `maxResults` (250, at most 2500) per page with
 * `nextPageToken`; the last page has `nextSyncToken`, and that token as `syncToken` lists only
 * what changed since, deleted events as `status: "cancelled"`.
 */
export function listEvents(ctx: Ctx): ProxyAnswer {
  const email = calendarOf(ctx)
  if (!email) return notFound()
  const query = queryOf(ctx.call)
  const max = maxResultsOf(query, 250, 2500)
  if (typeof max !== 'number') return max
  const print = fingerprintOf(query)
  const position = positionOfCall(ctx, query, print)
  if (isAnswer(position)) return position
  const events = allEvents(ctx)
  const { since } = position
  const listed = since === null ? filtered(events, query) : events.filter((s) => s.change > since)
  if (!Array.isArray(listed)) return listed
  const page = listed.slice(position.offset, position.offset + max)
  const more = position.offset + max < listed.length
  const lastChange = events.reduce(
    (m, s) => Math.max(m, Date.parse(String(s.event.updated))),
    ctx.state.created_ms,
  )
  return ok({
    kind: 'calendar#events',
    etag: etagOf(lastChange, ctx.state.changes),
    summary: email,
    description: '',
    updated: isoMs(lastChange),
    timeZone: ctx.state.timeZone,
    accessRole: 'owner',
    defaultReminders: DEFAULT_REMINDERS,
    ...(more
      ? { nextPageToken: pageTokenOf({ ...position, offset: position.offset + max }, print) }
      : { nextSyncToken: syncTokenOf(ctx.state, 'events', position.snapshot, ctx.nowMs) }),
    items: page.map((s) => s.event),
  })
}
