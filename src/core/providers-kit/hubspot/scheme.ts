import {
  fromBase64,
  hmac,
  matches,
  type SignatureScheme,
  same,
  TOLERANCE_SECONDS,
} from '../schemes/scheme.js'

/** HubSpot v3's message: method, URI, body and the millisecond timestamp, concatenated. */
const v3 = (secret: string, method: string, url: string, body: Buffer, timestamp: string) =>
  hmac(secret, method, url, body, timestamp)

/**
 * HubSpot signs the URI with these characters decoded (its "Validating requests" guide); its Node
 * library signs the URL as given. Both forms are tried.
 */
const decoded = (url: string) => url.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, decodeURIComponent)

/**
 * HubSpot v3: `X-HubSpot-Signature-v3`, base64 HMAC of method + URI + body + the millisecond
 * `X-HubSpot-Request-Timestamp`, so it needs the URL the request was sent to.
 */
export const hubspotScheme = {
  id: 'hubspot_v3',
  headers: ['x-hubspot-signature-v3', 'x-hubspot-request-timestamp'],
  verify(secret, { header, body, nowMs, target }) {
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
    const urls = [...new Set(target.urls.flatMap((u) => [u, decoded(u)]))]
    return matches(
      urls.some((url) => same(v3(secret, target.method, url, body, t), sig)),
      `signature does not match ${target.method} ${target.urls[0]}`,
    )
  },
  sign({ secret, body, nowMs, target }) {
    if (!target) throw new Error('HubSpot v3 signs the request URL: pass the target')
    const ms = String(nowMs)
    return {
      'X-HubSpot-Signature-v3': v3(secret, target.method, target.url, body, ms).toString('base64'),
      'X-HubSpot-Request-Timestamp': ms,
    }
  },
} as const satisfies SignatureScheme<'hubspot_v3'>
