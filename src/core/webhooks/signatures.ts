import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SignatureVerdict } from '../events/events.schema.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import { HANDSHAKE_TOKEN } from './handshakes.js'
import type { HeaderLookup } from './header-lookup.js'

/**
 * Timestamped schemes reject a signature older than this. As the providers' own libraries do:
 * Stripe (`stripe.webhooks.constructEvent`) and Slack (`@slack/bolt`'s verifier) check only the age,
 * so a timestamp in the future passes however far ahead it is; Standard Webhooks (`standardwebhooks`)
 * also rejects one more than this ahead of the clock.
 */
export const TOLERANCE_SECONDS = 5 * 60

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

/** Lower-case only: the providers' libraries compare the hex strings, so `ABCD` is not `abcd`. */
const HEX = /^[0-9a-f]+$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

const hmac = (key: Buffer | string, ...parts: Array<Buffer | string>) => {
  const h = createHmac('sha256', key)
  for (const part of parts) h.update(part)
  return h.digest()
}

/** Constant-time comparison of a computed MAC with a candidate (compared only when lengths match). */
const same = (expected: Buffer, candidate: Buffer) =>
  candidate.length === expected.length && timingSafeEqual(candidate, expected)

const fromHex = (value: string) =>
  HEX.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : null
const fromBase64 = (value: string) =>
  BASE64.test(value) && value.length % 4 === 0 ? Buffer.from(value, 'base64') : null

/** `future`: how a timestamp ahead of the clock is judged (see TOLERANCE_SECONDS). */
function freshTimestamp(
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

/** Standard Webhooks secrets are `whsec_` + base64; anything else is used as plain bytes. */
export function standardWebhooksKey(secret: string): Buffer {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
  return fromBase64(raw) ?? Buffer.from(secret, 'utf8')
}

/** Github and Shopify sign the body alone: with a signing handshake, a token-shaped body is refused. */
function bodyOnly(req: SignedRequest): Check {
  return req.signingHandshake && HANDSHAKE_TOKEN.test(req.body.toString('latin1'))
    ? { ok: false, why: "the body has the shape of a handshake token, which this provider's handshake signs" }
    : { ok: true }
}

const VERIFIERS: Record<SignatureScheme, (secret: string, req: SignedRequest) => Check> = {
  github(secret, req) {
    const { header, body } = req
    const value = header('x-hub-signature-256')
    if (!value) return { ok: false, why: 'missing X-Hub-Signature-256 header' }
    const sig = value.startsWith('sha256=') ? fromHex(value.slice(7)) : null
    if (!sig) return { ok: false, why: 'X-Hub-Signature-256 is not sha256=<hex>' }
    const shape = bodyOnly(req)
    if (!shape.ok) return shape
    return same(hmac(secret, body), sig) ? { ok: true } : { ok: false, why: 'signature does not match' }
  },
  stripe(secret, { header, body, nowMs }) {
    const value = header('stripe-signature')
    if (!value) return { ok: false, why: 'missing Stripe-Signature header' }
    const parts = value.split(',').map((p) => p.trim().split('='))
    const t = parts.find(([k]) => k === 't')?.[1]
    const v1 = parts.filter(([k, v]) => k === 'v1' && v !== undefined).map(([, v]) => fromHex(v!))
    const ts = freshTimestamp(t, nowMs, 'accepted')
    if (!ts.ok) return ts
    if (v1.length === 0) return { ok: false, why: 'Stripe-Signature has no v1 signature' }
    const expected = hmac(secret, `${t}.`, body)
    return v1.some((sig) => sig && same(expected, sig))
      ? { ok: true }
      : { ok: false, why: 'no v1 signature matches' }
  },
  slack(secret, { header, body, nowMs }) {
    const value = header('x-slack-signature')
    const t = header('x-slack-request-timestamp')
    if (!value) return { ok: false, why: 'missing X-Slack-Signature header' }
    const ts = freshTimestamp(t, nowMs, 'accepted')
    if (!ts.ok) return ts
    const sig = value.startsWith('v0=') ? fromHex(value.slice(3)) : null
    if (!sig) return { ok: false, why: 'X-Slack-Signature is not v0=<hex>' }
    return same(hmac(secret, `v0:${t}:`, body), sig)
      ? { ok: true }
      : { ok: false, why: 'signature does not match' }
  },
  shopify(secret, req) {
    const { header, body } = req
    const value = header('x-shopify-hmac-sha256')
    if (!value) return { ok: false, why: 'missing X-Shopify-Hmac-Sha256 header' }
    const sig = fromBase64(value.trim())
    if (!sig) return { ok: false, why: 'X-Shopify-Hmac-Sha256 is not base64' }
    const shape = bodyOnly(req)
    if (!shape.ok) return shape
    return same(hmac(secret, body), sig) ? { ok: true } : { ok: false, why: 'signature does not match' }
  },
  standard_webhooks(secret, { header, body, nowMs }) {
    // Svix (Clerk, Resend, …) sends the same scheme under svix-* names.
    const id = header('webhook-id') ?? header('svix-id')
    const t = header('webhook-timestamp') ?? header('svix-timestamp')
    const value = header('webhook-signature') ?? header('svix-signature')
    if (!id || !value) return { ok: false, why: 'missing webhook-id or webhook-signature header' }
    const ts = freshTimestamp(t, nowMs, 'tolerance')
    if (!ts.ok) return ts
    const expected = hmac(standardWebhooksKey(secret), `${id}.${t}.`, body)
    const candidates = value
      .split(' ')
      .map((s) => s.split(','))
      .filter(([version, sig]) => version === 'v1' && sig !== undefined)
      .map(([, sig]) => fromBase64(sig!))
    if (candidates.length === 0) return { ok: false, why: 'webhook-signature has no v1 signature' }
    return candidates.some((sig) => sig && same(expected, sig))
      ? { ok: true }
      : { ok: false, why: 'no v1 signature matches' }
  },
  hubspot_v3(secret, { header, body, nowMs, target }) {
    const value = header('x-hubspot-signature-v3')
    const t = header('x-hubspot-request-timestamp')
    if (!value) return { ok: false, why: 'missing X-HubSpot-Signature-v3 header' }
    // Milliseconds; older than the window is refused, as HubSpot's Signature.isValid does.
    if (!t || !/^\d{1,15}$/.test(t))
      return { ok: false, why: 'missing or malformed X-HubSpot-Request-Timestamp' }
    if (nowMs - Number(t) > TOLERANCE_SECONDS * 1000)
      return { ok: false, why: `timestamp is more than ${TOLERANCE_SECONDS / 60} minutes old` }
    const sig = fromBase64(value.trim())
    if (!sig) return { ok: false, why: 'X-HubSpot-Signature-v3 is not base64' }
    if (!target || target.urls.length === 0)
      return { ok: false, why: 'the request URL is unknown (the v3 signature covers it)' }
    const urls = [...new Set(target.urls.flatMap((u) => [u, hubspotDecoded(u)]))]
    return urls.some((url) => same(hubspotV3(secret, target.method, url, body, t), sig))
      ? { ok: true }
      : { ok: false, why: `signature does not match ${target.method} ${target.urls[0]}` }
  },
}

/** HubSpot v3's message: method, URI, body and the millisecond timestamp, concatenated. */
const hubspotV3 = (secret: string, method: string, url: string, body: Buffer, timestamp: string) =>
  hmac(secret, method, url, body, timestamp)

/**
 * HubSpot signs the URI with these characters decoded (its "Validating requests" guide); its Node
 * library signs the URL as given. Both forms are tried.
 */
const HUBSPOT_DECODED: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
}
const hubspotDecoded = (url: string) =>
  url.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (m) => HUBSPOT_DECODED[m.toUpperCase()]!)

/**
 * The URLs a captured request may have been signed for: its Host (or `X-Forwarded-Host`, from a
 * tunnel) with its path and query, under `X-Forwarded-Proto` when a proxy says it, else https
 * (what HubSpot posts to, through a tunnel) and http (a local sender).
 */
export function captureUrls(header: HeaderLookup, path: string, query: string): string[] {
  const host = header('x-forwarded-host')?.split(',')[0]?.trim() || header('host')
  if (!host) return []
  const proto = header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const protos = proto === 'https' || proto === 'http' ? [proto] : ['https', 'http']
  return protos.map((p) => `${p}://${host}${path}${query ? `?${query}` : ''}`)
}

/** Checks one request against one secret with one scheme. Never throws on malformed input. */
export const verifyWith = (scheme: SignatureScheme, secret: string, req: SignedRequest): Check =>
  VERIFIERS[scheme](secret, req)

/**
 * The verdict for a request: `unverified` when there is nothing to check against, `valid` when any
 * configured secret matches (each with its own scheme, else the provider's), else `invalid`.
 */
export function verdictFor(
  secrets: Array<{ secret: string; scheme: SignatureScheme | null }>,
  providerScheme: SignatureScheme | null,
  req: SignedRequest,
): { signature: SignatureVerdict; detail: string; scheme?: SignatureScheme } {
  if (secrets.length === 0) return { signature: 'unverified', detail: 'no webhook_secret is configured' }
  const usable = secrets
    .map((s) => ({ secret: s.secret, scheme: s.scheme ?? providerScheme }))
    .filter((s): s is { secret: string; scheme: SignatureScheme } => s.scheme !== null)
  if (usable.length === 0)
    return {
      signature: 'unverified',
      detail: 'no signature scheme: set webhook_signature on the provider config',
    }
  const reasons = new Set<string>()
  for (const { secret, scheme } of usable) {
    const check = verifyWith(scheme, secret, req)
    if (check.ok) return { signature: 'valid', detail: `${scheme} signature matches`, scheme }
    reasons.add(`${scheme}: ${check.why}`)
  }
  return { signature: 'invalid', detail: [...reasons].join('; ') }
}

/**
 * Headers that sign `body` with `scheme` (used by triggers and tests to produce real signatures).
 * `target` is the method and URL the request is sent to, which HubSpot v3 signs.
 */
export function signatureHeaders(
  scheme: SignatureScheme,
  secret: string,
  body: Buffer,
  nowMs: number,
  messageId: string,
  target?: { method: string; url: string },
): Record<string, string> {
  const t = String(Math.floor(nowMs / 1000))
  switch (scheme) {
    case 'github':
      return { 'X-Hub-Signature-256': `sha256=${hmac(secret, body).toString('hex')}` }
    case 'stripe':
      return { 'Stripe-Signature': `t=${t},v1=${hmac(secret, `${t}.`, body).toString('hex')}` }
    case 'slack':
      return {
        'X-Slack-Request-Timestamp': t,
        'X-Slack-Signature': `v0=${hmac(secret, `v0:${t}:`, body).toString('hex')}`,
      }
    case 'shopify':
      return { 'X-Shopify-Hmac-Sha256': hmac(secret, body).toString('base64') }
    case 'standard_webhooks':
      return {
        'webhook-id': messageId,
        'webhook-timestamp': t,
        'webhook-signature': `v1,${hmac(standardWebhooksKey(secret), `${messageId}.${t}.`, body).toString('base64')}`,
      }
    case 'hubspot_v3': {
      if (!target) throw new Error('HubSpot v3 signs the request URL: pass the target')
      const ms = String(nowMs)
      return {
        'X-HubSpot-Signature-v3': hubspotV3(secret, target.method, target.url, body, ms).toString('base64'),
        'X-HubSpot-Request-Timestamp': ms,
      }
    }
  }
}
