import { createHmac, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { dataFolderMessage, dataFolderProblem } from './data-folder-problems.js'
import type { Durability } from './db/durability.js'
import { type Db, openDatabase } from './db/open.js'
import { createSettingsRepo } from './settings/settings.repo.js'

export const APP_DIR_NAME = 'Switchyard'
export const DB_FILE = 'switchyard.db'
export const ENCRYPTION_KEY_FILE = 'encryption.key'
export const ADMIN_TOKEN_FILE = 'admin-token'
/** Where the desktop app keeps the key wrapped by Electron safeStorage. */
export const KEYCHAIN_KEY_FILE = 'encryption.key.safe'

/**
 * The OS user-data folder, the same one Electron's `app.getPath('userData')` gives for an app
 * named Switchyard, so the command line and the desktop app share their data.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME)
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_DIR_NAME)
}

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
  /**
   * Supplies the encryption key instead of the plain key file; the desktop app uses this to keep
   * the key wrapped by the OS keychain (Electron safeStorage).
   */
  encryptionKey?: Buffer
  /** How durable each commit is; `full` unless given (see db/durability.ts). */
  durability?: Durability
}

/** Creates (owner-only) and opens a data folder: database, encryption key and admin token. */
export function openDataFolder(dir: string, options: OpenDataFolderOptions = {}): DataFolder {
  const problem = dataFolderProblem(dir)
  if (problem) throw new Error(dataFolderMessage(dir, problem))
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  } catch (err) {
    throw new Error(dataFolderMessage(dir, `it cannot be created (${(err as Error).message})`))
  }
  try {
    chmodSync(dir, 0o700)
  } catch {
    // A folder the user pointed us at may belong to someone else; reading and writing is what matters.
  }
  if (
    !options.encryptionKey &&
    !existsSync(join(dir, ENCRYPTION_KEY_FILE)) &&
    existsSync(join(dir, KEYCHAIN_KEY_FILE))
  ) {
    throw new Error(
      `This data folder belongs to the desktop app: its encryption key is wrapped by the OS keychain (${KEYCHAIN_KEY_FILE}). Open it with the desktop app, or use another folder with --data.`,
    )
  }
  const db = openDatabase({
    path: join(dir, DB_FILE),
    ...(options.durability && { durability: options.durability }),
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
  checkEncryptionKey(db, encryptionKey)
  return { dir, db, encryptionKey, adminToken }
}

/** A fingerprint of the encryption key (HMAC of a constant), safe to store beside the data. */
export const keyFingerprint = (key: Buffer): string =>
  createHmac('sha256', key).update('switchyard encryption key check v1').digest('base64url').slice(0, 22)

/** The settings row that holds the key fingerprint. */
export const KEY_CHECK = 'encryption_key_check'

/**
 * Records the key's fingerprint on first use and refuses a different key later: a swapped or lost
 * `encryption.key` would otherwise leave every stored secret and token silently unreadable.
 */
export function checkEncryptionKey(db: Db, key: Buffer): void {
  const wanted = keyFingerprint(key)
  if (createSettingsRepo(db).getOrCreate(KEY_CHECK, () => wanted) !== wanted) {
    db.close()
    throw new Error(
      `The encryption key does not match this data folder's database: secrets and tokens stored in it cannot be read with it. Restore the folder's original ${ENCRYPTION_KEY_FILE}.`,
    )
  }
}

/** The fingerprint recorded in a database, if any. */
export const storedKeyFingerprint = (db: Db): string | undefined => createSettingsRepo(db).get(KEY_CHECK)
