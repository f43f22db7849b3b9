import { b64url, hex, style } from '../kit/token-style.js'

/** How its OAuth tokens look (prefixes, lengths, lifetime), so simulated ones resemble them. */
export const hubspotTokens = style(
  () => `CJ${b64url(150)}`,
  'na1-',
  () => `${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
  1_800,
)
