import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Db, openDatabase } from './db/open.js'

export const DB_FILE = 'switchyard.db'
export const ENCRYPTION_KEY_FILE = 'encryption.key'
export const ADMIN_TOKEN_FILE = 'admin-token'

/** Reads a small secret file, creating it (mode 0600, exclusive) the first time. */
export function readOrCreateSecretFile(path: string, make: () => string): string {
  if (!existsSync(path)) {
    try {
      writeFileSync(path, make(), { mode: 0o600, flag: 'wx' })
    } catch (err) {
      // Another process (the CLI beside a running server) created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  return readFileSync(path, 'utf8').trim()
}

export interface DataFolder {
  dir: string
  db: Db
  /** 32-byte key for tokens and secrets at rest. */
  encryptionKey: Buffer
  /** Local admin token for the UI (random per data folder). */
  adminToken: string
}

export interface OpenDataFolderOptions {
  nativeBinding?: string
  /**
   * Supplies the encryption key instead of the plain key file; the desktop app uses this to keep
   * the key wrapped by the OS keychain (Electron safeStorage).
   */
  encryptionKey?: Buffer
}

/** Creates (owner-only) and opens a data folder: database, encryption key and admin token. */
export function openDataFolder(dir: string, options: OpenDataFolderOptions = {}): DataFolder {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    chmodSync(dir, 0o700)
  } catch {
    // A folder the user pointed us at may belong to someone else; reading and writing is what matters.
  }
  const db = openDatabase({
    path: join(dir, DB_FILE),
    ...(options.nativeBinding && { nativeBinding: options.nativeBinding }),
  })
  const encryptionKey =
    options.encryptionKey ??
    Buffer.from(
      readOrCreateSecretFile(join(dir, ENCRYPTION_KEY_FILE), () => randomBytes(32).toString('base64')),
      'base64',
    )
  const adminToken = readOrCreateSecretFile(
    join(dir, ADMIN_TOKEN_FILE),
    () => `adm_${randomBytes(24).toString('base64url')}`,
  )
  return { dir, db, encryptionKey, adminToken }
}
