import { isUtf8 } from 'node:buffer'
import type { EventRequestRow } from './events.repo.js'
import type { CapturedRequest, NameValue } from './events.schema.js'

/** Stored headers (JSON [name, value] pairs) as name/value objects. */
export const headersOf = (row: Pick<EventRequestRow, 'headers'>): NameValue[] =>
  (JSON.parse(row.headers) as Array<[string, string]>).map(([name, value]) => ({ name, value }))

/** Query parameters of a raw query string, decoded, in order. */
export const queryOf = (raw: string): NameValue[] =>
  [...new URLSearchParams(raw)].map(([name, value]) => ({ name, value }))

/** Body as text when it is valid UTF-8, else base64. */
export function encodeBody(body: Buffer): { body: string; body_encoding: 'utf8' | 'base64' } {
  return isUtf8(body)
    ? { body: body.toString('utf8'), body_encoding: 'utf8' }
    : { body: body.toString('base64'), body_encoding: 'base64' }
}

/** The API shape of a stored request. */
export const toCapturedRequest = (row: EventRequestRow): CapturedRequest => ({
  method: row.method,
  path: row.path,
  query_string: row.query,
  query: queryOf(row.query),
  headers: headersOf(row),
  content_type: row.content_type,
  size: row.body.length,
  ...encodeBody(row.body),
  received_at: row.received_at,
})
