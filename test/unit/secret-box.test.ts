import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox } from '../../src/core/crypto/secret-box.js'

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32))

  it('round-trips a secret', () => {
    expect(box.open(box.seal('whsec_123', 'ctx'), 'ctx')).toBe('whsec_123')
  })

  it('never contains the plaintext and differs on every seal', () => {
    const a = box.seal('super-secret-token')
    expect(a.includes(Buffer.from('super-secret-token'))).toBe(false)
    expect(a.equals(box.seal('super-secret-token'))).toBe(false)
  })

  it('a ciphertext moved to another context does not open', () => {
    expect(() =>
      box.open(box.seal('x', 'provider_configs/a/client_secret'), 'provider_configs/b/client_secret'),
    ).toThrow()
  })

  it('a tampered ciphertext does not open', () => {
    const sealed = box.seal('value')
    sealed[sealed.length - 20]! ^= 1
    expect(() => box.open(sealed)).toThrow()
  })

  it('another key does not open it', () => {
    expect(() => createSecretBox(randomBytes(32)).open(box.seal('value'))).toThrow()
  })

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/)
  })
})
