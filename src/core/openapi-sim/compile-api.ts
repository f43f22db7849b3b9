import { pointerToken } from '../errors.js'
import { compareTemplates, type PathTemplate, parseTemplate } from './path-template.js'
import { deref, jsonSchemaOf, propertiesOf, type SchemaNode } from './schema-walk.js'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/** What an operation does to an inferred resource, if it belongs to one. */
export type ResourceRole = 'create' | 'list' | 'read' | 'update' | 'delete'

/** A collection path with an item path below it (`/pets` + `/pets/{petId}`): state is kept for it. */
export interface Resource {
  collection: string
  item: string
  /** The item path's last parameter (`petId`, `issue_number`). */
  idParam: string
  /** The object's field that holds that id (`id`, `number`), when the item schema has one. */
  idField: string | undefined
  /** The item's schema (from the item GET, else the create answer). */
  schema: SchemaNode | undefined
}

export interface Operation {
  method: string
  template: PathTemplate
  /** The document's operationId, else `METHOD /path`. */
  id: string
  /** The JSON pointer of the operation object (`#/paths/~1pets/post`). */
  pointer: string
  operation: SchemaNode
  /** Path-level and operation-level parameters, references resolved, operation ones winning. */
  parameters: SchemaNode[]
  resource?: Resource
  role?: ResourceRole
}

/** A document made ready to answer: operations indexed by method and segment count, resources inferred. */
export interface CompiledApi {
  doc: Record<string, unknown>
  basePath: string
  operations: Operation[]
  byMethod: Map<string, Map<number, Operation[]>>
  resources: Resource[]
}

/** The path of the first server URL (`https://api.example.com/v1` → `/v1`), its variables at their defaults. */
function basePathOf(doc: SchemaNode): string {
  const server = Array.isArray(doc.servers) ? (doc.servers[0] as SchemaNode | undefined) : undefined
  if (!server || typeof server.url !== 'string') return ''
  const variables = (server.variables ?? {}) as Record<string, { default?: unknown }>
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => String(variables[name]?.default ?? ''))
  let path: string
  try {
    path = new URL(url, 'http://base.invalid').pathname
  } catch {
    return ''
  }
  return path.replace(/\/+$/, '')
}

/** The field of the item schema that holds the path's id: `issue_number` → `number`, `petId` → `id`. */
function idFieldOf(param: string, schema: SchemaNode | undefined, doc: unknown): string | undefined {
  const { properties } = propertiesOf(doc, schema)
  const snakeTail = param.includes('_') ? param.slice(param.lastIndexOf('_') + 1) : undefined
  const camelTail = /[a-z]([A-Z]\w*)$/.exec(param)?.[1]
  const candidates = [param, snakeTail, camelTail && camelTail[0]?.toLowerCase() + camelTail.slice(1), 'id']
  return candidates.find((name): name is string => !!name && name in properties)
}

const successSchema = (doc: unknown, operation: SchemaNode | undefined): SchemaNode | undefined => {
  const responses = (operation?.responses ?? {}) as Record<string, unknown>
  const status = ['200', '201', '2XX'].find((s) => s in responses)
  return status ? jsonSchemaOf(doc, responses[status]) : undefined
}

function inferResources(doc: SchemaNode, paths: Record<string, SchemaNode>): Resource[] {
  const resources: Resource[] = []
  for (const item of Object.keys(paths)) {
    const last = parseTemplate(item).segments.at(-1)
    if (!last || typeof last === 'string' || last.prefix || last.suffix) continue
    const collection = item.slice(0, item.lastIndexOf('/')) || '/'
    const collectionOps = paths[collection]
    if (!collectionOps || !(collectionOps.get || collectionOps.post)) continue
    const itemOps = paths[item] as SchemaNode
    const schema =
      successSchema(doc, itemOps.get as SchemaNode | undefined) ??
      successSchema(doc, collectionOps.post as SchemaNode | undefined)
    resources.push({
      collection,
      item,
      idParam: last.param,
      idField: idFieldOf(last.param, schema, doc),
      schema,
    })
  }
  return resources
}

const roleOf = (method: string, path: string, resource: Resource): ResourceRole | undefined => {
  if (path === resource.collection)
    return method === 'post' ? 'create' : method === 'get' ? 'list' : undefined
  if (method === 'get') return 'read'
  if (method === 'put' || method === 'patch') return 'update'
  return method === 'delete' ? 'delete' : undefined
}

/** Indexes a validated document's operations and infers its resources. */
export function compileApi(doc: Record<string, unknown>): CompiledApi {
  const paths = (doc.paths ?? {}) as Record<string, SchemaNode>
  const resources = inferResources(doc, paths)
  const byCollection = new Map(resources.map((r) => [r.collection, r]))
  const byItem = new Map(resources.map((r) => [r.item, r]))
  const operations: Operation[] = []
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = deref(doc, rawItem)
    if (!pathItem) continue
    const template = parseTemplate(path)
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : []
    for (const method of METHODS) {
      const operation = deref(doc, pathItem[method])
      if (!operation) continue
      const own = Array.isArray(operation.parameters) ? operation.parameters : []
      const merged = new Map<string, SchemaNode>()
      for (const raw of [...shared, ...own]) {
        const parameter = deref(doc, raw)
        if (parameter) merged.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter)
      }
      const resource = byItem.get(path) ?? byCollection.get(path)
      const role = resource ? roleOf(method, path, resource) : undefined
      operations.push({
        method: method.toUpperCase(),
        template,
        id:
          typeof operation.operationId === 'string'
            ? operation.operationId
            : `${method.toUpperCase()} ${path}`,
        pointer: `#/paths/${pointerToken(path)}/${method}`,
        operation,
        parameters: [...merged.values()],
        ...(resource && role && { resource, role }),
      })
    }
  }
  const byMethod = new Map<string, Map<number, Operation[]>>()
  for (const operation of [...operations].sort((a, b) => compareTemplates(a.template, b.template))) {
    const bySize = byMethod.get(operation.method) ?? new Map<number, Operation[]>()
    byMethod.set(operation.method, bySize)
    const size = operation.template.segments.length
    const bucket = bySize.get(size) ?? []
    bySize.set(size, bucket)
    bucket.push(operation)
  }
  return { doc, basePath: basePathOf(doc), operations, byMethod, resources }
}
