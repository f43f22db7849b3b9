import {
  freshTimestamp,
  fromHex,
  hmac,
  matches,
  type SignatureScheme,
  same,
  secondsOf,
} from '../schemes/scheme.js'

/** Slack: `X-Slack-Signature: v0=<hex HMAC of "v0:t:body">` with `X-Slack-Request-Timestamp`. */
export const slackScheme = {
  id: 'slack',
  headers: ['x-slack-signature', 'x-slack-request-timestamp'],
  verify(secret, { header, body, nowMs }) {
    const value = header('x-slack-signature')
    const t = header('x-slack-request-timestamp')
    if (!value) return { ok: false, why: 'missing X-Slack-Signature header' }
    const ts = freshTimestamp(t, nowMs, 'accepted')
    if (!ts.ok) return ts
    const sig = value.startsWith('v0=') ? fromHex(value.slice(3)) : null
    if (!sig) return { ok: false, why: 'X-Slack-Signature is not v0=<hex>' }
    return matches(same(hmac(secret, `v0:${t}:`, body), sig))
  },
  sign({ secret, body, nowMs }) {
    const t = secondsOf(nowMs)
    return {
      'X-Slack-Request-Timestamp': t,
      'X-Slack-Signature': `v0=${hmac(secret, `v0:${t}:`, body).toString('hex')}`,
    }
  },
} as const satisfies SignatureScheme<'slack'>
