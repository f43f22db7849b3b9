import { createHmac, createSecretKey, hash, timingSafeEqual } from 'node:crypto'
import { AppError } from '../errors.js'

export type CursorValue = string | number | null

export interface CursorPayload {
  /** Resource name. */
  r: string
  /** Scope (workspace id). */
  w: string
  /** Hash of the request's filter, sort and query: a cursor only continues the walk it came from. */
  b: string
  /** Keyset position: the sort values of the last item returned, id last. */
  k: CursorValue[]
  /** Version of the relevance ranking a query walk started on (provider search only). */
  v?: string
}

const MAC_BYTES = 18

const badCursor = (why: string) =>
  new AppError(
    'invalid_cursor',
    `The cursor is not valid for this request (${why}). Start again without a cursor.`,
  )

/**
 * Canonical JSON (sorted keys) so the binding hash does not depend on key order. Runs for every
 * page that reads or issues a cursor, so it appends to one string rather than building entry lists.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${canonicalJson(value[i]) ?? ''}`
    return `${out}]`
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    let out = ''
    // The default sort orders strings by UTF-16 code units, as `<` does.
    for (const key of Object.keys(record).sort()) {
      if (record[key] !== undefined) out += `,${JSON.stringify(key)}:${canonicalJson(record[key])}`
    }
    return `{${out.slice(1)}}`
  }
  return JSON.stringify(value)
}

export const bindingOf = (parts: unknown): string =>
  hash('sha256', canonicalJson(parts), 'base64url').slice(0, 16)

const isPosition = (k: unknown): k is CursorValue[] =>
  Array.isArray(k) &&
  k.every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))

/** Opaque, HMAC-signed cursors bound to a resource, a workspace and one request's filter and sort. */
export function createCursorCodec(secret: Buffer) {
  // A KeyObject made once: given the raw bytes, every HMAC would first import them as a new key,
  // which costs several times the MAC itself (and every page that has more issues a cursor).
  const key = createSecretKey(secret)
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES)
  return {
    encode(payload: CursorPayload): string {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${body}.${mac(body).toString('base64url')}`
    },
    /** Checks signature and binding; throws 400 `invalid_cursor` for anything else. */
    decode(
      cursor: string,
      expected: { r: string; w: string; b: string; keyLength: number },
    ): { k: CursorValue[]; v: string | undefined } {
      const [body, signature, extra] = cursor.split('.')
      if (!body || !signature || extra !== undefined) throw badCursor('malformed')
      const given = Buffer.from(signature, 'base64url')
      const wanted = mac(body)
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        throw badCursor('signature mismatch')
      let payload: Partial<CursorPayload> | null
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<CursorPayload> | null
      } catch {
        throw badCursor('malformed')
      }
      if (!payload || typeof payload !== 'object') throw badCursor('malformed')
      if (payload.r !== expected.r || payload.w !== expected.w)
        throw badCursor('issued for another resource or workspace')
      if (payload.b !== expected.b) throw badCursor('issued for a different filter, sort or query')
      if (!isPosition(payload.k) || payload.k.length !== expected.keyLength)
        throw badCursor('malformed position')
      if (payload.v !== undefined && typeof payload.v !== 'string') throw badCursor('malformed')
      return { k: payload.k, v: payload.v }
    },
  }
}
export type CursorCodec = ReturnType<typeof createCursorCodec>
