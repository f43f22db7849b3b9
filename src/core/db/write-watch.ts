import type Database from 'better-sqlite3'

// Not open.ts's Db: open.ts installs this on every connection it makes.
type Db = Database.Database

const listeners = new WeakMap<Db, Set<() => void>>()

/**
 * Tells `listener` before every statement on this connection that may write (better-sqlite3's
 * `readonly` is false: INSERT, UPDATE, DELETE, DDL), whoever prepared it, before every `exec`, and
 * after every transaction made with `db.transaction` ends, committed or rolled back. The
 * table stamps (table-stamp.ts) use it to read the table versions again after a write of this
 * connection, without a query before every memoised lookup. Installed on every connection by
 * `connect`; statements prepared before a listener was added are watched too.
 */
export function onWrite(db: Db, listener: () => void): void {
  let set = listeners.get(db)
  if (!set) {
    set = new Set()
    listeners.set(db, set)
  }
  set.add(listener)
}

/** Makes `db.prepare` hand out statements that announce their writes (see onWrite). */
export function watchWrites(db: Db): Db {
  const prepare = db.prepare.bind(db)
  const announce = () => {
    for (const listener of listeners.get(db) ?? []) listener()
  }
  db.prepare = ((source: string) => {
    const statement = prepare(source)
    if (statement.readonly) return statement
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const call = statement[method].bind(statement) as (...args: unknown[]) => unknown
      Object.defineProperty(statement, method, {
        value: (...args: unknown[]) => {
          announce()
          return call(...args)
        },
      })
    }
    return statement
  }) as Db['prepare']
  const exec = db.exec.bind(db)
  db.exec = (source: string) => {
    announce()
    return exec(source)
  }
  // A transaction's end (commit or rollback) is announced too: what was read inside it may be gone.
  const transaction = db.transaction.bind(db)
  db.transaction = ((work: (...args: never[]) => unknown) => {
    const inner = transaction(work)
    const ending =
      <F extends (...args: never[]) => unknown>(run: F) =>
      (...args: Parameters<F>) => {
        try {
          return run(...args)
        } finally {
          announce()
        }
      }
    return Object.assign(ending(inner), {
      deferred: ending(inner.deferred),
      immediate: ending(inner.immediate),
      exclusive: ending(inner.exclusive),
      default: ending(inner.default),
    })
  }) as Db['transaction']
  return db
}
