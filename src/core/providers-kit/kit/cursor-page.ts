import { decodeCursor, encodeCursor } from './pagination.js'

/**
 * One page of an ordered list after an opaque cursor of `kind` that names the previous page's
 * last item by its key: at most `limit` items (at least one), and the next page's cursor, '' after
 * the last page. Null when the cursor is not one of this list's (another list's, or an item gone).
 */
export function cursorPage<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  cursor: unknown,
  kind: string,
  limit: number,
): { page: T[]; next: string } | null {
  const after = decodeCursor(cursor, kind)
  if (after === null) return null
  const start = after === undefined ? 0 : items.findIndex((item) => keyOf(item) === after) + 1
  if (after !== undefined && start === 0) return null
  const page = items.slice(start, start + Math.max(1, limit))
  const more = start + page.length < items.length
  return { page, next: more ? encodeCursor(kind, keyOf(page.at(-1)!)) : '' }
}
