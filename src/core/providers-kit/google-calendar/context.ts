import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, isAnswer, jsonBodyOf } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { googleError, googleHeaders } from './errors.js'
import { eventIdOf, eventNumOf, type GcalState, isOwnCalendar, PRIMARY, type StoredEvent } from './state.js'

export type Ctx = SimulationContext<GcalState>
export type Json = Record<string, unknown>

export const ok = (body: unknown, status = 200) => answer(status, body, googleHeaders())

/** The path's calendar id, decoded; the account's email for `primary`; undefined for another calendar. */
export function calendarOf(ctx: Ctx): string | undefined {
  const raw = ctx.params.calendarId ?? ''
  let id: string
  try {
    id = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  return isOwnCalendar(ctx.state, id) ? ctx.state.email : undefined
}

/** The call's JSON object body, or Google's `parseError` answer. */
export function bodyOf(ctx: Ctx): Json | ProxyAnswer {
  return jsonBodyOf<Json>(
    ctx.call,
    (p) =>
      p.kind === 'empty'
        ? googleError(400, { reason: 'required', message: 'Required' })
        : googleError(400, { reason: 'parseError', message: 'Parse Error' }),
    { objectOnly: true },
  )
}
export { isAnswer }

/** RFC 3339 with a zone offset (`timeMin`, `timeMax`, `updatedMin`); undefined when absent, null when not one. */
export function instantParam(value: string | null): number | undefined | null {
  if (value === null) return undefined
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

/** The offset of a named zone at an instant, in ms (Intl knows the zones); null for an unknown zone. */
function zoneOffsetMs(timeZone: string, atMs: number): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(atMs)
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - atMs
  } catch {
    return null
  }
}

/**
 * The instant an event's `start`/`end` names: a `dateTime` with an offset, one without it in its
 * `timeZone` (or the calendar's), or an all-day `date` at midnight in the calendar's zone (UTC).
 * A string saying what is wrong when it names none.
 */
export function instantOf(time: unknown, which: 'start' | 'end', calendarZone: string): number | string {
  if (!time || typeof time !== 'object') return `Missing ${which} time.`
  const { date, dateTime, timeZone } = time as Json
  if (typeof dateTime === 'string') {
    if (/(Z|[+-]\d{2}:\d{2})$/i.test(dateTime)) {
      const ms = instantParam(dateTime)
      return typeof ms === 'number' ? ms : `Invalid ${which} time.`
    }
    const local = Date.parse(`${dateTime}Z`)
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(dateTime) || Number.isNaN(local))
      return `Invalid ${which} time.`
    const zone = typeof timeZone === 'string' ? timeZone : calendarZone
    const offset = zoneOffsetMs(zone, local)
    if (offset === null) return `Invalid time zone definition for ${which} time.`
    return local - zoneOffsetMs(zone, local - offset)!
  }
  if (typeof date === 'string') {
    const ms = Date.parse(`${date}T00:00:00Z`)
    return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(ms) ? ms : `Invalid ${which} time.`
  }
  return `Missing ${which} time.`
}

/** Google's `updated`/`created`: ISO 8601 with milliseconds. */
export const isoMs = (ms: number) => new Date(ms).toISOString()

export function loadEvent(ctx: Ctx, id: string | undefined): StoredEvent | undefined {
  const num = eventNumOf(ctx.state, id)
  if (num === undefined) return undefined
  const text = ctx.objects.get('event', PRIMARY, num)
  return text === undefined ? undefined : (JSON.parse(text) as StoredEvent)
}

export const saveEvent = (ctx: Ctx, stored: StoredEvent) =>
  ctx.objects.put('event', PRIMARY, stored.num, stored, stored.event.status)

/** Every event of the calendar, deleted ones too, oldest first. */
export const allEvents = (ctx: Ctx): StoredEvent[] =>
  ctx.objects.page('event', PRIMARY, null, 1_000_000, 0, 'asc').rows.map((r) => JSON.parse(r) as StoredEvent)

/** The next value of the change counter (saved with the state by the caller's `saveState`). */
export const nextChange = (ctx: Ctx) => ++ctx.state.changes

/** A new event's number and id: the client's chosen id, or a generated one no chosen id took. */
export function newEvent(ctx: Ctx, chosen?: string): { num: number; id: string } {
  let num = ctx.state.next_event++
  if (chosen !== undefined) {
    ctx.state.chosen[chosen] = num
    return { num, id: chosen }
  }
  while (ctx.state.chosen[eventIdOf(ctx.state, num)] !== undefined) num = ctx.state.next_event++
  return { num, id: eventIdOf(ctx.state, num) }
}

/** Google's `etag` of an event: a quoted number that changes with every change. */
export const etagOf = (nowMs: number, change: number) => `"${nowMs * 1000 + (change % 1000)}"`
