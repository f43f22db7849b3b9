import { describe, expect, it } from 'vitest'
import { generateKey, hashKey, parseKey, sameHash } from '../../src/core/api-keys/key-format.js'

describe('API key format', () => {
  it('secret keys start with sk_ and publishable keys with pk_', () => {
    expect(generateKey('secret')).toMatch(/^sk_[0-9A-Za-z]{38}$/)
    expect(generateKey('publishable')).toMatch(/^pk_[0-9A-Za-z]{38}$/)
  })

  it('a generated key parses back to its role and display prefix', () => {
    const key = generateKey('publishable')
    expect(parseKey(key)).toEqual({ role: 'publishable', prefix: key.slice(0, 11) })
  })

  it('carries at least 128 bits of randomness (32 base62 characters)', () => {
    expect(32 * Math.log2(62)).toBeGreaterThanOrEqual(128)
    const keys = new Set(Array.from({ length: 2000 }, () => generateKey('secret')))
    expect(keys.size).toBe(2000)
  })

  it('the checksum rejects every single-character typo', () => {
    const key = generateKey('secret')
    for (let i = 3; i < key.length; i++) {
      const replacement = key[i] === 'a' ? 'b' : 'a'
      const typo = key.slice(0, i) + replacement + key.slice(i + 1)
      expect(parseKey(typo), `typo at ${i}`).toBeUndefined()
    }
  })

  it('rejects keys of the wrong shape', () => {
    for (const bad of [
      '',
      'sk_',
      'xx_abc',
      `sk_${'a'.repeat(37)}`,
      `sk_${'a'.repeat(39)}`,
      `SK_${'a'.repeat(38)}`,
    ]) {
      expect(parseKey(bad)).toBeUndefined()
    }
  })

  it('uses the injected randomness, so the body is a pure function of it', () => {
    const zeros = (n: number) => Buffer.alloc(n, 0)
    expect(generateKey('secret', zeros)).toBe(generateKey('secret', zeros))
    expect(generateKey('secret', zeros).slice(3, 35)).toBe('0'.repeat(32))
  })

  it('hashes deterministically and compares hashes in constant time', () => {
    const key = generateKey('secret')
    expect(sameHash(hashKey(key), hashKey(key))).toBe(true)
    expect(sameHash(hashKey(key), hashKey(generateKey('secret')))).toBe(false)
    expect(sameHash(hashKey(key), Buffer.alloc(3))).toBe(false)
  })
})
