import { wildcardMatch } from '../../common/wildcard-match.js'
import { isObject, type Json } from './context.js'
import type { CrmObject } from './representations.js'

/** What a filter compares a property with. */
interface Operands {
  value?: string
  values?: string[]
  highValue?: string
}
export interface Filter extends Operands {
  propertyName: string
  operator: Operator
}

export interface SearchRequest {
  filterGroups: Filter[][]
  sorts: Array<{ propertyName: string; descending: boolean }>
  query: string | null
  properties: string[] | null
  limit: number
  after: number
}

/** HubSpot's search limits: 5 groups, 6 filters a group, 18 in all; pages of at most 200. */
export const SEARCH_LIMITS = { groups: 5, perGroup: 6, filters: 18, limit: 200, defaultLimit: 10 }

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined

/** Reads a search body, or says what is wrong with it (HubSpot's 400 VALIDATION_ERROR message). */
export function parseSearch(body: Json): SearchRequest | string {
  const groupsIn = body.filterGroups ?? []
  if (!Array.isArray(groupsIn)) return 'filterGroups must be an array of filter groups.'
  if (groupsIn.length > SEARCH_LIMITS.groups)
    return `Too many filter groups: ${groupsIn.length}. At most ${SEARCH_LIMITS.groups} are allowed.`
  const filterGroups: Filter[][] = []
  let total = 0
  for (const [g, group] of groupsIn.entries()) {
    if (!isObject(group) || !Array.isArray(group.filters))
      return `filterGroups[${g}] must be an object with a filters array.`
    if (group.filters.length > SEARCH_LIMITS.perGroup)
      return `filterGroups[${g}] has ${group.filters.length} filters; at most ${SEARCH_LIMITS.perGroup} are allowed in a group.`
    total += group.filters.length
    const filters: Filter[] = []
    for (const [f, raw] of group.filters.entries()) {
      const at = `filterGroups[${g}].filters[${f}]`
      if (!isObject(raw) || typeof raw.propertyName !== 'string' || raw.propertyName === '')
        return `${at}.propertyName is required.`
      const operator = raw.operator ?? 'EQ'
      if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator))
        return `${at}.operator: '${String(operator)}' is not a valid operator. Expected one of: ${OPERATORS.join(', ')}.`
      const filter: Filter = { propertyName: raw.propertyName.toLowerCase(), operator: operator as Operator }
      const value = scalar(raw.value)
      if (value !== undefined) filter.value = value
      const high = scalar(raw.highValue)
      if (high !== undefined) filter.highValue = high
      if (Array.isArray(raw.values)) filter.values = raw.values.map(scalar).filter((v) => v !== undefined)
      const needsValue = !['HAS_PROPERTY', 'NOT_HAS_PROPERTY', 'IN', 'NOT_IN'].includes(filter.operator)
      if (needsValue && filter.value === undefined)
        return `${at}: the ${filter.operator} operator needs a value.`
      if ((filter.operator === 'IN' || filter.operator === 'NOT_IN') && !filter.values?.length)
        return `${at}: the ${filter.operator} operator needs values.`
      if (filter.operator === 'BETWEEN' && filter.highValue === undefined)
        return `${at}: the BETWEEN operator needs a value and a highValue.`
      filters.push(filter)
    }
    filterGroups.push(filters)
  }
  if (total > SEARCH_LIMITS.filters)
    return `Too many filters: ${total}. At most ${SEARCH_LIMITS.filters} are allowed across all filter groups.`
  const sortsIn = body.sorts ?? []
  if (!Array.isArray(sortsIn)) return 'sorts must be an array.'
  const sorts: SearchRequest['sorts'] = []
  for (const [i, sort] of sortsIn.entries()) {
    // Both forms HubSpot takes: "-createdate" and {propertyName, direction}.
    if (typeof sort === 'string' && sort.replace(/^-/, '') !== '')
      sorts.push({ propertyName: sort.replace(/^-/, '').toLowerCase(), descending: sort.startsWith('-') })
    else if (isObject(sort) && typeof sort.propertyName === 'string') {
      const direction = sort.direction ?? 'ASCENDING'
      if (direction !== 'ASCENDING' && direction !== 'DESCENDING')
        return `sorts[${i}].direction must be ASCENDING or DESCENDING.`
      sorts.push({ propertyName: sort.propertyName.toLowerCase(), descending: direction === 'DESCENDING' })
    } else return `sorts[${i}] must be a property name or {propertyName, direction}.`
  }
  if (body.query !== undefined && body.query !== null && typeof body.query !== 'string')
    return 'query must be a string.'
  const props = body.properties
  if (props !== undefined && (!Array.isArray(props) || !props.every((p) => typeof p === 'string')))
    return 'properties must be an array of property names.'
  const limit = body.limit ?? SEARCH_LIMITS.defaultLimit
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0)
    return 'limit must be a whole number.'
  if (limit > SEARCH_LIMITS.limit) return `limit may be at most ${SEARCH_LIMITS.limit}.`
  const after =
    body.after === undefined || body.after === null || body.after === '' ? '0' : scalar(body.after)
  if (after === undefined || !/^\d{1,9}$/.test(after))
    return 'after must be the paging.next.after of an earlier page.'
  return {
    filterGroups,
    sorts,
    query: typeof body.query === 'string' && body.query.trim() !== '' ? body.query.trim() : null,
    properties: (props as string[] | undefined) ?? null,
    limit,
    after: Number(after),
  }
}

/** Dates compare as epoch milliseconds (HubSpot takes either form in filters); numbers as numbers. */
function comparable(value: string): number | string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value)) {
    const ms = Date.parse(value)
    if (!Number.isNaN(ms)) return ms
  }
  return value.toLowerCase()
}
function compare(a: string, b: string): number {
  const x = comparable(a)
  const y = comparable(b)
  if (typeof x === 'number' && typeof y === 'number') return x - y
  return String(x).localeCompare(String(y))
}

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** CONTAINS_TOKEN: a word of the value matches the token; `*` is a wildcard (`*@example.com`). */
function containsToken(value: string, token: string): boolean {
  const t = token.toLowerCase()
  if (t.includes('*')) {
    return wildcardMatch(t, value.toLowerCase()) || tokens(value).some((w) => wildcardMatch(t, w))
  }
  const words = tokens(value)
  const wanted = tokens(t)
  return wanted.length > 0 && wanted.every((w) => words.includes(w))
}

type Test = (raw: string, v: string, f: Operands) => boolean
const is =
  (test: (c: number) => boolean): Test =>
  (raw, v) =>
    test(compare(raw, v))
const among = (raw: string, f: Operands) => (f.values ?? []).some((x) => compare(raw, x) === 0)

/** The operators of HubSpot's CRM search (all of them), each on a property the object has. */
const TESTS = {
  EQ: is((c) => c === 0),
  NEQ: is((c) => c !== 0),
  LT: is((c) => c < 0),
  LTE: is((c) => c <= 0),
  GT: is((c) => c > 0),
  GTE: is((c) => c >= 0),
  BETWEEN: (raw, v, f) => compare(raw, v) >= 0 && compare(raw, f.highValue ?? '') <= 0,
  IN: (raw, _v, f) => among(raw, f),
  NOT_IN: (raw, _v, f) => !among(raw, f),
  HAS_PROPERTY: () => true,
  NOT_HAS_PROPERTY: () => false,
  CONTAINS_TOKEN: (raw, v) => containsToken(raw, v),
  NOT_CONTAINS_TOKEN: (raw, v) => !containsToken(raw, v),
} satisfies Record<string, Test>
type Operator = keyof typeof TESTS
export const OPERATORS = Object.keys(TESTS) as Operator[]
/** The operators an object without the property matches. */
const NEGATIVE: ReadonlySet<string> = new Set(['NEQ', 'NOT_IN', 'NOT_HAS_PROPERTY', 'NOT_CONTAINS_TOKEN'])

function matches(object: CrmObject, f: Filter): boolean {
  const raw = object.properties[f.propertyName]
  if (raw === null || raw === undefined || raw === '') return NEGATIVE.has(f.operator)
  return TESTS[f.operator](raw, f.value ?? '', f)
}

/**
 * The objects a search selects, in order: filter groups are ORed, filters within a group ANDed;
 * `query` matches a word prefix in the default searchable properties; by `sorts`, else by id.
 */
export function runSearch(objects: CrmObject[], request: SearchRequest, searchable: readonly string[]) {
  const q = request.query ? tokens(request.query) : []
  const selected = objects.filter(
    (o) =>
      (request.filterGroups.length === 0 ||
        request.filterGroups.some((g) => g.every((f) => matches(o, f)))) &&
      (q.length === 0 ||
        q.every((word) =>
          searchable.some((p) => {
            const value = o.properties[p]
            return (
              !!value &&
              (value.toLowerCase().startsWith(word) || tokens(value).some((t) => t.startsWith(word)))
            )
          }),
        )),
  )
  const byId = (a: CrmObject, b: CrmObject) => Number(a.id) - Number(b.id)
  return selected.sort((a, b) => {
    for (const s of request.sorts) {
      const x = a.properties[s.propertyName] ?? ''
      const y = b.properties[s.propertyName] ?? ''
      const c = compare(x, y)
      if (c !== 0) return s.descending ? -c : c
    }
    return byId(a, b)
  })
}
