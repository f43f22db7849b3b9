import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ENCRYPTION_KEY_FILE, KEYCHAIN_KEY_FILE } from '../core/data-folder.js'

/** The data folder's encryption key, wrapped by the OS keychain (Electron safeStorage). */
export const WRAPPED_KEY_FILE = KEYCHAIN_KEY_FILE

/** The parts of Electron's `safeStorage` this needs (an interface, so it is testable in Node). */
export interface KeyProtector {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(wrapped: Buffer): string
  /** Linux only: `basic_text` means a hard-coded password, i.e. no real protection. */
  getSelectedStorageBackend?(): string
}

const protects = (p: KeyProtector) =>
  p.isEncryptionAvailable() && (p.getSelectedStorageBackend?.() ?? 'os') !== 'basic_text'

/**
 * The 32-byte key for secrets at rest. A folder created by the desktop app keeps it wrapped by
 * the OS keychain; a folder that already has the command line's plain key file keeps using that
 * file (the command line needs it). Returns undefined to let the data folder use the plain file,
 * and says why through `warn`.
 */
export function loadEncryptionKey(
  dir: string,
  protector: KeyProtector,
  warn: (message: string) => void,
): Buffer | undefined {
  const wrappedPath = join(dir, WRAPPED_KEY_FILE)
  if (existsSync(wrappedPath)) {
    if (!protector.isEncryptionAvailable()) {
      throw new Error(
        `The encryption key in ${dir} is protected by the OS keychain, which is not available right now. Unlock your keychain (or log in to a desktop session) and start Switchyard again.`,
      )
    }
    const key = Buffer.from(protector.decryptString(readFileSync(wrappedPath)), 'base64')
    if (key.length !== 32) throw new Error(`${wrappedPath} does not hold a 32-byte key`)
    return key
  }
  if (existsSync(join(dir, ENCRYPTION_KEY_FILE))) {
    warn(
      `The encryption key is the command line's plain file ${join(dir, ENCRYPTION_KEY_FILE)} (readable only by you), because this data folder is shared with \`switchyard serve\`; it is not moved into the OS keychain.`,
    )
    return undefined
  }
  if (!protects(protector)) {
    warn(
      'This system offers no OS keychain to Switchyard (Electron safeStorage is unavailable or uses a fixed password), so the encryption key for tokens and secrets is stored in a plain file readable only by you.',
    )
    return undefined
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const key = randomBytes(32)
  writeFileSync(wrappedPath, protector.encryptString(key.toString('base64')), { mode: 0o600, flag: 'wx' })
  return key
}
