import { freshTimestamp, fromBase64, hmac, matches, type SignatureScheme, same, secondsOf } from './scheme.js'

/** Standard Webhooks secrets are `whsec_` + base64; anything else is used as plain bytes. */
export function standardWebhooksKey(secret: string): Buffer {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
  return fromBase64(raw) ?? Buffer.from(secret, 'utf8')
}

/**
 * Standard Webhooks (Svix, Clerk, Resend, …): `webhook-id`, `webhook-timestamp` and
 * `webhook-signature: v1,<base64 HMAC of "id.t.body">`; Svix sends the same under `svix-*` names.
 */
export const standardWebhooksScheme = {
  id: 'standard_webhooks',
  headers: ['webhook-signature', 'webhook-timestamp', 'svix-signature', 'svix-timestamp'],
  verify(secret, { header, body, nowMs }) {
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
    return matches(
      candidates.some((sig) => sig && same(expected, sig)),
      'no v1 signature matches',
    )
  },
  sign({ secret, body, nowMs, messageId }) {
    const t = secondsOf(nowMs)
    const sig = hmac(standardWebhooksKey(secret), `${messageId}.${t}.`, body).toString('base64')
    return { 'webhook-id': messageId, 'webhook-timestamp': t, 'webhook-signature': `v1,${sig}` }
  },
  messageId: (header) => header('webhook-id') ?? header('svix-id'),
} as const satisfies SignatureScheme<'standard_webhooks'>
