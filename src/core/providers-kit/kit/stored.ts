import type { PageOrder } from '../engine/simulation.repo.js'
import type { AccountObjects } from './provider-kit.js'

/** Enough rows for a whole kind of one account (lists are filtered and ordered in memory). */
export const WHOLE_KIND = 1_000_000

/**
 * The stored objects of a kind, parsed: the whole kind (or the first `limit`) in one scope,
 * optionally only those with a tag, in the store's order (newest first unless `order` says).
 */
export function storedObjects<T>(
  objects: AccountObjects,
  kind: string,
  options: { scope?: string; tag?: string | null; order?: PageOrder; limit?: number } = {},
): T[] {
  const { scope = '', tag = null, order, limit = WHOLE_KIND } = options
  return objects.page(kind, scope, tag, limit, 0, order).rows.map((r) => JSON.parse(r) as T)
}
