import { b64url, style } from '../kit/token-style.js'

/** Connect OAuth tokens look like restricted test keys; refresh tokens are `rt_…`. */
export const stripeTokens = style(
  () => `sk_test_${b64url(99)}`,
  'rt_',
  () => b64url(48),
  31_536_000,
)
