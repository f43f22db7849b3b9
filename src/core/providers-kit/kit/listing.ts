/**
 * Lists filtered and ordered in memory, as the list endpoints' query parameters ask
 * (`sort`, `direction`, `since`): the account's objects are few, so the whole kind is read.
 */

export type Direction = 'asc' | 'desc'

type Key = ReadonlyArray<string | number>

const compareKeys = (a: Key, b: Key) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1
  return 0
}

/** The items ordered by a key (its parts compared in turn: a tie-breaker last), either direction. */
export function orderBy<T>(items: readonly T[], key: (item: T) => Key, direction: Direction) {
  const sign = direction === 'asc' ? 1 : -1
  return items
    .map((item) => ({ item, k: key(item) }))
    .sort((a, b) => sign * compareKeys(a.k, b.k))
    .map((x) => x.item)
}

/** One page of an ordered list as stored JSON rows and the total, for a page-number paginator. */
export const slicePage = <T>(items: readonly T[], at: { page: number; perPage: number }) => ({
  rows: items.slice((at.page - 1) * at.perPage, at.page * at.perPage).map((item) => JSON.stringify(item)),
  total: items.length,
})

/** An ISO 8601 timestamp parameter as epoch ms; undefined when absent, null when not a date. */
export function timestampParam(value: string | null): number | undefined | null {
  if (value === null) return undefined
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

/** An enumerated parameter: its value, the default when absent, null when not one of `allowed`. */
export function enumParam<T extends string>(
  value: string | null,
  allowed: readonly T[],
  fallback: T,
): T | null {
  if (value === null || value === '') return fallback
  return (allowed as readonly string[]).includes(value) ? (value as T) : null
}
