import { b64url, style } from '../kit/token-style.js'

/** Entra ID access tokens are JWTs (`eyJ0eXAi…`); refresh tokens are long opaque `0.A…` strings. */
export const graphTokens = style(
  () => `eyJ0eXAiOiJKV1QiLCJub25jZSI6.${b64url(300)}.${b64url(86)}`,
  '0.AVYA',
  () => b64url(300),
  3_599,
)
