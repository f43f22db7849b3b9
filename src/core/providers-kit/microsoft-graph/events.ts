import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer, queryOf } from '../kit/http.js'
import {
  allOf,
  badRequest,
  bodyOf,
  type Ctx,
  collection,
  isoOf,
  type Json,
  load,
  newId,
  notFound,
  ok,
  publicOf,
} from './context.js'
import { commit } from './notify.js'

type When = { dateTime: string; timeZone: string }
const isWhen = (v: unknown): v is When =>
  typeof (v as When | null)?.dateTime === 'string' &&
  !Number.isNaN(Date.parse((v as When).dateTime)) &&
  typeof (v as When).timeZone === 'string'
/** A `dateTimeTimeZone` as Graph writes it back: seven fraction digits. */
const normal = (w: When): When => ({
  dateTime: new Date(Date.parse(w.dateTime.endsWith('Z') ? w.dateTime : `${w.dateTime}Z`))
    .toISOString()
    .replace(/\.(\d{3})Z$/, '.$10000'),
  timeZone: w.timeZone,
})

/** Why an event body is refused, or undefined. */
function problemOf(input: Record<string, unknown>, partial: boolean): string | undefined {
  if (input.subject !== undefined && typeof input.subject !== 'string')
    return "Invalid value for property 'subject'."
  for (const f of ['start', 'end'] as const) {
    if (input[f] === undefined && partial) continue
    if (!isWhen(input[f]))
      return `Property '${f}' is required and must be a dateTimeTimeZone ({dateTime, timeZone}).`
  }
  if (input.attendees !== undefined && !Array.isArray(input.attendees))
    return "Invalid value for property 'attendees'."
  return undefined
}

const endsBeforeStart = (e: Json) =>
  Date.parse(`${(e.end as When).dateTime}Z`) < Date.parse(`${(e.start as When).dateTime}Z`)

/** Stores a changed event and tells the subscriptions. */
const commitEvent = (ctx: Ctx, event: Json, change: 'created' | 'updated' | 'deleted') =>
  commit(ctx, 'event', '', event, change)

const findEvent = (ctx: Ctx, id: string | undefined) => {
  const found = load(ctx, 'event', '', id)
  return found && !found._removed ? found : undefined
}

/** `POST /me/events`: 201 with the event (the mailbox's owner organizes it). */
export function createEvent(ctx: Ctx): ProxyAnswer {
  const input = bodyOf(ctx)
  if (isAnswer(input)) return input
  const problem = problemOf(input, false)
  if (problem) return badRequest(ctx, problem)
  const { id } = newId(ctx, 'event')
  const now = isoOf(ctx.nowMs)
  const me = { emailAddress: { name: ctx.state.user.displayName, address: ctx.state.user.mail } }
  const body = (input.body ?? { contentType: 'text', content: '' }) as {
    contentType?: string
    content?: string
  }
  const event: Json = {
    '@odata.etag': `W/"DwAAABYAAAD${ctx.ids.hex(8)}"`,
    id,
    createdDateTime: now,
    lastModifiedDateTime: now,
    categories: [],
    iCalUId: `040000008200E00074C5B7101A82E008${ctx.ids.hex(16).toUpperCase()}`,
    reminderMinutesBeforeStart: 15,
    isReminderOn: true,
    hasAttachments: false,
    subject: (input.subject as string | undefined) ?? '',
    bodyPreview: String(body.content ?? '').slice(0, 255),
    importance: 'normal',
    sensitivity: 'normal',
    isAllDay: input.isAllDay === true,
    isCancelled: false,
    isOrganizer: true,
    responseRequested: true,
    showAs: 'busy',
    type: 'singleInstance',
    webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
    isOnlineMeeting: false,
    onlineMeeting: null,
    responseStatus: { response: 'organizer', time: '0001-01-01T00:00:00Z' },
    body: { contentType: body.contentType === 'html' ? 'html' : 'text', content: String(body.content ?? '') },
    start: normal(input.start as When),
    end: normal(input.end as When),
    location: {
      displayName: String((input.location as { displayName?: string } | undefined)?.displayName ?? ''),
      locationType: 'default',
    },
    locations: [],
    attendees: ((input.attendees as unknown[] | undefined) ?? []).map((a) => ({
      type: 'required',
      status: { response: 'none', time: '0001-01-01T00:00:00Z' },
      ...(a as object),
    })),
    organizer: me,
  }
  if (endsBeforeStart(event)) return badRequest(ctx, 'The end of the event must be after its start.')
  commitEvent(ctx, event, 'created')
  return ok(ctx, publicOf(event), 201)
}

/** `GET /me/events`: by start time, `$top` (10 by default), `$skip`, `$select`. */
export function listEvents(ctx: Ctx): ProxyAnswer {
  if (queryOf(ctx.call).has('$filter'))
    return badRequest(
      ctx,
      'The simulated calendar does not filter events; use /me/events with $top and $skip.',
      'BadRequest',
    )
  const items = allOf(ctx, 'event', '').sort(
    (a, b) =>
      String((a.start as When).dateTime).localeCompare(String((b.start as When).dateTime)) ||
      String(a.id).localeCompare(String(b.id)),
  )
  return collection(ctx, items, `users('${ctx.state.user.id}')/events`)
}

export function getEvent(ctx: Ctx): ProxyAnswer {
  const event = findEvent(ctx, ctx.params.id)
  return event ? ok(ctx, publicOf(event)) : notFound(ctx)
}

/** `PATCH /me/events/{id}`: subject, body, start, end, location. */
export function updateEvent(ctx: Ctx): ProxyAnswer {
  const event = findEvent(ctx, ctx.params.id)
  if (!event) return notFound(ctx)
  const input = bodyOf(ctx)
  if (isAnswer(input)) return input
  const problem = problemOf(input, true)
  if (problem) return badRequest(ctx, problem)
  const next: Json = { ...event, lastModifiedDateTime: isoOf(ctx.nowMs) }
  if (typeof input.subject === 'string') next.subject = input.subject
  if (input.start) next.start = normal(input.start as When)
  if (input.end) next.end = normal(input.end as When)
  if (input.location)
    next.location = {
      displayName: String((input.location as { displayName?: string }).displayName ?? ''),
      locationType: 'default',
    }
  if (endsBeforeStart(next)) return badRequest(ctx, 'The end of the event must be after its start.')
  commitEvent(ctx, next, 'updated')
  return ok(ctx, publicOf(next))
}

export function deleteEvent(ctx: Ctx): ProxyAnswer {
  const event = findEvent(ctx, ctx.params.id)
  if (!event) return notFound(ctx)
  commitEvent(ctx, { ...event, _removed: true }, 'deleted')
  return ok(ctx, null, 204)
}
