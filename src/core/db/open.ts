import Database from 'better-sqlite3'
import { applyMigrations } from './migrate.js'
import { MIGRATIONS } from './migrations/index.js'

export type Db = Database.Database

export interface OpenDatabaseOptions {
  /** Path to the SQLite file, or ':memory:'. */
  path: string
  /** Electron loads its own ABI build of better-sqlite3 through this (CONVENTIONS rule 9). */
  nativeBinding?: string
}

/**
 * Opens the database with the pragmas the gateway relies on and applies pending migrations.
 * `synchronous = FULL` in WAL mode makes every committed transaction durable across power loss,
 * which is what "an acknowledged webhook is never lost" needs; group commit pays for it.
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  const db = new Database(options.path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  applyMigrations(db, MIGRATIONS)
  return db
}

const pendingAfterCommit = new WeakMap<Db, Array<() => void>>()

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
    result = db.transaction(work).immediate()
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
