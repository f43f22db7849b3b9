import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { fillTemplate, placeholdersOf } from '../../src/core/oauth/endpoints.js'
import { PKCE_VERIFIER, s256Challenge, verifyS256 } from '../../src/core/oauth/pkce.js'

/** RFC 7636 appendix B. */
const VECTOR = {
  verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
}

describe('PKCE S256 (RFC 7636)', () => {
  it('the client library derives the appendix B challenge from the appendix B verifier', async () => {
    expect(await oauth.calculatePKCECodeChallenge(VECTOR.verifier)).toBe(VECTOR.challenge)
  })

  it("the simulator's provider-side derivation gives the appendix B challenge too", () => {
    expect(s256Challenge(VECTOR.verifier)).toBe(VECTOR.challenge)
  })

  it('the simulator accepts the appendix B pair', () => {
    expect(verifyS256(VECTOR.verifier, VECTOR.challenge)).toBe(true)
  })

  it('the simulator rejects a verifier that differs by one character', () => {
    expect(verifyS256(`${VECTOR.verifier.slice(0, -1)}X`, VECTOR.challenge)).toBe(false)
  })

  it('the simulator rejects verifiers outside 43–128 unreserved characters', () => {
    for (const bad of ['short', 'a'.repeat(129), `${'a'.repeat(42)} `, `${'a'.repeat(42)}/`]) {
      expect(verifyS256(bad, s256Challenge(bad)), bad).toBe(false)
    }
  })

  it('the verifiers the gateway generates are 43+ unreserved characters and all different', () => {
    const made = Array.from({ length: 50 }, () => oauth.generateRandomCodeVerifier())
    for (const v of made) expect(v).toMatch(PKCE_VERIFIER)
    expect(new Set(made).size).toBe(made.length)
  })
})

describe('provider URL templates', () => {
  it('names the placeholders of a URL', () => {
    expect(placeholdersOf('https://{shop}.myshopify.com/admin/{version}/x')).toEqual(['shop', 'version'])
  })

  it('fills placeholders percent-encoded, so a value cannot change the host or path', () => {
    expect(fillTemplate('https://{shop}.myshopify.com/admin', { shop: 'evil.com/x?#' })).toBe(
      'https://evil.com%2Fx%3F%23.myshopify.com/admin',
    )
  })
})
