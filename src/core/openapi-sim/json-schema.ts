import { resolvePointer } from '../openapi-docs/validate-document.js'
import { deref, type SchemaNode } from './schema-walk.js'

/** Which side of an exchange a schema checks: readOnly fields are not required of requests, writeOnly not of answers. */
export type Direction = 'request' | 'response'

const DROPPED = new Set(['discriminator', 'example', 'examples', 'xml', 'externalDocs', 'deprecated'])

/**
 * A self-contained JSON Schema for one schema of the document: every local `$ref` it reaches is
 * converted once into `$defs` (so only what this schema uses is compiled), OpenAPI 3.0's dialect
 * turned into JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`), and
 * `required` relaxed for readOnly (requests) or writeOnly (answers) fields.
 */
export function toJsonSchema(
  doc: Record<string, unknown>,
  schema: unknown,
  direction: Direction,
): SchemaNode {
  const openapi30 = String(doc.openapi).startsWith('3.0')
  const defs: Record<string, unknown> = {}
  const keys = new Map<string, string>()
  const pending: string[] = []
  const refKey = (ref: string) => {
    let key = keys.get(ref)
    if (!key) {
      key = `d${keys.size}`
      keys.set(ref, key)
      pending.push(ref)
    }
    return `#/$defs/${key}`
  }

  const skipFlag = direction === 'request' ? 'readOnly' : 'writeOnly'
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert)
    if (node === null || typeof node !== 'object') return node
    const source = node as SchemaNode
    if (typeof source.$ref === 'string') {
      const ref = refKey(source.$ref)
      // 3.0 ignores a reference's siblings; 3.1 (JSON Schema 2020-12) applies them beside it.
      if (openapi30) return { $ref: ref }
    }
    const out: SchemaNode = {}
    for (const [key, value] of Object.entries(source)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue
      if (key === '$ref') out.$ref = refKey(String(value))
      else if ((key === 'properties' || key === 'patternProperties') && value && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, convert(inner)]))
      } else if (key === 'required' && Array.isArray(value)) {
        const properties = (source.properties ?? {}) as Record<string, unknown>
        out.required = value.filter((name) => deref(doc, properties[String(name)])?.[skipFlag] !== true)
      } else out[key] = convert(value)
    }
    if (openapi30) return dialect30(out)
    return out
  }

  const root = convert(schema) as SchemaNode
  while (pending.length > 0) {
    const ref = pending.shift() as string
    defs[keys.get(ref) as string] = convert(resolvePointer(doc, ref) ?? {})
  }
  return Object.keys(defs).length > 0 ? { ...root, $defs: defs } : root
}

/** OpenAPI 3.0's Schema Object keywords that differ from JSON Schema, rewritten. */
function dialect30(schema: SchemaNode): SchemaNode {
  const out = { ...schema }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound]
        delete out[bound]
      } else delete out[flag]
    }
  }
  if (out.nullable === true) {
    delete out.nullable
    if (typeof out.type === 'string') {
      return {
        ...out,
        type: [out.type, 'null'],
        ...(Array.isArray(out.enum) && { enum: [...out.enum, null] }),
      }
    }
    return { anyOf: [out, { type: 'null' }] }
  }
  delete out.nullable
  return out
}
