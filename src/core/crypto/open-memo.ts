import type { SecretBox } from './secret-box.js'

/** How many opened secrets are held at most (then the memo starts over). */
const MAX_OPENED = 1_000

/**
 * A secret box whose `open` remembers what it opened: the proxy opens the connection's tokens on
 * every call (to send them, and to redact them from its event), and an AES-GCM decryption with its
 * key set-up cost more than the rest of a replayed call. A sealed value is immutable bytes with a
 * random IV, authenticated with its context, so the same bytes and context always open to the same
 * text: the memo is keyed by both, and a token refreshed, rotated or revoked is new bytes (or none).
 * The plaintexts it holds are the ones the process already handles on every call; the key that
 * opens all of them is in the same memory.
 */
export function withOpenMemo(box: SecretBox): SecretBox {
  const opened = new Map<string, string>()
  return {
    seal: box.seal,
    open(sealed, context = '') {
      const key = `${context}\0${sealed.toString('base64')}`
      const hit = opened.get(key)
      if (hit !== undefined) return hit
      const text = box.open(sealed, context)
      if (opened.size >= MAX_OPENED) opened.clear()
      opened.set(key, text)
      return text
    },
  }
}
