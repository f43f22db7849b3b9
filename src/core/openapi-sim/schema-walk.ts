import { resolvePointer } from '../openapi-docs/validate-document.js'

/** A JSON Schema (or OpenAPI Schema Object) node, as parsed from the document. */
export type SchemaNode = Record<string, unknown>

const isObject = (value: unknown): value is SchemaNode =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Follows `$ref`s (local ones; the document was checked to have no other) to the node they name. */
export function deref(doc: unknown, node: unknown): SchemaNode | undefined {
  let current = node
  for (let hops = 0; hops < 32; hops++) {
    if (!isObject(current)) return undefined
    const ref = current.$ref
    if (typeof ref !== 'string') return current
    current = resolvePointer(doc, ref)
  }
  return undefined
}

/** The properties of an object schema, `allOf` parts merged, with the names it requires. */
export function propertiesOf(
  doc: unknown,
  node: unknown,
  depth = 0,
): { properties: Record<string, SchemaNode>; required: Set<string> } {
  const schema = deref(doc, node)
  const properties: Record<string, SchemaNode> = {}
  const required = new Set<string>()
  if (!schema || depth > 8) return { properties, required }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const inner = propertiesOf(doc, part, depth + 1)
    Object.assign(properties, inner.properties)
    for (const name of inner.required) required.add(name)
  }
  if (isObject(schema.properties)) {
    for (const [name, value] of Object.entries(schema.properties)) {
      const resolved = deref(doc, value)
      if (resolved) properties[name] = resolved
    }
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) required.add(String(name))
  return { properties, required }
}

/** The JSON schema of a request body or response (`application/json` or any `+json`), if it declares one. */
export function jsonSchemaOf(doc: unknown, holder: unknown): SchemaNode | undefined {
  const resolved = deref(doc, holder)
  const content = resolved?.content
  if (!isObject(content)) return undefined
  const type =
    Object.keys(content).find((t) => /^application\/json\b|\+json\b/i.test(t)) ??
    Object.keys(content).find((t) => t === '*/*')
  const media = type ? content[type] : undefined
  return isObject(media) && isObject(media.schema) ? (media.schema as SchemaNode) : undefined
}

/** The media type object (`example`, `examples`) of a response's JSON content. */
export function jsonMediaOf(doc: unknown, holder: unknown): SchemaNode | undefined {
  const resolved = deref(doc, holder)
  const content = resolved?.content
  if (!isObject(content)) return undefined
  const type = Object.keys(content).find((t) => /^application\/json\b|\+json\b/i.test(t))
  const media = type ? content[type] : undefined
  return isObject(media) ? media : undefined
}
