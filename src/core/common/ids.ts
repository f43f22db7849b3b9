import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Encodes random bytes as base62 (rejection sampling keeps every character uniform). */
export function randomBase62(length: number, random: (n: number) => Buffer = randomBytes): string {
  let out = ''
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

/** Injectable id source: `ids.next('key')` → `key_…`. */
export interface Ids {
  next(prefix: string): string
}

export const randomIds: Ids = { next: (prefix) => `${prefix}_${randomBase62(20)}` }
