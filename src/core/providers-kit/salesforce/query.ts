import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import { type FieldType, fieldNameOf, fieldsOf, type SObjectType, sobjectTypeOf } from './describe.js'
import { likeMatches } from './like.js'
import { allOf, type Ctx, fail, newId, ok, type SRecord, shown, versionOf } from './records.js'
import { type Condition, type Literal, type Named, parseSoql, SoqlSyntaxError } from './soql.js'
import { numOf } from './state.js'

/** `Sforce-Query-Options: batchSize=N`: 200 to 2000 records a batch, 2000 by default. */
const BATCH = { min: 200, max: 2000, default: 2000 }
const MAX_OFFSET = 2000

/** A query's result set, kept for `nextRecordsUrl` (its records as the first answer saw them). */
interface Cursor {
  records: unknown[]
  batch: number
}

function batchSizeOf(ctx: Ctx): number {
  const options = ctx.call.headers.find(([n]) => n.toLowerCase() === 'sforce-query-options')?.[1] ?? ''
  const asked = /batchSize\s*=\s*(\d+)/i.exec(options)?.[1]
  if (asked === undefined) return BATCH.default
  return Math.min(BATCH.max, Math.max(BATCH.min, Number(asked)))
}

/** Salesforce's query error text: the query, a caret under the spot, its row and column. */
const located = (soql: string, at: number, message: string) =>
  `\n${soql}\n${' '.repeat(at)}^\nERROR at Row:1:Column:${at + 1}\n${message}`

class QueryRefusal extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message)
  }
}

const LITERAL_OF: Record<FieldType, Literal['kind']> = {
  string: 'string',
  reference: 'string',
  id: 'string',
  double: 'number',
  int: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
}

const compare = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).toLowerCase().localeCompare(String(b).toLowerCase())

function matcher(soql: string, type: SObjectType, c: Condition): (r: SRecord) => boolean {
  const name = fieldOf(soql, type, c.field)
  const def = fieldsOf(type)[name]!
  const expected = LITERAL_OF[def.type]
  if (c.value.kind !== 'null' && c.value.kind !== expected) {
    const quoted = expected === 'string' ? 'should be enclosed in quotes' : 'should not be enclosed in quotes'
    throw new QueryRefusal(
      'INVALID_FIELD',
      located(
        soql,
        c.field.at,
        `value of filter criterion for field '${name}' must be of type ${def.type} and ${quoted}`,
      ),
    )
  }
  if (c.op === 'LIKE' && expected !== 'string')
    throw new QueryRefusal(
      'INVALID_QUERY_FILTER_OPERATOR',
      located(soql, c.field.at, `invalid operator on field '${name}'`),
    )
  if (c.value.kind === 'null') {
    if (c.op !== '=' && c.op !== '!=') return () => false
    return (r) => (r[name] === null || r[name] === undefined) === (c.op === '=')
  }
  const want = c.value.value
  if (c.op === 'LIKE') {
    const pattern = String(want)
    return (r) => r[name] !== null && r[name] !== undefined && likeMatches(String(r[name]), pattern)
  }
  return (r) => {
    const v = r[name]
    if (v === null || v === undefined) return c.op === '!='
    const d = compare(v, want)
    const ops: Record<Exclude<Condition['op'], 'LIKE'>, boolean> = {
      '=': d === 0,
      '!=': d !== 0,
      '<': d < 0,
      '<=': d <= 0,
      '>': d > 0,
      '>=': d >= 0,
    }
    return ops[c.op as Exclude<Condition['op'], 'LIKE'>]
  }
}

function fieldOf(soql: string, type: SObjectType, field: Named): string {
  const name = fieldNameOf(type, field.name)
  if (name) return name
  throw new QueryRefusal(
    'INVALID_FIELD',
    located(
      soql,
      field.at,
      `No such column '${field.name}' on entity '${type}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
    ),
  )
}

/** The query's records, as the API shows them; throws QueryRefusal or SoqlSyntaxError. */
function run(ctx: Ctx, soql: string): unknown[] {
  const q = parseSoql(soql)
  const type = sobjectTypeOf(q.from.name, true)
  if (!type)
    throw new QueryRefusal(
      'INVALID_TYPE',
      located(
        soql,
        q.from.at,
        `sObject type '${q.from.name}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`,
      ),
    )
  const fields = q.fields.map((f) => fieldOf(soql, type, f))
  const dup = fields.find((f, i) => fields.indexOf(f) !== i)
  if (dup) throw new QueryRefusal('MALFORMED_QUERY', `duplicate field selected: ${dup}`)
  if ((q.offset ?? 0) > MAX_OFFSET)
    throw new QueryRefusal('NUMBER_OUTSIDE_VALID_RANGE', `Maximum SOQL offset allowed is ${MAX_OFFSET}`)
  const tests = q.where.map((c) => matcher(soql, type, c))
  const order = q.orderBy.map((o) => ({ ...o, name: fieldOf(soql, type, o.field) }))
  const rows = allOf(ctx, type).filter((r) => tests.every((t) => t(r)))
  rows.sort((a, b) => {
    for (const o of order) {
      const x = a[o.name] ?? null
      const y = b[o.name] ?? null
      if (x === null || y === null) {
        if (x !== y) return (x === null) === o.nullsFirst ? -1 : 1
        continue
      }
      const d = compare(x, y)
      if (d !== 0) return o.desc ? -d : d
    }
    return 0
  })
  const start = q.offset ?? 0
  const picked = rows.slice(start, q.limit === undefined ? undefined : start + q.limit)
  return picked.map((r) => shown(ctx, type, r, fields))
}

/** One batch of a result set, with `nextRecordsUrl` when more follow. */
function batchAnswer(ctx: Ctx, records: unknown[], from: number, batch: number, locatorId?: string) {
  const end = from + batch
  let id = locatorId
  if (end < records.length && !id) {
    const made = newId(ctx, 'cursor')
    ctx.objects.put('cursor', '', made.num, { records, batch } satisfies Cursor)
    id = made.id
  }
  return ok(ctx, {
    totalSize: records.length,
    done: end >= records.length,
    ...(end < records.length && { nextRecordsUrl: `/services/data/${versionOf(ctx)}/query/${id}-${end}` }),
    records: records.slice(from, end),
  })
}

/** `GET /query?q=SOQL`: the first batch of the result set. */
export function query(ctx: Ctx): ProxyAnswer {
  const soql = queryOf(ctx.call).get('q')
  if (!soql?.trim())
    return fail(ctx, 400, { message: 'A query string has to be specified', errorCode: 'MALFORMED_QUERY' })
  try {
    return batchAnswer(ctx, run(ctx, soql), 0, batchSizeOf(ctx))
  } catch (err) {
    if (err instanceof SoqlSyntaxError)
      return fail(ctx, 400, { message: located(soql, err.at, err.message), errorCode: 'MALFORMED_QUERY' })
    if (err instanceof QueryRefusal) return fail(ctx, 400, { message: err.message, errorCode: err.errorCode })
    throw err
  }
}

/** `GET /query/{cursorId}-{offset}` (a `nextRecordsUrl`): the batch from there. */
export function queryMore(ctx: Ctx): ProxyAnswer {
  const [id, offset] = (ctx.params.locator ?? '').split('-')
  const num = numOf(ctx.state, 'cursor', id)
  const text = num === undefined ? undefined : ctx.objects.get('cursor', '', num)
  const from = Number(offset)
  if (text === undefined || !/^\d+$/.test(offset ?? ''))
    return fail(ctx, 400, { message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' })
  const cursor = JSON.parse(text) as Cursor
  if (from >= cursor.records.length)
    return fail(ctx, 400, { message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' })
  return batchAnswer(ctx, cursor.records, from, cursor.batch, id)
}
