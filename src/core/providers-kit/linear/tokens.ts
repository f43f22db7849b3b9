import { b64url, hex, style } from '../kit/token-style.js'

/** Linear's OAuth tokens: `lin_oauth_<64 hex>`, refresh `lin_refresh_…`, valid a day. */
export const linearTokens = style(
  () => `lin_oauth_${hex(64)}`,
  'lin_refresh_',
  () => b64url(48),
  86_400,
)
