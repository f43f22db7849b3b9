import type { VersionedTable } from './migrations/0018-table-versions.js'
import type { Db } from './open.js'
import { onWrite } from './write-watch.js'

/**
 * A value that changes whenever one of `tables` may have changed, for memoUntilChange: their
 * versions in `table_versions`, which triggers set to a new random value on every write to the
 * table (migration 0018), by this connection or any other (a CLI command in another process),
 * foreign-key cascades and snapshot restores included, inside the writing transaction. Writes to
 * other tables leave it alone: the proxy's events every 20 ms and the commit worker's captures no
 * longer empty the memos of keys, providers, configs and connections, as the whole-database change
 * stamp did. A random version is never handed out twice, so a memo filled inside a transaction
 * that rolled back is emptied by the next read.
 *
 * The versions are read with one query and kept (versionsOf) until:
 * - this connection runs a statement that may write, or ends a transaction (write-watch.ts): its
 *   next read sees the write, and nothing read inside a rolled-back transaction is kept;
 * - another connection committed (PRAGMA data_version moved), checked at the first read of each
 *   turn of the event loop (an HTTP request's bytes arrive after whatever was committed before it
 *   was sent) and at the start of each in-process request (forgetTableVersions, from the app's
 *   first middleware): a commit by another process before a request is seen by it.
 */
export function createTableStamp(db: Db, tables: readonly VersionedTable[]): () => string {
  const versions = versionsOf(db)
  if (tables.length === 1) {
    const [table] = tables as [VersionedTable]
    return () => versions.read().get(table) ?? ''
  }
  let from: Map<string, string> | undefined
  let stamp = ''
  return () => {
    const now = versions.read()
    if (now !== from) {
      from = now
      stamp = tables.map((table) => now.get(table)).join(':')
    }
    return stamp
  }
}

/**
 * What another connection committed is looked for again by the next stamp (see createTableStamp):
 * cheaply, as PRAGMA data_version, which only moves when another connection has committed.
 */
export function forgetTableVersions(db: Db): void {
  held.get(db)?.recheck()
}

const held = new WeakMap<Db, { read: () => Map<string, string>; recheck: () => void }>()

function versionsOf(db: Db) {
  let found = held.get(db)
  if (found) return found
  const all = db.prepare('SELECT name, CAST(version AS TEXT) AS version FROM table_versions').raw()
  const dataVersion = db.prepare('PRAGMA data_version').pluck()
  let current: Map<string, string> | undefined
  let seen: unknown
  let recheck = false
  let turnEnds = false
  const forget = () => {
    current = undefined
  }
  found = {
    read: () => {
      if (recheck) {
        recheck = false
        const now = dataVersion.get()
        if (now !== seen) {
          seen = now
          current = undefined
        }
      }
      current ??= new Map(all.all() as Array<[string, string]>)
      if (!turnEnds) {
        turnEnds = true
        setImmediate(() => {
          turnEnds = false
          recheck = true
        })
      }
      return current
    },
    recheck: () => {
      recheck = true
    },
  }
  onWrite(db, forget)
  held.set(db, found)
  return found
}
