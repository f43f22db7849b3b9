/**
 * The `$filter` subset the simulated mailbox understands: comparisons joined by `and`, over
 * `isRead`, `hasAttachments`, `importance`, `subject`, `from/emailAddress/address` and
 * `receivedDateTime` (`eq`, `ne`, `ge`, `gt`, `le`, `lt`). Anything else is a parse failure.
 */
export type Predicate = (item: Record<string, unknown>) => boolean

const OPS = ['eq', 'ne', 'ge', 'gt', 'le', 'lt'] as const
type Op = (typeof OPS)[number]
const FIELDS: Record<string, (item: Record<string, unknown>) => unknown> = {
  isRead: (m) => m.isRead,
  hasAttachments: (m) => m.hasAttachments,
  importance: (m) => m.importance,
  subject: (m) => m.subject,
  receivedDateTime: (m) => m.receivedDateTime,
  'from/emailAddress/address': (m) =>
    ((m.from as { emailAddress?: { address?: string } } | null)?.emailAddress?.address ?? '').toLowerCase(),
}

const CLAUSE =
  /^\s*([A-Za-z/]+)\s+(eq|ne|ge|gt|le|lt)\s+('(?:[^']|'')*'|true|false|null|\d{4}-\d{2}-\d{2}T[\d:.]+Z)\s*$/

function literal(text: string): unknown {
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'")
  if (text === 'true' || text === 'false') return text === 'true'
  if (text === 'null') return null
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z')
}

function compare(op: Op, left: unknown, right: unknown): boolean {
  if (op === 'eq') return left === right
  if (op === 'ne') return left !== right
  if (typeof left !== 'string' || typeof right !== 'string') return false
  const l = Date.parse(left)
  const r = Date.parse(right)
  const [a, b] = Number.isNaN(l) || Number.isNaN(r) ? [left, right] : [l, r]
  return op === 'ge' ? a >= b : op === 'gt' ? a > b : op === 'le' ? a <= b : a < b
}

/** A predicate for a `$filter` expression, or the reason it is not understood. */
export function parseFilter(expression: string): Predicate | { error: string } {
  const clauses = expression.split(/\s+and\s+/i)
  const tests: Predicate[] = []
  for (const clause of clauses) {
    const m = clause.match(CLAUSE)
    const field = m && FIELDS[m[1]!]
    if (!m || !field) return { error: `Invalid filter clause: '${clause.trim()}'.` }
    const op = m[2] as Op
    let right = literal(m[3]!)
    if (right === undefined) return { error: `Invalid date in filter clause: '${clause.trim()}'.` }
    if (m[1] === 'from/emailAddress/address' && typeof right === 'string') right = right.toLowerCase()
    tests.push((item) => compare(op, field(item), right))
  }
  return (item) => tests.every((t) => t(item))
}
