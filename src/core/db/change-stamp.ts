import type { Db } from './open.js'

/**
 * A value that changes whenever the database may have changed: this connection wrote a row
 * (`total_changes()`, read every time, so a write is seen by the very next lookup even in the same
 * synchronous stretch), or another connection committed (`PRAGMA data_version`) — the webhook commit
 * worker, or a CLI command in another process; see dataVersionOf for when that is read.
 */
export function createChangeStamp(db: Db): () => string {
  // One per connection, so every memo on it (webhook capture, API identities, replay) shares the read.
  let stamp = stamps.get(db)
  if (!stamp) {
    stamp = readChangeStamp(db)
    stamps.set(db, stamp)
  }
  return stamp
}

const stamps = new WeakMap<Db, () => string>()

function readChangeStamp(db: Db): () => string {
  const version = dataVersionOf(db)
  const changes = db.prepare('SELECT total_changes()').pluck()
  return () => `${version()}:${changes.get()}`
}

const versions = new WeakMap<Db, { read: () => unknown; forget: () => void }>()

/**
 * `PRAGMA data_version` (it moves when another connection commits), shared by every memo on the
 * connection: a proxied call alone consults a dozen memos across as many microtasks, and reading
 * it for each cost a fifth of the call. It is read again at the start of every request (the app's
 * first middleware calls forgetDataVersion), so a change committed by another process before a
 * request was sent is seen by that request; and at the next turn of the event loop (setImmediate)
 * for work that is no request's (timers, the delivery loop, the commit worker's messages).
 */
export function dataVersionOf(db: Db): () => unknown {
  return versionOf(db).read
}

/** The next data_version read goes to the database (see dataVersionOf). */
export function forgetDataVersion(db: Db): void {
  versions.get(db)?.forget()
}

function versionOf(db: Db) {
  let found = versions.get(db)
  if (found) return found
  const version = db.prepare('PRAGMA data_version').pluck()
  let current: unknown
  let scheduled = false
  const forget = () => {
    current = undefined
  }
  found = {
    read: () => {
      if (current === undefined) {
        current = version.get()
        if (!scheduled) {
          scheduled = true
          setImmediate(() => {
            scheduled = false
            forget()
          })
        }
      }
      return current
    },
    forget,
  }
  versions.set(db, found)
  return found
}

/**
 * Memoises a lookup of rows until the change stamp moves: hot paths (webhook capture) look up the
 * same workspace and provider for every request, and rows change rarely. Any write anywhere clears
 * every entry, so a memo never outlives the data it was computed from.
 */
export function memoUntilChange<K, V>(stamp: () => string, lookup: (key: K) => V): (key: K) => V {
  let at: string | undefined
  const memo = new Map<K, V>()
  return (key) => {
    const now = stamp()
    if (now !== at) {
      memo.clear()
      at = now
    }
    if (memo.has(key)) return memo.get(key) as V
    const value = lookup(key)
    memo.set(key, value)
    return value
  }
}
