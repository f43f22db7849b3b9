import { freshTimestamp, fromHex, hmac, matches, type SignatureScheme, same, secondsOf } from './scheme.js'

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Stripe: `Stripe-Signature: t=<seconds>,v1=<hex HMAC of "t.body">` (several v1 during a secret roll). */
export const stripeScheme = {
  id: 'stripe',
  headers: ['stripe-signature'],
  verify(secret, { header, body, nowMs }) {
    const value = header('stripe-signature')
    if (!value) return { ok: false, why: 'missing Stripe-Signature header' }
    const parts = value.split(',').map((p) => p.trim().split('='))
    const t = parts.find(([k]) => k === 't')?.[1]
    const v1 = parts.filter(([k, v]) => k === 'v1' && v !== undefined).map(([, v]) => fromHex(v!))
    const ts = freshTimestamp(t, nowMs, 'accepted')
    if (!ts.ok) return ts
    if (v1.length === 0) return { ok: false, why: 'Stripe-Signature has no v1 signature' }
    const expected = hmac(secret, `${t}.`, body)
    return matches(
      v1.some((sig) => sig && same(expected, sig)),
      'no v1 signature matches',
    )
  },
  sign({ secret, body, nowMs }) {
    const t = secondsOf(nowMs)
    return { 'Stripe-Signature': `t=${t},v1=${hmac(secret, `${t}.`, body).toString('hex')}` }
  },
  // The event id is in the signed body (parsed already to find its type).
  messageId(_header, json) {
    const id = record(json())?.id
    return typeof id === 'string' ? id : undefined
  },
} as const satisfies SignatureScheme<'stripe'>
