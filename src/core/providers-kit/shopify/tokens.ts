import { hex, style } from '../kit/token-style.js'

/** Shopify's expiring offline tokens: `shpua_<32 hex>`, refresh `shprt_…`, valid a day. */
export const shopifyTokens = style(
  () => `shpua_${hex(32)}`,
  'shprt_',
  () => hex(32),
  86_400,
)
