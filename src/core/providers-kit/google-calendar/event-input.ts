import type { ProxyAnswer } from '../../proxy/answerer.js'
import { type Ctx, instantOf, type Json } from './context.js'
import { googleError, invalid, required, timeRangeEmpty } from './errors.js'

/** Fields a client sets on an event and the simulation keeps as given (after their checks). */
const TEXT_FIELDS = ['summary', 'description', 'location', 'colorId'] as const
const ENUMS = {
  status: ['confirmed', 'tentative'],
  transparency: ['opaque', 'transparent'],
  visibility: ['default', 'public', 'private', 'confidential'],
} as const

/** A checked event body: the fields to keep, and its start and end as instants. */
export interface EventInput {
  fields: Json
  startMs: number
  endMs: number
}

const pick = (time: Json) =>
  Object.fromEntries(
    ['date', 'dateTime', 'timeZone'].filter((k) => time[k] !== undefined).map((k) => [k, time[k]]),
  )

function attendeesOf(value: unknown): Json[] | ProxyAnswer {
  if (!Array.isArray(value)) return invalid('Invalid value for: attendees')
  const out: Json[] = []
  for (const a of value) {
    const email = (a as Json | null)?.email
    if (typeof email !== 'string' || !email) return required('Missing attendee email.')
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return invalid('Invalid attendee email.')
    const { displayName, optional } = a as Json
    out.push({
      email,
      ...(typeof displayName === 'string' && { displayName }),
      ...(optional === true && { optional: true }),
      responseStatus: 'needsAction',
    })
  }
  return out
}

/**
 * Checks an event body as Google does for insert and update (a patch merged over the stored event):
 * `start` and `end` are required, both `date` or both `dateTime`, the end not before the start;
 * enumerated fields take their values; attendees need an email. Other fields are ignored.
 */
export function eventInputOf(ctx: Ctx, body: Json): EventInput | ProxyAnswer {
  const fields: Json = {}
  for (const f of TEXT_FIELDS) {
    const v = body[f]
    if (v === undefined || v === null) continue
    if (typeof v !== 'string') return invalid(`Invalid value for: ${f}`)
    fields[f] = v
  }
  for (const [f, allowed] of Object.entries(ENUMS)) {
    const v = body[f]
    if (v === undefined || v === null) continue
    if (!(allowed as readonly unknown[]).includes(v)) return invalid(`Invalid value for: ${f}`)
    fields[f] = v
  }
  if (body.attendees !== undefined && body.attendees !== null) {
    const attendees = attendeesOf(body.attendees)
    if (!Array.isArray(attendees)) return attendees
    fields.attendees = attendees
  }
  const startMs = instantOf(body.start, 'start', ctx.state.timeZone)
  const endMs = instantOf(body.end, 'end', ctx.state.timeZone)
  for (const at of [startMs, endMs])
    if (typeof at === 'string') return at.startsWith('Missing') ? required(at) : invalid(at)
  const start = body.start as Json
  const end = body.end as Json
  if ((typeof start.date === 'string') !== (typeof end.date === 'string'))
    return googleError(400, {
      reason: 'invalid',
      message: 'Start and end times must either both be date or both be dateTime.',
    })
  if ((endMs as number) < (startMs as number)) return timeRangeEmpty('end')
  fields.start = pick(start)
  fields.end = pick(end)
  return { fields, startMs: startMs as number, endMs: endMs as number }
}
