import type { VersionedTable } from './migrations/0018-table-versions.js'
import type { Db } from './open.js'

/**
 * A value that changes whenever one of `tables` may have changed, for memoUntilChange: their
 * versions in `table_versions`, which triggers set to a new random value on every write (migration
 * 0018), by this connection or any other (the commit worker, a CLI command in another process),
 * inside the writing transaction. Unlike the whole-database change stamp, writes to other tables
 * leave it alone: the proxy's events every 20 ms and the commit worker's captures no longer empty
 * the memos of keys, providers, configs and connections. A rolled-back write takes its version
 * back, and a random version is never handed out twice, so a memo filled during that transaction
 * is emptied by the next read. One indexed read per call (the names are this module's constants,
 * never input).
 */
export function createTableStamp(db: Db, tables: readonly VersionedTable[]): () => string {
  const version = (table: VersionedTable) => `(SELECT version FROM table_versions WHERE name = '${table}')`
  const read = db.prepare(`SELECT '' || ${tables.map(version).join(" || ':' || ")}`).pluck()
  return () => read.get() as string
}
