import { type Json, plainOf, richText } from './context.js'

/** A data source's property schema: name → `{id, name, type, [type]: options}`. */
export type Schema = Record<string, Json & { id: string; name: string; type: string }>

const SUPPORTED = ['title', 'rich_text', 'checkbox', 'select', 'number'] as const

/**
 * A page's property values as Notion returns them, from what a client sends. Under a data source,
 * names must be in its schema and values of its type; a plain page has only its title. A string is
 * the reason the input was refused.
 */
export function propertyValues(input: unknown, schema: Schema, base: Json = {}): Json | string {
  if (input === undefined) return base
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'body failed validation: body.properties should be an object.'
  const out: Json = { ...base }
  for (const [name, raw] of Object.entries(input as Json)) {
    const prop = schema[name] ?? Object.values(schema).find((p) => p.id === name)
    if (!prop) return `${name} is not a property that exists.`
    const value = (raw ?? {}) as Json
    const given = value[prop.type as string]
    let v: unknown
    switch (prop.type) {
      case 'title':
      case 'rich_text':
        if (!Array.isArray(given)) return `${prop.name} is expected to be ${prop.type}.`
        v = richText(given)
        break
      case 'checkbox':
        if (typeof given !== 'boolean') return `${prop.name} is expected to be checkbox.`
        v = given
        break
      case 'number':
        if (given !== null && typeof given !== 'number') return `${prop.name} is expected to be number.`
        v = given
        break
      case 'select': {
        if (given === null) {
          v = null
          break
        }
        const name = (given as Json | undefined)?.name
        const options = ((prop.select as Json | undefined)?.options ?? []) as Json[]
        const option = options.find((o) => o.name === name)
        if (!option) return `Invalid select option "${String(name)}" for ${prop.name}.`
        v = option
        break
      }
      default:
        return `${prop.name}: properties of type ${prop.type} are not simulated.`
    }
    out[prop.name] = { id: prop.id, type: prop.type, [prop.type]: v }
  }
  return out
}

/** A property value as a comparable: text, boolean, number or the select option's name. */
function propertyValueOf(page: Json, name: string): unknown {
  const prop = ((page.properties ?? {}) as Json)[name] as Json | undefined
  if (!prop) return undefined
  const v = prop[String(prop.type)]
  if (prop.type === 'title' || prop.type === 'rich_text') return plainOf(v)
  if (prop.type === 'select') return (v as Json | null)?.name ?? null
  return v
}

type Test = (page: Json) => boolean

const TEXT_OPS: Record<string, (a: string, b: string) => boolean> = {
  equals: (a, b) => a === b,
  does_not_equal: (a, b) => a !== b,
  contains: (a, b) => a.toLowerCase().includes(b.toLowerCase()),
  does_not_contain: (a, b) => !a.toLowerCase().includes(b.toLowerCase()),
  starts_with: (a, b) => a.startsWith(b),
  ends_with: (a, b) => a.endsWith(b),
}
const NUMBER_OPS: Record<string, (a: number, b: number) => boolean> = {
  equals: (a, b) => a === b,
  does_not_equal: (a, b) => a !== b,
  greater_than: (a, b) => a > b,
  less_than: (a, b) => a < b,
  greater_than_or_equal_to: (a, b) => a >= b,
  less_than_or_equal_to: (a, b) => a <= b,
}

const MAX_COMPOUND_DEPTH = 2

/**
 * A query filter as a test on pages: property conditions on title/rich_text, checkbox, select and
 * number, nested in `and`/`or`. A string is why the filter was refused.
 */
export function filterOf(filter: unknown, schema: Schema, depth = 0): Test | string {
  if (filter === undefined) return () => true
  if (typeof filter !== 'object' || filter === null)
    return 'body failed validation: body.filter should be an object.'
  const f = filter as Json
  for (const join of ['and', 'or'] as const) {
    if (join in f) {
      if (!Array.isArray(f[join])) return `body failed validation: body.filter.${join} should be an array.`
      // Notion nests compound filters at most two deep; it also bounds this walk by the request.
      if (depth >= MAX_COMPOUND_DEPTH)
        return `body failed validation: body.filter compound filters can be nested at most ${MAX_COMPOUND_DEPTH} levels deep.`
      const parts = (f[join] as unknown[]).map((p) => filterOf(p, schema, depth + 1))
      const bad = parts.find((p) => typeof p === 'string')
      if (bad) return bad
      const tests = parts as Test[]
      return join === 'and' ? (p) => tests.every((t) => t(p)) : (p) => tests.some((t) => t(p))
    }
  }
  const name = String(f.property ?? '')
  const prop = schema[name] ?? Object.values(schema).find((p) => p.id === name)
  if (!prop) return `Could not find property with name or id: ${name}`
  const type = prop.type === 'title' || prop.type === 'rich_text' ? ['title', 'rich_text'] : [prop.type]
  const key = type.find((t) => t in f)
  if (!key || !(SUPPORTED as readonly string[]).includes(prop.type))
    return `body failed validation: filter on ${prop.name} (${prop.type}) is not simulated or does not match its type.`
  const [op = '', operand] = Object.entries((f[key] ?? {}) as Json)[0] ?? []
  if (op === 'is_empty') return (p) => [undefined, null, ''].includes(propertyValueOf(p, prop.name) as string)
  if (op === 'is_not_empty')
    return (p) => ![undefined, null, ''].includes(propertyValueOf(p, prop.name) as string)
  if (prop.type === 'checkbox' || prop.type === 'select') {
    if (op !== 'equals' && op !== 'does_not_equal')
      return `body failed validation: ${prop.type} filter ${op} is not simulated.`
    return (p) => (propertyValueOf(p, prop.name) === operand) === (op === 'equals')
  }
  if (prop.type === 'number') {
    const cmp = NUMBER_OPS[op]
    if (!cmp || typeof operand !== 'number')
      return `body failed validation: number filter ${op} is not valid.`
    return (p) => {
      const v = propertyValueOf(p, prop.name)
      return typeof v === 'number' && cmp(v, operand)
    }
  }
  const cmp = TEXT_OPS[op]
  if (!cmp || typeof operand !== 'string') return `body failed validation: text filter ${op} is not valid.`
  return (p) => cmp(String(propertyValueOf(p, prop.name) ?? ''), operand)
}

/** Sorts by properties or `created_time`/`last_edited_time`, in order; a string is why refused. */
export function sortOf(sorts: unknown, schema: Schema): ((a: Json, b: Json) => number) | string {
  if (sorts === undefined) return () => 0
  if (!Array.isArray(sorts)) return 'body failed validation: body.sorts should be an array.'
  const keys: Array<{ get: (p: Json) => unknown; sign: number }> = []
  for (const s of sorts as Json[]) {
    const sign = s.direction === 'descending' ? -1 : 1
    if (s.timestamp === 'created_time' || s.timestamp === 'last_edited_time') {
      const field = s.timestamp
      keys.push({ get: (p) => p[field], sign })
      continue
    }
    const name = String(s.property ?? '')
    const prop = schema[name] ?? Object.values(schema).find((p) => p.id === name)
    if (!prop) return `Could not find sort property with name or id: ${name}`
    keys.push({ get: (p) => propertyValueOf(p, prop.name), sign })
  }
  return (a, b) => {
    for (const k of keys) {
      const x = k.get(a) as string | number | boolean | null
      const y = k.get(b) as string | number | boolean | null
      if (x === y) continue
      if (x === null || x === undefined) return 1
      if (y === null || y === undefined) return -1
      return (x < y ? -1 : 1) * k.sign
    }
    return 0
  }
}
