/**
 * A "starts with" filter from the search operators: every string that begins with `prefix`
 * sorts between `prefix` and `prefix` followed by the highest code point.
 */
export const startsWith = (prefix: string) => ({ gte: prefix, lt: `${prefix}\u{10FFFF}` })

/** Builds a search filter from UI inputs, leaving out the empty ones. */
export function buildFilter(entries: Record<string, Record<string, unknown> | undefined>) {
  const filter: Record<string, Record<string, unknown>> = {}
  for (const [field, ops] of Object.entries(entries)) if (ops) filter[field] = ops
  return Object.keys(filter).length ? { filter } : {}
}

/** Strips whitespace; empty becomes undefined. */
export const clean = (value: string) => value.trim() || undefined
