import type { PageOrder } from '../engine/simulation.repo.js'
import type { AccountObjects } from './provider-kit.js'

/** More than a simulated account holds of one kind: "all of them" for a list read in memory. */
const EVERY = 1_000_000

/**
 * A kind's stored objects in one scope, parsed (optionally only those with a tag), oldest first
 * unless `order` says otherwise; at most `limit` of them.
 */
export const storedList = <T>(
  objects: AccountObjects,
  kind: string,
  scope: string,
  options: { tag?: string | null; order?: PageOrder; limit?: number } = {},
): T[] =>
  objects
    .page(kind, scope, options.tag ?? null, options.limit ?? EVERY, 0, options.order ?? 'asc')
    .rows.map((row) => JSON.parse(row) as T)

/** One stored object, parsed; undefined when there is none. */
export function storedOne<T>(
  objects: AccountObjects,
  kind: string,
  scope: string,
  num: number,
): T | undefined {
  const text = objects.get(kind, scope, num)
  return text === undefined ? undefined : (JSON.parse(text) as T)
}
