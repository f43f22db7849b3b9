import { b64url, style } from '../kit/token-style.js'

/** Google's OAuth tokens: `ya29.a0…` access tokens for an hour, `1//0…` refresh tokens. */
export const googleCalendarTokens = style(
  () => `ya29.a0${b64url(160)}`,
  '1//0',
  () => b64url(100),
  3_599,
)
