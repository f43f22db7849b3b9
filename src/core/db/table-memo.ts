import { dataVersionOf } from './change-stamp.js'
import type { Db } from './open.js'

/**
 * Reads of one table memoised until that table may have changed. The whole-database change stamp
 * (change-stamp.ts) moves with every write anywhere, and on a busy gateway something is written
 * every few milliseconds (the proxy's `proxy.request` events, captured webhooks), so its memos
 * rarely hit on the proxy path; this one is emptied only by:
 * - a write to the table on this connection: every statement that writes it calls `touch()` (its
 *   repo, and any other module that writes the table), so the very next read sees the write;
 * - a commit on another connection (`PRAGMA data_version`: the commit worker, another process).
 *
 * Transactions: a value read inside a transaction that wrote the table is not kept (it may be rolled
 * back), and when that transaction has ended the memo is emptied once more, commit or rollback.
 * Values are shared between callers: they are frozen, so a caller cannot change the memo's copy.
 */
export interface TableVersion {
  /** Call on every write to the table (before or after the statement, inside its transaction). */
  touch(): void
  /** `lookup` memoised by key; `undefined` (not found) is never kept. At most `max` keys are held. */
  memo<K, V>(lookup: (key: K) => V | undefined, max?: number): (key: K) => V | undefined
}

const registry = new WeakMap<Db, Map<string, TableVersion>>()

/** The version of `table` on this connection (one per table, shared by every module that uses it). */
export function tableVersion(db: Db, table: string): TableVersion {
  let tables = registry.get(db)
  if (!tables) {
    tables = new Map()
    registry.set(db, tables)
  }
  let found = tables.get(table)
  if (!found) {
    found = createTableVersion(db, dataVersionOf(db))
    tables.set(table, found)
  }
  return found
}

/**
 * For code that writes tables generically (snapshots: restore, reset, delete a workspace's rows):
 * every memoised table of the connection is read afresh.
 */
export function touchAllTables(db: Db): void {
  for (const table of registry.get(db)?.values() ?? []) table.touch()
}

function createTableVersion(db: Db, dataVersion: () => unknown): TableVersion {
  let version = 0
  let writtenInTransaction = false
  // A transaction that wrote the table has ended (committed or rolled back): values read during it
  // are gone, and what it left (if anything) is read afresh.
  const settle = () => {
    if (writtenInTransaction && !db.inTransaction) {
      writtenInTransaction = false
      version++
    }
  }
  return {
    touch() {
      version++
      if (db.inTransaction) writtenInTransaction = true
    },
    memo<K, V>(lookup: (key: K) => V | undefined, max = 1_000) {
      const entries = new Map<K, V>()
      let at: string | undefined
      return (key: K) => {
        settle()
        const now = `${dataVersion()}:${version}`
        if (now !== at) {
          entries.clear()
          at = now
        }
        const hit = entries.get(key)
        if (hit !== undefined) return hit
        const value = lookup(key)
        if (value !== undefined && !writtenInTransaction) {
          if (entries.size >= max) entries.clear()
          entries.set(key, deepFreeze(value))
        }
        return value
      }
    },
  }
}

/** Freezes a plain value and everything in it (Buffers excepted: they cannot be frozen). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !Buffer.isBuffer(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
