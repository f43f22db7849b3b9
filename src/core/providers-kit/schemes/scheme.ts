import { createHmac, timingSafeEqual } from 'node:crypto'
import type { HeaderLookup } from '../../webhooks/header-lookup.js'

export type { HeaderLookup }

/**
 * Timestamped schemes reject a signature older than this. As the providers' own libraries do:
 * Stripe (`stripe.webhooks.constructEvent`) and Slack (`@slack/bolt`'s verifier) check only the age,
 * so a timestamp in the future passes however far ahead it is; Standard Webhooks (`standardwebhooks`)
 * also rejects one more than this ahead of the clock.
 */
export const TOLERANCE_SECONDS = 5 * 60

/**
 * Zoom and X answer their handshake with an HMAC of a caller-chosen token, keyed with the same secret
 * that signs their deliveries. So that this can never sign something a body check accepts (domain
 * separation), only tokens of the shape the providers send are signed: base64 / base64url
 * characters (Zoom's plainToken is 22 of them, X's crc_token is base64). Every signed string of a
 * timestamped scheme contains `.` or `:`, which this shape excludes; the whole-body schemes refuse a
 * body of this shape when the provider has such a handshake (`bodyOnly`).
 */
export const HANDSHAKE_TOKEN = /^[A-Za-z0-9_\-+/=]{1,256}$/

export interface SignedRequest {
  header: HeaderLookup
  body: Buffer
  nowMs: number
  /**
   * The provider's handshake signs tokens with the same secrets (Zoom, X): a whole-body scheme then
   * refuses a body that has a token's shape, since the handshake would have signed it for anyone.
   */
  signingHandshake?: boolean
  /**
   * The method and the URLs the request may have been sent to, for schemes that sign the request
   * URI (HubSpot v3): a capture's URL as its Host shows it (see captureUrls), a replay's target.
   */
  target?: { method: string; urls: readonly string[] }
}

/** One scheme's answer for one secret: matched, or why not. */
export type Check = { ok: true } | { ok: false; why: string }

/** What a signature is computed over besides the body. */
export interface SignInput {
  secret: string
  body: Buffer
  nowMs: number
  /** The message id (Standard Webhooks signs it). */
  messageId: string
  /** The method and URL the request is sent to (HubSpot v3 signs them). */
  target?: { method: string; url: string }
}

/**
 * A webhook signature scheme, one object for capture (`verify`), replay-with-resign, outbound
 * deliveries and triggers (`sign`, `headers`).
 */
export interface SignatureScheme<Id extends string = string> {
  id: Id
  /** The headers it reads and writes (lower case): all of them are replaced when re-signing. */
  headers: readonly string[]
  verify(secret: string, req: SignedRequest): Check
  /** The headers that sign a request. */
  sign(input: SignInput): Record<string, string>
  /** The sender's own id for a message, read once its signature matched (a signed value). */
  messageId?(header: HeaderLookup, json: () => unknown): string | undefined
}

/** Lower-case only: the providers' libraries compare the hex strings, so `ABCD` is not `abcd`. */
const HEX = /^[0-9a-f]+$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

export const hmac = (key: Buffer | string, ...parts: Array<Buffer | string>) => {
  const h = createHmac('sha256', key)
  for (const part of parts) h.update(part)
  return h.digest()
}

/** Constant-time comparison of a computed MAC with a candidate (compared only when lengths match). */
export const same = (expected: Buffer, candidate: Buffer) =>
  candidate.length === expected.length && timingSafeEqual(candidate, expected)

export const fromHex = (value: string) =>
  HEX.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : null
export const fromBase64 = (value: string) =>
  BASE64.test(value) && value.length % 4 === 0 ? Buffer.from(value, 'base64') : null

export const matches = (ok: boolean, why = 'signature does not match'): Check =>
  ok ? { ok: true } : { ok: false, why }

/** Unix seconds, as the timestamped schemes sign them. */
export const secondsOf = (nowMs: number) => String(Math.floor(nowMs / 1000))

/** `future`: how a timestamp ahead of the clock is judged (see TOLERANCE_SECONDS). */
export function freshTimestamp(
  value: string | undefined,
  nowMs: number,
  future: 'accepted' | 'tolerance',
): Check & { seconds?: number } {
  if (!value || !/^\d{1,12}$/.test(value)) return { ok: false, why: 'missing or malformed timestamp' }
  const seconds = Number(value)
  // Whole seconds, as the libraries compare them.
  const now = Math.floor(nowMs / 1000)
  if (now - seconds > TOLERANCE_SECONDS)
    return { ok: false, why: `timestamp is more than ${TOLERANCE_SECONDS / 60} minutes old` }
  if (future === 'tolerance' && seconds - now > TOLERANCE_SECONDS)
    return {
      ok: false,
      why: `timestamp is more than ${TOLERANCE_SECONDS / 60} minutes ahead of the gateway clock`,
    }
  return { ok: true, seconds }
}

/** Whole-body schemes: with a signing handshake, a token-shaped body is refused. */
export function bodyOnly(req: SignedRequest): Check {
  return req.signingHandshake && HANDSHAKE_TOKEN.test(req.body.toString('latin1'))
    ? { ok: false, why: "the body has the shape of a handshake token, which this provider's handshake signs" }
    : { ok: true }
}

/**
 * A scheme that signs the body alone with HMAC-SHA256 in one header (`prefix` + hex or base64):
 * GitHub's `X-Hub-Signature-256: sha256=…`, Shopify's base64 `X-Shopify-Hmac-Sha256`.
 */
export function bodyHmacScheme<Id extends string>(def: {
  id: Id
  header: string
  /** The header's name as sent (its case). */
  sentAs: string
  prefix: string
  encoding: 'hex' | 'base64'
  /** Other headers it replaces when re-signing (a legacy SHA-1 signature). */
  alsoReplaces?: readonly string[]
  messageId?: SignatureScheme['messageId']
}): SignatureScheme<Id> {
  const shape = `${def.prefix}<${def.encoding}>`
  return {
    id: def.id,
    headers: [def.header, ...(def.alsoReplaces ?? [])],
    verify(secret, req) {
      const value = req.header(def.header)
      if (!value) return { ok: false, why: `missing ${def.sentAs} header` }
      const raw = value.startsWith(def.prefix) ? value.slice(def.prefix.length) : null
      const sig = raw === null ? null : def.encoding === 'hex' ? fromHex(raw) : fromBase64(raw.trim())
      if (!sig)
        return { ok: false, why: `${def.sentAs} is not ${def.encoding === 'hex' ? shape : def.encoding}` }
      const check = bodyOnly(req)
      return check.ok ? matches(same(hmac(secret, req.body), sig)) : check
    },
    sign: ({ secret, body }) => ({
      [def.sentAs]: `${def.prefix}${hmac(secret, body).toString(def.encoding)}`,
    }),
    ...(def.messageId && { messageId: def.messageId }),
  }
}
