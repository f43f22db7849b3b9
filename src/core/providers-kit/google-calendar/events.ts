import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import {
  bodyOf,
  type Ctx,
  calendarOf,
  etagOf,
  isAnswer,
  isoMs,
  type Json,
  loadEvent,
  newEvent,
  nextChange,
  ok,
  saveEvent,
} from './context.js'
import { gone, googleError, googleHeaders, invalid, notFound } from './errors.js'
import { eventInputOf } from './event-input.js'
import { type EventFields, type StoredEvent, validChosenId } from './state.js'

/** The fields Google computes; a client's values for them are ignored. */
const MANAGED = [
  'kind',
  'etag',
  'id',
  'htmlLink',
  'created',
  'updated',
  'creator',
  'organizer',
  'iCalUID',
  'sequence',
]

const headerOf = (ctx: Ctx, name: string) => ctx.call.headers.find(([n]) => n.toLowerCase() === name)?.[1]

/** The stored event the path names on the account's calendar, or Google's 404. */
function target(ctx: Ctx): StoredEvent | ProxyAnswer {
  if (!calendarOf(ctx)) return notFound()
  return loadEvent(ctx, ctx.params.eventId) ?? notFound()
}

/** A changed event saved under the next change, with a new etag and `updated`. */
type Changed = Omit<StoredEvent, 'event'>

function commit(ctx: Ctx, stored: Changed, event: EventFields): StoredEvent {
  const change = nextChange(ctx)
  ctx.saveState(ctx.state)
  const next = {
    ...stored,
    change,
    event: { ...event, etag: etagOf(ctx.nowMs, change), updated: isoMs(ctx.nowMs) },
  }
  saveEvent(ctx, next)
  return next
}

/** `POST …/calendars/{calendarId}/events`: a new event, or 409 when a chosen `id` is taken. */
export function insertEvent(ctx: Ctx): ProxyAnswer {
  const calendarId = calendarOf(ctx)
  if (!calendarId) return notFound()
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const chosen = body.id
  if (chosen !== undefined && (typeof chosen !== 'string' || !validChosenId(chosen)))
    return invalid('Invalid resource id value.')
  if (typeof chosen === 'string' && loadEvent(ctx, chosen))
    return googleError(409, { reason: 'duplicate', message: 'The requested identifier already exists.' })
  const input = eventInputOf(ctx, body)
  if (isAnswer(input)) return input
  const { num, id } = newEvent(ctx, chosen as string | undefined)
  const self = { email: calendarId, self: true }
  const event = {
    kind: 'calendar#event',
    id,
    status: 'confirmed' as const,
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendarId}`).toString('base64url')}`,
    created: isoMs(ctx.nowMs),
    creator: self,
    organizer: self,
    ...input.fields,
    iCalUID: `${id}@google.com`,
    sequence: 0,
    reminders: { useDefault: true },
    eventType: 'default',
  }
  const stored = commit(ctx, { num, change: 0, startMs: input.startMs, endMs: input.endMs }, event)
  return ok(stored.event)
}

/**
 * `GET …/events/{eventId}`: a deleted event is still there, with `status: "cancelled"`. Its etag is
 * also the `ETag` header, and an `If-None-Match` naming it is a 304 without a body.
 */
export function getEvent(ctx: Ctx): ProxyAnswer {
  const stored = target(ctx)
  if (isAnswer(stored)) return stored
  const { etag } = stored.event
  const headers: HeaderList = [...googleHeaders(), ['etag', etag]]
  if (headerOf(ctx, 'if-none-match') === etag) return answer(304, null, headers)
  return answer(200, stored.event, headers)
}

/** PATCH merges the body over the event (null clears a field); PUT replaces what a client sets. */
function change(ctx: Ctx, merge: boolean): ProxyAnswer {
  const stored = target(ctx)
  if (isAnswer(stored)) return stored
  if (stored.event.status === 'cancelled') return gone()
  const ifMatch = headerOf(ctx, 'if-match')
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== stored.event.etag)
    return googleError(412, { reason: 'conditionNotMet', message: 'Precondition Failed' })
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const kept: Json = Object.fromEntries(
    Object.entries(stored.event).filter(
      ([k]) => MANAGED.includes(k) || k === 'reminders' || k === 'eventType',
    ),
  )
  const base: Json = merge ? { ...stored.event, ...body } : { ...body }
  const input = eventInputOf(ctx, base)
  if (isAnswer(input)) return input
  const moved = input.startMs !== stored.startMs || input.endMs !== stored.endMs
  const event: EventFields = {
    ...kept,
    ...input.fields,
    id: stored.event.id,
    status: (input.fields.status as 'confirmed' | 'tentative' | undefined) ?? 'confirmed',
    sequence: Number(stored.event.sequence ?? 0) + (moved ? 1 : 0),
  }
  const next = commit(ctx, { ...stored, startMs: input.startMs, endMs: input.endMs }, event)
  return ok(next.event)
}

export const patchEvent = (ctx: Ctx) => change(ctx, true)
export const updateEvent = (ctx: Ctx) => change(ctx, false)

/** `DELETE …/events/{eventId}`: 204; the event stays as `cancelled` for sync; again is 410 `deleted`. */
export function deleteEvent(ctx: Ctx): ProxyAnswer {
  const stored = target(ctx)
  if (isAnswer(stored)) return stored
  if (stored.event.status === 'cancelled') return gone()
  commit(ctx, stored, { ...stored.event, status: 'cancelled' })
  return answer(204, null, googleHeaders())
}
