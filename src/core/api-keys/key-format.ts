import { hash, randomBytes, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { randomBase62 } from '../common/ids.js'

export type KeyRole = 'secret' | 'publishable'

export const ROLE_PREFIX: Record<KeyRole, string> = { secret: 'sk_', publishable: 'pk_' }

/** 32 base62 characters carry ~190 bits of randomness; the spec floor is 128. */
const BODY_LENGTH = 32
const CHECKSUM_LENGTH = 6
const KEY_PATTERN = /^(sk|pk)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/
/** How much of a key is kept in clear to find its row and to show it in listings. */
export const DISPLAY_PREFIX_LENGTH = 11

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

function checksumOf(text: string): string {
  let n = crc32(text)
  let out = ''
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out
    n = Math.floor(n / 62)
  }
  return out
}

/** Creates a new full key: role prefix, random body, CRC-32 checksum suffix (catches typos offline). */
export function generateKey(role: KeyRole, random: (n: number) => Buffer = randomBytes): string {
  const head = ROLE_PREFIX[role] + randomBase62(BODY_LENGTH, random)
  return head + checksumOf(head)
}

/** Parses a presented key; returns undefined when it is not shaped like one of ours or its checksum fails. */
export function parseKey(token: string): { role: KeyRole; prefix: string } | undefined {
  const match = KEY_PATTERN.exec(token)
  if (!match) return undefined
  const head = `${match[1]}_${match[2]}`
  if (checksumOf(head) !== match[3]) return undefined
  return { role: match[1] === 'sk' ? 'secret' : 'publishable', prefix: token.slice(0, DISPLAY_PREFIX_LENGTH) }
}

/** Keys are high-entropy, so one SHA-256 is enough; a slow password hash would buy nothing. */
export const hashKey = (key: string): Buffer => hash('sha256', key, 'buffer')

/** Constant-time comparison of two key hashes. */
export const sameHash = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b)
