import { b64url, digits, hex, style } from '../kit/token-style.js'

/** How its OAuth tokens look (prefixes, lengths, lifetime), so simulated ones resemble them. */
export const slackTokens = style(
  () => `xoxe.xoxp-1-${digits(13)}-${digits(13)}-${hex(64)}`,
  'xoxe-1-',
  () => b64url(120),
  43_200,
)
