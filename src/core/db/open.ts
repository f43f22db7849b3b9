import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { type Durability, synchronousPragma } from './durability.js'
import { applyMigrations } from './migrate.js'
import { MIGRATIONS } from './migrations/index.js'
import { watchWrites } from './write-watch.js'

export type Db = Database.Database

export interface OpenDatabaseOptions {
  /** Path to the SQLite file, or ':memory:'. */
  path: string
  /** `full` unless given: see durability.ts. */
  durability?: Durability
}

/**
 * Opens the database with the pragmas the gateway relies on and applies pending migrations.
 * `synchronous = FULL` in WAL mode makes every committed transaction durable across power loss,
 * which is what "an acknowledged webhook is never lost" needs; group commit pays for it. A server
 * may choose `synchronous = NORMAL` instead (durability.ts).
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  makePrivateFile(options.path)
  const db = connect(options.path)
  for (const pragma of CONNECTION_PRAGMAS) db.pragma(pragma)
  if (options.durability) db.pragma(synchronousPragma(options.durability))
  applyMigrations(db, MIGRATIONS)
  return db
}

/** Database files hold the whole capture log and every connection's metadata: owner-only. */
export const PRIVATE_FILE_MODE = 0o600

/**
 * Creates a database file owner-only (0600) before SQLite opens or writes it, whatever the umask;
 * SQLite then gives the `-wal` and `-shm` files it creates the same mode. A file (and its
 * `-wal`/`-shm`) written by an older version with 0644 is narrowed on the way.
 */
export function makePrivateFile(path: string): void {
  if (path === ':memory:' || path === '') return
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, PRIVATE_FILE_MODE)
    } catch {
      // No -wal/-shm yet (SQLite creates them 0600 now), or a file of another user we can still use.
    }
  }
}

/**
 * better-sqlite3's addon, by path. better-sqlite3 13 ships N-API prebuilds inside the package
 * (`prebuilds/<platform>-<arch>.node`, loadable by every Node ≥ 22 and by Electron without a
 * rebuild); a binary compiled on purpose (`build/Release`) wins, as in better-sqlite3 itself. The
 * choice is the package's own (`lib/binding.js`), asked once: the bundled CLI carries
 * better-sqlite3's JavaScript but not its folder, so it must be told where the addon is.
 * Undefined (better-sqlite3 then searches itself) when neither exists.
 */
let addon: { path: string | undefined } | undefined
export function installedAddon(): string | undefined {
  if (!addon) addon = { path: findAddon() }
  return addon.path
}

function findAddon(): string | undefined {
  try {
    const require = createRequire(import.meta.url)
    const dir = dirname(require.resolve('better-sqlite3/package.json'))
    const compiled = join(dir, 'build', 'Release', 'better_sqlite3.node')
    if (existsSync(compiled)) return compiled
    const binding = require(join(dir, 'lib', 'binding.js')) as { getPrebuildPath?: () => string | null }
    return binding.getPrebuildPath?.() ?? undefined
  } catch {
    return undefined
  }
}

/**
 * A plain better-sqlite3 connection (no pragmas, no migrations) whose addon is found as above, its
 * writes announced to whoever listens (write-watch.ts).
 */
export function connect(path: string, options: Database.Options = {}): Db {
  const nativeBinding = options.nativeBinding ?? installedAddon()
  return watchWrites(new Database(path, { ...options, ...(nativeBinding && { nativeBinding }) }))
}

/** Every connection to a data folder's database runs with these (the commit worker's too). */
export const CONNECTION_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
] as const

/**
 * Closes a database after folding the WAL back into the main file, so the folder is one file at rest.
 * On a full disk the fold can fail: the WAL then stays beside the file (SQLite replays it on the next
 * open, nothing committed is lost) and the connection is closed all the same.
 */
export function closeDatabase(db: Db): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch {
    // Kept as a WAL, see above.
  }
  db.close()
}

/** A quick health reading for `doctor`: SQLite's own check and how many migrations are applied. */
export function databaseHealth(db: Db): { integrity: string; applied: number; known: number } {
  const integrity = (db.pragma('quick_check') as Array<{ quick_check: string }>)[0]?.quick_check ?? 'unknown'
  const applied = (db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n
  return { integrity, applied, known: MIGRATIONS.length }
}

const pendingAfterCommit = new WeakMap<Db, Array<() => void>>()

// One transaction function per connection that runs the work it is given: better-sqlite3 builds
// five functions for every `db.transaction(work)`, which every write paid for.
const runners = new WeakMap<Db, Database.Transaction<(work: () => unknown) => unknown>>()
const runnerOf = (db: Db) => {
  let runner = runners.get(db)
  if (!runner) {
    runner = db.transaction((work: () => unknown) => work())
    runners.set(db, runner)
  }
  return runner
}

/**
 * Runs `work` in one transaction (BEGIN IMMEDIATE, so concurrent writers queue instead of failing).
 * Nested calls join the outer transaction. Callbacks queued with `afterCommit` run once the
 * outermost transaction has committed, and are dropped if it rolls back.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  if (db.inTransaction) return work()
  const queue: Array<() => void> = []
  pendingAfterCommit.set(db, queue)
  let result: T
  try {
    result = runnerOf(db).immediate(work) as T
  } finally {
    pendingAfterCommit.delete(db)
  }
  for (const fn of queue) fn()
  return result
}

/** Runs `fn` after the current transaction commits (at once when none is open). */
export function afterCommit(db: Db, fn: () => void): void {
  const queue = pendingAfterCommit.get(db)
  if (queue && db.inTransaction) queue.push(fn)
  else fn()
}
