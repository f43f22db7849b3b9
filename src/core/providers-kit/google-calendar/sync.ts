import { hashHex } from '../kit/hash.js'
import type { GcalState } from './state.js'

/**
 * Sync and page tokens: opaque to clients, holding only counters, so nothing is kept per token.
 * A sync token names the change counter's value when it was issued (the client has every change up
 * to it), the account it belongs to and when it was issued; a page token the position in a list,
 * the counter when the list's first page was read, and a fingerprint of the list's parameters.
 */

/** How long a sync token stays usable (Google lets old tokens lapse; a full sync starts over). */
export const SYNC_TOKEN_LIFETIME_MS = 30 * 86_400_000

const encode = (parts: ReadonlyArray<string | number>) => Buffer.from(parts.join('|')).toString('base64url')
const decode = (token: string) =>
  /^[A-Za-z0-9_-]{1,400}$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8').split('|') : []
const count = (text: string | undefined) =>
  text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null

export function syncTokenOf(state: GcalState, list: string, change: number, nowMs: number): string {
  return encode(['s1', list, state.tag, change, Math.floor(nowMs / 1000)])
}

/** The change a sync token of this account and list names; null when unknown, forged or expired. */
export function changeOfSyncToken(
  state: GcalState,
  list: string,
  token: string,
  nowMs: number,
): number | null {
  const [version, kind, tag, change, issued] = decode(token)
  const at = count(change)
  const issuedS = count(issued)
  if (version !== 's1' || kind !== list || tag !== state.tag || at === null || issuedS === null) return null
  if (at > state.changes || nowMs - issuedS * 1000 > SYNC_TOKEN_LIFETIME_MS) return null
  return at
}

/** The parameters a page token is bound to: every one but the paging ones. */
export const fingerprintOf = (query: URLSearchParams) =>
  hashHex(
    [...query]
      .filter(([k]) => !['pageToken', 'maxResults', 'syncToken'].includes(k))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&'),
    12,
  )

export interface PagePosition {
  offset: number
  /** The change counter when the first page was read: the last page's `nextSyncToken` names it. */
  snapshot: number
  /** For an incremental sync, the change its sync token named. */
  since: number | null
}

export const pageTokenOf = (p: PagePosition, fingerprint: string) =>
  encode(['p1', p.offset, p.snapshot, p.since ?? '', fingerprint])

/** A page token's position, if it is one of this list's (same parameters). */
export function positionOf(token: string, fingerprint: string): PagePosition | null {
  const [version, offset, snapshot, since, print] = decode(token)
  const at = count(offset)
  const snap = count(snapshot)
  if (version !== 'p1' || at === null || snap === null || print !== fingerprint) return null
  const from = since === '' ? null : count(since)
  if (since !== '' && from === null) return null
  return { offset: at, snapshot: snap, since: from }
}
