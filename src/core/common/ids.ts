import { randomBytes } from 'node:crypto'
import { AppError } from '../errors.js'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let used = 0

/**
 * Bytes from the system's CSPRNG, drawn from a 4 KiB pool: one call into OpenSSL per hundred ids
 * instead of one per id (webhook capture makes an id per request). A drained pool is replaced, not
 * refilled, so bytes already handed out never change.
 */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n)
  if (used + n > pool.length) {
    pool = randomBytes(POOL_BYTES)
    used = 0
  }
  used += n
  return pool.subarray(used - n, used)
}

const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0))

/** Encodes random bytes as base62 (rejection sampling keeps every character uniform). */
export function randomBase62(length: number, random: (n: number) => Buffer = pooledRandomBytes): string {
  // Character codes, made a string once: an id per captured webhook, so no string per character.
  const codes: number[] = []
  while (codes.length < length) {
    const bytes = random(length * 2)
    for (let i = 0; i < bytes.length && codes.length < length; i++) {
      const byte = bytes[i]!
      if (byte < 248) codes.push(CODES[byte % 62]!)
    }
  }
  return String.fromCharCode(...codes)
}

/** Injectable id source: `ids.next('key')` → `key_…`. */
export interface Ids {
  next(prefix: string): string
}

export const randomIds: Ids = { next: (prefix) => `${prefix}_${randomBase62(20)}` }

/**
 * The id of a new item: the one its creator chose (fixtures declare theirs), else a fresh one. Ids
 * are unique across the gateway, so a chosen id any workspace already holds is refused with a 409
 * that says only that: not whose it is, and no SQL.
 */
export function chosenId(
  ids: Ids,
  prefix: string,
  chosen: string | undefined,
  inUse: (id: string) => boolean,
) {
  if (chosen === undefined) return ids.next(prefix)
  if (inUse(chosen)) throw new AppError('conflict', `The id '${chosen}' is not available; choose another.`)
  return chosen
}
