/** Most keys one memo holds before it starts over (a lookup of many distinct keys stays bounded). */
const MAX_KEYS = 10_000

/**
 * Memoises a lookup of rows until `stamp` moves (a table stamp, table-stamp.ts): hot paths look up
 * the same workspace, key, provider and connection for every request, and those rows change
 * rarely. A lookup that throws is not kept. With `freeze`, values are frozen before they are shared,
 * so no caller can change the memo's copy.
 */
export function memoUntilChange<K, V>(
  stamp: () => string,
  lookup: (key: K) => V,
  options: { freeze?: boolean } = {},
): (key: K) => V {
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
    if (memo.size >= MAX_KEYS) memo.clear()
    memo.set(key, options.freeze ? deepFreeze(value) : value)
    return value
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
