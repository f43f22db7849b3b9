import { createHash, timingSafeEqual } from 'node:crypto'

/** RFC 7636 section 4.1: 43–128 characters from the unreserved set. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/
/** A S256 challenge is an unpadded base64url SHA-256: always 43 characters. */
export const PKCE_S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/** The S256 code challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))) (RFC 7636 section 4.2). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/** The provider side of PKCE: does this verifier belong to that challenge? Constant time. */
export function verifyS256(verifier: string, challenge: string): boolean {
  if (!PKCE_VERIFIER.test(verifier) || !PKCE_S256_CHALLENGE.test(challenge)) return false
  return timingSafeEqual(Buffer.from(s256Challenge(verifier)), Buffer.from(challenge))
}
