import type { ProxyAnswer } from '../proxy/answerers.js'
import type { CompiledApi } from './compile-api.js'
import type { GenerateContext } from './generate-value.js'
import { generateValue, seededRandom } from './generate-value.js'
import type { MatchedRequest } from './match-request.js'
import type { OpenApiStateRepo } from './openapi-state.repo.js'
import { bodyOf, declaredResponse, errorAnswer, jsonAnswer, successStatus } from './respond.js'
import { jsonSchemaOf, propertiesOf } from './schema-walk.js'
import { validatorsOf } from './validators.js'
import { pageOf } from './paginate.js'

export interface CrudContext {
  api: CompiledApi
  repo: OpenApiStateRepo
  workspaceId: string
  connectionId: string
  gen: GenerateContext
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Makes a stored object fit the answer's schema: a top-level field the schema refuses (a client
 * sent `labels: ["bug"]` where the answer holds label objects) falls back to the generated value.
 */
function fitToSchema(ctx: CrudContext, key: string, schema: unknown, value: Obj, generated: Obj): Obj {
  const validators = validatorsOf(ctx.api)
  let current = value
  for (let round = 0; round < 3; round++) {
    const problems = validators.check(key, schema, 'response', current)
    if (problems.length === 0) return current
    const fields = new Set(problems.map((p) => decodeURIComponent(p.pointer.split('/')[1] ?? '').replaceAll('~1', '/').replaceAll('~0', '~')))
    if (fields.has('')) return generated
    current = { ...current }
    for (const field of fields) {
      if (field in generated) current[field] = generated[field]
      else delete current[field]
    }
  }
  return current
}

/** Answers an operation of an inferred resource from the connection's stored objects. */
export function answerResource(ctx: CrudContext, request: MatchedRequest): ProxyAnswer {
  const { operation } = request
  const resource = operation.resource!
  const { repo, workspaceId, connectionId } = ctx
  const collectionPath = operation.role === 'create' || operation.role === 'list' ? request.path : request.path.slice(0, request.path.lastIndexOf('/')) || '/'
  const id = String(request.pathParams[resource.idParam] ?? '')
  const itemSchema = resource.schema
  const missing = () => errorAnswer(ctx.api, operation, 404, `No object '${id}' at ${collectionPath}.`, ctx.gen)

  switch (operation.role) {
    case 'create': {
      const status = successStatus(operation, 201)
      const schema = jsonSchemaOf(ctx.api.doc, declaredResponse(operation, [status])?.response) ?? itemSchema
      const seq = repo.lastSeq(workspaceId, connectionId, collectionPath) + 1
      const gen = { ...ctx.gen, random: seededRandom(`${connectionId} ${collectionPath} ${seq}`) }
      const value = generateValue(schema, gen)
      const generated: Obj = isObj(value) ? value : {}
      const idField = resource.idField
      const idSchema = idField ? propertiesOf(ctx.api.doc, schema).properties[idField] : undefined
      const idValue = idSchema?.type === 'string' ? (idSchema.format === 'uuid' ? generated[idField as string] : String(seq)) : seq
      const merged: Obj = { ...generated, ...(isObj(request.body) ? request.body : {}) }
      if (idField) merged[idField] = idValue
      const fitted = schema ? fitToSchema(ctx, `${operation.pointer}:${status}`, schema, merged, { ...generated, ...(idField && { [idField]: idValue }) }) : merged
      repo.save({ workspace_id: workspaceId, connection_id: connectionId, scope: collectionPath, id: String(idValue), seq, body: JSON.stringify(fitted) })
      return jsonAnswer(operation, status, fitted)
    }
    case 'read': {
      const found = repo.get(workspaceId, connectionId, collectionPath, id)
      return found ? jsonAnswer(operation, successStatus(operation, 200), JSON.parse(found.body)) : missing()
    }
    case 'update': {
      const found = repo.get(workspaceId, connectionId, collectionPath, id)
      if (!found) return missing()
      const stored = JSON.parse(found.body) as Obj
      const status = successStatus(operation, 200)
      const schema = jsonSchemaOf(ctx.api.doc, declaredResponse(operation, [status])?.response)
      const merged: Obj = { ...stored, ...(isObj(request.body) ? request.body : {}) }
      if (resource.idField && resource.idField in stored) merged[resource.idField] = stored[resource.idField]
      const fitted = schema ? fitToSchema(ctx, `${operation.pointer}:${status}`, schema, merged, stored) : merged
      repo.save({ workspace_id: workspaceId, connection_id: connectionId, scope: collectionPath, id, seq: found.seq, body: JSON.stringify(fitted) })
      return jsonAnswer(operation, status, schema || status !== 204 ? fitted : undefined)
    }
    case 'delete': {
      if (!repo.remove(workspaceId, connectionId, collectionPath, id)) return missing()
      const status = successStatus(operation, 204)
      const declared = declaredResponse(operation, [status])
      return jsonAnswer(operation, status, declared ? bodyOf(ctx.api, declared.response, ctx.gen) : undefined)
    }
    default:
      return pageOf(ctx, request, collectionPath)
  }
}
