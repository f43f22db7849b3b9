import type { Condition, SortKey, SqlValue } from './plan.js'
import type { SearchField } from './searchable.js'

/** Binds one value as a named parameter and returns its placeholder. */
export type Bind = (value: unknown) => string

const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const

/** SQL for one validated condition. Field expressions come from the allowlist, values are bound. */
export function conditionSql(field: SearchField, condition: Condition, bind: Bind): string {
  const { op, value } = condition
  if (field.exists) {
    const inner =
      op === 'in'
        ? `${field.sql} IN (SELECT value FROM json_each(${bind(JSON.stringify(value))}))`
        : `${field.sql} = ${bind(value)}`
    return op === 'neq' ? `NOT ${field.exists(inner)}` : field.exists(inner)
  }
  switch (op) {
    case 'eq':
      return value === null ? `${field.sql} IS NULL` : `${field.sql} = ${bind(value)}`
    case 'neq':
      // Null-safe: "not equal to x" includes records where the field is empty.
      return value === null ? `${field.sql} IS NOT NULL` : `${field.sql} IS NOT ${bind(value)}`
    case 'in':
      // One JSON parameter instead of up to 100 keeps the statement shape (and cache entry) stable.
      return `${field.sql} IN (SELECT value FROM json_each(${bind(JSON.stringify(value))}))`
    default:
      return `${field.sql} ${COMPARISONS[op]} ${bind(value)}`
  }
}

interface Key {
  sql: string
  direction: 'asc' | 'desc'
  nullable: boolean
  value: SqlValue
}

/** "Strictly after v on this key alone". NULL sorts first ascending and last descending (SQLite). */
function after(k: Key, v: string): string | undefined {
  if (k.direction === 'asc') return k.value === null ? `${k.sql} IS NOT NULL` : `${k.sql} > ${v}`
  if (k.value === null) return undefined
  return k.nullable ? `(${k.sql} < ${v} OR ${k.sql} IS NULL)` : `${k.sql} < ${v}`
}

const same = (k: Key, v: string) => (k.value === null ? `${k.sql} IS NULL` : `${k.sql} = ${v}`)

/**
 * The keyset condition "strictly after the cursor position" for an order. When every key runs
 * the same way and no NULL is involved, one row-value comparison lets SQLite seek the index
 * straight to the position, so a deep page costs what page 1 costs. Otherwise the condition is
 * expanded key by key, null-aware, with the first key's bound repeated so the index still seeks.
 */
export function keysetSql(
  fields: Record<string, SearchField>,
  order: SortKey[],
  position: SqlValue[],
  bind: Bind,
): string {
  const keys: Key[] = order.map((s, i) => {
    const field = fields[s.field]!
    return { sql: field.sql, direction: s.direction, nullable: field.nullable ?? false, value: position[i]! }
  })
  const direction = keys[0]!.direction
  const uniform = keys.every((k) => k.direction === direction)
  const noNulls =
    keys.every((k) => k.value !== null) && (direction === 'asc' || keys.every((k) => !k.nullable))
  const vars = keys.map((k) => (k.value === null ? 'NULL' : bind(k.value)))
  if (uniform && noNulls) {
    return `(${keys.map((k) => k.sql).join(', ')}) ${direction === 'asc' ? '>' : '<'} (${vars.join(', ')})`
  }
  const branches: string[] = []
  keys.forEach((k, i) => {
    const strictly = after(k, vars[i]!)
    if (strictly === undefined) return
    branches.push([...keys.slice(0, i).map((p, j) => same(p, vars[j]!)), strictly].join(' AND '))
  })
  if (branches.length === 0) return '0'
  const first = keys[0]!
  const seek =
    first.value === null || (first.direction === 'desc' && first.nullable)
      ? ''
      : `${first.sql} ${first.direction === 'asc' ? '>=' : '<='} ${vars[0]} AND `
  return `(${seek}(${branches.map((b) => `(${b})`).join(' OR ')}))`
}
