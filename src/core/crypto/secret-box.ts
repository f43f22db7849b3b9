import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM for secrets at rest (client secrets, webhook secrets, OAuth tokens).
 * Layout: version byte | 12-byte IV | ciphertext | 16-byte tag. The optional `context` is bound as
 * additional authenticated data, so a ciphertext copied to another row or column fails to open.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes')
  return {
    seal(plaintext: string, context = ''): Buffer {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()])
    },
    open(sealed: Buffer, context = ''): string {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION)
        throw new Error('Unknown secret format')
      const iv = sealed.subarray(1, 1 + IV_BYTES)
      const tag = sealed.subarray(sealed.length - TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(tag)
      return Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>
