import { deref, propertiesOf, type SchemaNode } from './schema-walk.js'

/** A deterministic source of numbers: the same seed gives the same values (mulberry32). */
export function seededRandom(seed: string): () => number {
  let h = 2166136261
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619)
  let state = h >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface GenerateContext {
  doc: unknown
  random: () => number
  /** The answer's time, for date-time and date fields. */
  now: string
}

const MAX_DEPTH = 10
const hex = (random: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('')

function uuid(random: () => number): string {
  const h = hex(random, 32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const typesOf = (schema: SchemaNode): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : []

function stringOf(schema: SchemaNode, name: string, ctx: GenerateContext): string {
  const n = Math.floor(ctx.random() * 100000)
  const byFormat: Record<string, () => string> = {
    'date-time': () => ctx.now,
    date: () => ctx.now.slice(0, 10),
    time: () => ctx.now.slice(11, 19),
    uuid: () => uuid(ctx.random),
    email: () => `user${n}@example.com`,
    uri: () => `https://example.com/${name || 'resource'}/${n}`,
    url: () => `https://example.com/${name || 'resource'}/${n}`,
    'uri-reference': () => `/${name || 'resource'}/${n}`,
    'uri-template': () => `https://example.com/${name || 'resource'}{/id}`,
    hostname: () => 'example.com',
    ipv4: () => `192.0.2.${n % 255}`,
    ipv6: () => '2001:db8::1',
    byte: () => Buffer.from(`${name}${n}`).toString('base64'),
    binary: () => '',
    password: () => `secret${n}`,
  }
  const format = typeof schema.format === 'string' ? schema.format : ''
  let value =
    byFormat[format]?.() ?? (typeof schema.example === 'string' ? schema.example : `${name || 'string'}-${n}`)
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY
  if (value.length < min) value = value.padEnd(min, 'x')
  return value.slice(0, max)
}

function numberOf(schema: SchemaNode, integer: boolean, ctx: GenerateContext): number {
  if (typeof schema.example === 'number') return schema.example
  const exclusiveMin =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : undefined
  const exclusiveMax =
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 0.5) : undefined
  const min = typeof schema.minimum === 'number' ? schema.minimum : (exclusiveMin ?? 1)
  const max = typeof schema.maximum === 'number' ? schema.maximum : (exclusiveMax ?? min + 1000)
  const value = min + ctx.random() * Math.max(0, max - min)
  return integer ? Math.min(Math.ceil(value), Math.floor(max)) : value
}

/**
 * A value valid against a schema of the document: `const`, `default`, the first `enum` value,
 * then by type (formats honoured; numbers and lengths within their bounds). Objects get their
 * required fields (and optional scalar ones at the top); nullable values deeper than the depth
 * limit are null. Deterministic for a given random source.
 */
export function generateValue(schemaNode: unknown, ctx: GenerateContext, name = '', depth = 0): unknown {
  const schema = deref(ctx.doc, schemaNode)
  if (!schema) return null
  const types = typesOf(schema)
  const nullable = schema.nullable === true || types.includes('null')
  if (depth > MAX_DEPTH && nullable) return null
  if ('const' in schema) return schema.const
  if ('default' in schema && schema.default !== undefined && typeof schema.default !== 'object')
    return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? null
  const choice =
    (Array.isArray(schema.oneOf) && schema.oneOf) || (Array.isArray(schema.anyOf) && schema.anyOf)
  if (choice && !schema.properties && !schema.allOf) {
    const option =
      choice.find((o) => !typesOf(deref(ctx.doc, o) ?? {}).every((t) => t === 'null')) ?? choice[0]
    return generateValue(option, ctx, name, depth + 1)
  }
  const type =
    types.find((t) => t !== 'null') ??
    (schema.properties || schema.allOf ? 'object' : schema.items ? 'array' : undefined)
  switch (type) {
    case 'object':
      return objectOf(schema, ctx, depth)
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY
      const count = Math.min(max, depth > 3 ? min : Math.max(min, 1))
      return Array.from({ length: count }, () => generateValue(schema.items, ctx, name, depth + 1))
    }
    case 'string':
      return stringOf(schema, name, ctx)
    case 'integer':
      return numberOf(schema, true, ctx)
    case 'number':
      return numberOf(schema, false, ctx)
    case 'boolean':
      return ctx.random() < 0.5
    default:
      return nullable ? null : {}
  }
}

function objectOf(schema: SchemaNode, ctx: GenerateContext, depth: number): Record<string, unknown> {
  const { properties, required } = propertiesOf(ctx.doc, schema)
  const out: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) {
    const scalar = !['object', 'array'].includes(String(property.type ?? 'object'))
    if (!required.has(name) && !(depth === 0 && scalar)) continue
    out[name] = generateValue(property, ctx, name, depth + 1)
  }
  return out
}
