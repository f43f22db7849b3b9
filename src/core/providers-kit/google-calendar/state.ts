import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'

/** The simulated account's one calendar is its primary; `primary` is its alias in every path. */
export const PRIMARY = 'primary'

/** The simulated Google account: its email (the primary calendar's id), counters and the change log's head. */
export interface GcalState {
  email: string
  displayName: string
  timeZone: string
  /** base32hex letters every generated event id starts with, derived from the connection. */
  tag: string
  next_event: number
  /** The change counter: each insert, patch or delete takes the next value (sync tokens name one). */
  changes: number
  /** Ids a client chose at insert → the event's number (generated ids carry their number). */
  chosen: Record<string, number>
  created_ms: number
}

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv'

/** An account named after the tenant: `admin@<tenant>.example`, in UTC. */
export function initialState(connection: Connection, nowMs: number): GcalState {
  const slug = connection.tenant_id.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'switchyard'
  const name = slug.replace(/^\w/, (c) => c.toUpperCase())
  return {
    email: `admin@${slug}.example`,
    displayName: `${name} Calendar`,
    timeZone: 'UTC',
    tag: Array.from({ length: 12 }, (_, i) => BASE32HEX[hashNumber(`${connection.id}:${i}`, 0, 32)]).join(''),
    next_event: 1,
    changes: 0,
    chosen: {},
    created_ms: Math.floor(nowMs / 1000) * 1000,
  }
}

/** A generated event id: the account's tag and the number in base32hex (Google's id alphabet). */
export const eventIdOf = (state: GcalState, num: number) => `${state.tag}${num.toString(32).padStart(6, '0')}`

/** The number an event id names in this account, chosen or generated; undefined for any other. */
export function eventNumOf(state: GcalState, id: string | undefined): number | undefined {
  if (!id) return undefined
  const chosen = state.chosen[id]
  if (chosen !== undefined) return chosen
  if (!id.startsWith(state.tag)) return undefined
  const rest = id.slice(state.tag.length)
  return /^[0-9a-v]{6,}$/.test(rest) ? Number.parseInt(rest, 32) : undefined
}

/** Whether a client may choose this id (Google: base32hex characters, 5 to 1024 of them). */
export const validChosenId = (id: string) => /^[0-9a-v]{5,1024}$/.test(id)

/** Whether a path's calendar id names the account's calendar. */
export const isOwnCalendar = (state: GcalState, calendarId: string) =>
  calendarId === PRIMARY || calendarId.toLowerCase() === state.email

/** An event's representation (every field but its etag, which each change sets). */
export interface EventFields {
  id: string
  status: 'confirmed' | 'tentative' | 'cancelled'
  [field: string]: unknown
}

/** An event as stored: the representation, its number and the change that last touched it. */
export interface StoredEvent {
  num: number
  /** The change counter's value at the event's last change. */
  change: number
  startMs: number
  endMs: number
  event: EventFields & { etag: string }
}
