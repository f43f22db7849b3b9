import type { FieldError } from '../errors.js'
import type { CompiledApi, Operation } from './compile-api.js'
import { matchTemplate } from './path-template.js'
import { deref, jsonSchemaOf, type SchemaNode } from './schema-walk.js'
import { validatorsOf } from './validators.js'

export interface MatchedRequest {
  operation: Operation
  /** The path below the server's base path (`/pets/7`). */
  path: string
  pathParams: Record<string, unknown>
  query: Record<string, unknown>
  /** The parsed JSON body, or undefined when there is none (or it is not JSON). */
  body: unknown
  problems: FieldError[]
}

/** The operation a method and path name (base path stripped, most specific template first), if any. */
export function findOperation(api: CompiledApi, method: string, rawPath: string) {
  let path = rawPath
  if (api.basePath && (path === api.basePath || path.startsWith(`${api.basePath}/`))) {
    path = path.slice(api.basePath.length) || '/'
  }
  const parts = path.split('/').filter((s) => s !== '')
  for (const operation of api.byMethod.get(method)?.get(parts.length) ?? []) {
    const params = matchTemplate(operation.template, parts)
    if (params) return { operation, path: `/${parts.join('/')}`, params }
  }
  return undefined
}

const header = (headers: Array<[string, string]>, name: string) =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

/** The parameters of one location as an object schema (so ajv coerces and checks them at once). */
function parametersSchema(operation: Operation, location: string): SchemaNode | undefined {
  const declared = operation.parameters.filter((p) => p.in === location)
  if (declared.length === 0) return undefined
  return {
    type: 'object',
    properties: Object.fromEntries(declared.map((p) => [String(p.name), p.schema ?? {}])),
    required: declared.filter((p) => p.required === true || location === 'path').map((p) => String(p.name)),
  }
}

/**
 * Checks a call against its operation: path, query and header parameters coerced to their
 * declared types and validated, and a JSON request body validated against the declared schema.
 * Problems are named by pointer: `/path/petId`, `/query/limit`, `/header/x-key`, the body's own
 * pointers (`/name`), or `` for the body as a whole.
 */
export function checkRequest(
  api: CompiledApi,
  found: NonNullable<ReturnType<typeof findOperation>>,
  call: { query: string; headers: Array<[string, string]>; body: Buffer },
): MatchedRequest {
  const { operation } = found
  const validators = validatorsOf(api)
  const problems: FieldError[] = []
  const query: Record<string, unknown> = {}
  for (const [name, value] of new URLSearchParams(call.query)) {
    const previous = query[name]
    query[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]
  }
  const headers: Record<string, unknown> = {}
  const pathParams: Record<string, unknown> = { ...found.params }
  for (const [location, values] of [
    ['path', pathParams],
    ['query', query],
    ['header', headers],
  ] as const) {
    if (location === 'header') {
      for (const p of operation.parameters.filter((x) => x.in === 'header')) {
        const value = header(call.headers, String(p.name))
        if (value !== undefined) headers[String(p.name)] = value
      }
    }
    const schema = parametersSchema(operation, location)
    if (schema)
      problems.push(...validators.coerce(`${operation.pointer}:${location}`, schema, values, `/${location}`))
  }

  let body: unknown
  const requestBody = deref(api.doc, operation.operation.requestBody)
  const schema = jsonSchemaOf(api.doc, requestBody)
  if (call.body.length === 0) {
    if (requestBody?.required === true) problems.push({ pointer: '', detail: 'a request body is required' })
  } else if (schema && /json/i.test(header(call.headers, 'content-type') ?? 'application/json')) {
    try {
      body = JSON.parse(call.body.toString('utf8'))
      problems.push(...validators.check(`${operation.pointer}:body`, schema, 'request', body))
    } catch {
      problems.push({ pointer: '', detail: 'the request body is not valid JSON' })
    }
  }
  return { operation, path: found.path, pathParams, query, body, problems }
}
