import { createHmac } from 'node:crypto'
import { AppError } from '../errors.js'
import type { SignatureVerdict } from '../events/events.schema.js'
import type { HANDSHAKES } from '../providers/providers.schema.js'
import { HANDSHAKE_TOKEN } from '../providers-kit/schemes/scheme.js'
import type { HeaderLookup } from './header-lookup.js'

export type Handshake = (typeof HANDSHAKES)[number]

/** What the gateway answers instead of `{id}` when a request is a provider's verification handshake. */
export interface HandshakeReply {
  status: number
  headers: Record<string, string>
  body: string
}

export interface HandshakeRequest {
  method: string
  query: URLSearchParams
  header: HeaderLookup
  /** The body parsed as JSON, when it is JSON (parsed on first use). */
  json: () => unknown
  secrets: string[]
  verdict: SignatureVerdict
}

/** Challenges are echoed back; a long one is not a real challenge, so it is not reflected. */
const MAX_CHALLENGE = 1024

const text = (value: string): HandshakeReply => ({
  status: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: value,
})
const json = (value: unknown): HandshakeReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
})
/** The handshakes that answer with an HMAC keyed by the webhook secret. */
export const SIGNING_HANDSHAKES: ReadonlySet<Handshake> = new Set(['zoom_url_validation', 'twitter_crc'])

/** A token the handshake will not sign: a 400, and nothing is stored. */
const refuse = (pointer: string) =>
  new AppError(
    'invalid_request',
    'The handshake token is not one the provider would send, so the gateway does not sign it with the webhook secret.',
    { errors: [{ pointer, detail: 'at most 256 letters, digits, "-", "_", "+", "/" or "="' }] },
  )

const usable = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_CHALLENGE
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined

const ANSWERS: Record<Handshake, (req: HandshakeRequest) => HandshakeReply | null> = {
  // Slack signs its challenge: a forged one (invalid signature) is captured but not answered.
  slack_url_verification(req) {
    const challenge = field(req.json(), 'challenge')
    if (field(req.json(), 'type') !== 'url_verification' || !usable(challenge)) return null
    return req.verdict === 'invalid' ? null : json({ challenge })
  },
  zoom_url_validation(req) {
    const plainToken = field(field(req.json(), 'payload'), 'plainToken')
    const secret = req.secrets[0]
    if (field(req.json(), 'event') !== 'endpoint.url_validation' || !usable(plainToken) || !secret)
      return null
    if (!HANDSHAKE_TOKEN.test(plainToken)) throw refuse('/payload/plainToken')
    return json({ plainToken, encryptedToken: createHmac('sha256', secret).update(plainToken).digest('hex') })
  },
  // The verify token is whatever was typed into Meta's dashboard (not the app secret that signs
  // deliveries), so a capture gateway confirms every subscription request it is sent.
  meta_hub_challenge(req) {
    const challenge = req.query.get('hub.challenge')
    return req.query.get('hub.mode') === 'subscribe' && usable(challenge) ? text(challenge) : null
  },
  dropbox_challenge(req) {
    const challenge = req.query.get('challenge')
    return req.method === 'GET' && usable(challenge) ? text(challenge) : null
  },
  microsoft_graph_validation(req) {
    const token = req.query.get('validationToken')
    return usable(token) ? text(token) : null
  },
  asana_hook_secret(req) {
    const secret = req.header('x-hook-secret')
    return usable(secret) ? { status: 200, headers: { 'x-hook-secret': secret }, body: '' } : null
  },
  okta_verification(req) {
    const challenge = req.header('x-okta-verification-challenge')
    return req.method === 'GET' && usable(challenge) ? json({ verification: challenge }) : null
  },
  twitter_crc(req) {
    const token = req.query.get('crc_token')
    const secret = req.secrets[0]
    if (req.method !== 'GET' || !usable(token) || !secret) return null
    if (!HANDSHAKE_TOKEN.test(token)) throw refuse('query:/crc_token')
    return json({ response_token: `sha256=${createHmac('sha256', secret).update(token).digest('base64')}` })
  },
}

/**
 * The reply to a provider's verification handshake, or null when the request is not one. Throws a
 * 400 AppError for a Zoom/X token outside HANDSHAKE_TOKEN (the request is then not stored).
 */
export const answerHandshake = (kind: Handshake, req: HandshakeRequest): HandshakeReply | null =>
  ANSWERS[kind](req)
