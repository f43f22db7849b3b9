import type { Condition, SqlValue } from './plan.js'

/** The stored form of a field's value, as the search SQL compares it (booleans are 0/1). */
const stored = (value: unknown): SqlValue =>
  value === undefined || value === null
    ? null
    : typeof value === 'boolean'
      ? Number(value)
      : (value as string | number)

/** One condition on one value, with the SQL's NULL rules (a comparison with NULL is false). */
function holds(value: SqlValue, { op, value: wanted }: Condition): boolean {
  switch (op) {
    case 'eq':
      return value === wanted
    case 'neq':
      return value !== wanted
    case 'in':
      return value !== null && (wanted as SqlValue[]).includes(value)
    case 'gt':
      return value !== null && wanted !== null && value > wanted
    case 'gte':
      return value !== null && wanted !== null && value >= wanted
    case 'lt':
      return value !== null && wanted !== null && value < wanted
    case 'lte':
      return value !== null && wanted !== null && value <= wanted
  }
}

/**
 * Does an item (a search result, e.g. a just-committed event) pass a planned filter? The
 * in-memory mirror of conditionSql for plain fields, so a live match agrees with a search.
 */
export const matchesConditions = (item: Record<string, unknown>, conditions: readonly Condition[]): boolean =>
  conditions.every((c) => holds(stored(item[c.field]), c))
