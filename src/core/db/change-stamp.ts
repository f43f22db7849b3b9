import type { Db } from './open.js'

/**
 * A value that changes whenever the database may have changed: this connection wrote a row
 * (`total_changes()`, read every time, so a write is seen by the very next lookup even in the same
 * synchronous stretch), or another connection committed (`PRAGMA data_version`) — the webhook commit
 * worker, or a CLI command in another process. The version is read once per synchronous stretch
 * (the next microtask reads it again): another connection's commit cannot be ordered against this
 * stretch's reads anyway.
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
  const version = db.prepare('PRAGMA data_version').pluck()
  const changes = db.prepare('SELECT total_changes()').pluck()
  let current: unknown
  return () => {
    if (current === undefined) {
      current = version.get()
      queueMicrotask(() => {
        current = undefined
      })
    }
    return `${current}:${changes.get()}`
  }
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
