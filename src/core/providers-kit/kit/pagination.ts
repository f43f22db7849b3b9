/**
 * The pagination styles providers use, as pure functions over a query and a total or a list:
 * page numbers with a `Link` header (GitHub), an opaque cursor in the body (Slack), an `after` key
 * with a next link in the body (HubSpot), and a `nextLink` URL (Microsoft Graph).
 */

/** A page number and size from the query (`page`, `per_page` by default); bad values fall back. */
export function pageNumberOf(
  query: URLSearchParams,
  sizes: { default: number; max: number },
  names: { page: string; size: string } = { page: 'page', size: 'per_page' },
) {
  const size = Number.parseInt(query.get(names.size) ?? '', 10)
  const page = Number.parseInt(query.get(names.page) ?? '', 10)
  return {
    perPage: Number.isFinite(size) && size > 0 ? Math.min(size, sizes.max) : sizes.default,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/** An RFC 8288 `Link` header (prev, next, last, first) for page numbers, with URLs under `base`. */
export function linkHeader(
  base: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
  total: number,
  names: { page: string; size: string } = { page: 'page', size: 'per_page' },
): string {
  const last = Math.max(1, Math.ceil(total / perPage))
  const at = (n: number) => {
    const q = new URLSearchParams(query)
    q.set(names.size, String(perPage))
    q.set(names.page, String(n))
    return `<${base}?${q.toString()}>`
  }
  const links: string[] = []
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`)
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`)
  if (page > 1) links.push(`${at(1)}; rel="first"`)
  return links.join(', ')
}

/** An opaque cursor: base64 of `<kind>:<position>`, so a cursor of one list is refused by another. */
export const encodeCursor = (kind: string, position: string | number): string =>
  Buffer.from(`${kind}:${position}`).toString('base64')

/** The position a cursor of this kind names; undefined when absent, null when it is not valid. */
export function decodeCursor(value: unknown, kind: string): string | undefined | null {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null
  const text = Buffer.from(value, 'base64').toString('utf8')
  return text.startsWith(`${kind}:`) && text.length > kind.length + 1 ? text.slice(kind.length + 1) : null
}

/**
 * Keyset paging by a numeric key: the items from `after` on (inclusive, as HubSpot's cursors name
 * the first item of the next page), `size` of them, and the key the next page starts at.
 */
export function afterPage<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  after: string | null,
  size: number,
) {
  const rest = items.filter((item) => after === null || Number(keyOf(item)) >= Number(after))
  const next = rest[size]
  return { page: rest.slice(0, size), next: next === undefined ? undefined : keyOf(next) }
}

/** The URL of the next page: `base` with the query's `name` set to `value` (and any others given). */
export function nextLink(base: string, query: URLSearchParams, set: Record<string, string>): string {
  const q = new URLSearchParams(query)
  for (const [name, value] of Object.entries(set)) q.set(name, value)
  return `${base}?${q.toString()}`
}
