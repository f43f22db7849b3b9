import { b64url, style } from '../kit/token-style.js'

/** Atlassian's 3LO tokens are JWTs (`eyJ…`), valid an hour; refresh tokens are opaque. */
export const jiraTokens = style(
  () => `eyJraWQiOiJhdXRoLmF0bGFzc2lhbi5jb20iLCJhbGciOiJSUzI1NiJ9.${b64url(180)}.${b64url(86)}`,
  'eyJraWQiOiJyZWZyZXNoIn0.',
  () => b64url(64),
  3600,
)
