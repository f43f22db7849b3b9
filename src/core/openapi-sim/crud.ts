import type { ProxyAnswer } from '../proxy/answerers.js'
import type { CrudContext } from './crud-context.js'
import { generateValue, seededRandom } from './generate-value.js'
import type { MatchedRequest } from './match-request.js'
import { pageOf } from './paginate.js'
import { bodyOf, declaredResponse, errorAnswer, jsonAnswer, successStatus } from './respond.js'
import { deref, jsonSchemaOf, propertiesOf } from './schema-walk.js'
import { validatorsOf } from './validators.js'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Puts the client's fields over a base object (generated, or the stored one) where the answer's
 * schema takes them: a field the schema refuses (a client sent `labels: ["bug"]` where the answer
 * holds label objects) keeps the base value. Only the client's fields are checked, each against
 * its own property schema: the base is valid by construction, and a large answer schema (GitHub's
 * issue) would cost far more to compile whole than the call is worth.
 */
function overlay(ctx: CrudContext, key: string, schema: unknown, base: Obj, sent: unknown): Obj {
  if (!isObj(sent)) return base
  const validators = validatorsOf(ctx.api)
  const { properties } = propertiesOf(ctx.api.doc, schema)
  const closed = (deref(ctx.api.doc, schema)?.additionalProperties ?? true) === false
  const out: Obj = { ...base }
  for (const [field, value] of Object.entries(sent)) {
    const property = properties[field]
    if (!property) {
      if (!closed && !(field in out)) out[field] = value
      continue
    }
    if (validators.check(`${key}/${field}`, property, 'response', value).length === 0) out[field] = value
  }
  return out
}

/** Answers an operation of an inferred resource from the connection's stored objects. */
export function answerResource(ctx: CrudContext, request: MatchedRequest): ProxyAnswer {
  const { operation } = request
  const resource = operation.resource!
  const { repo, workspaceId, connectionId } = ctx
  const collectionPath =
    operation.role === 'create' || operation.role === 'list'
      ? request.path
      : request.path.slice(0, request.path.lastIndexOf('/')) || '/'
  const id = String(request.pathParams[resource.idParam] ?? '')
  const itemSchema = resource.schema
  const missing = () =>
    errorAnswer(ctx.api, operation, 404, `No object '${id}' at ${collectionPath}.`, ctx.gen)

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
      const idValue =
        idSchema?.type === 'string'
          ? idSchema.format === 'uuid'
            ? generated[idField as string]
            : String(seq)
          : seq
      const fitted = overlay(ctx, `${operation.pointer}:${status}`, schema, generated, request.body)
      if (idField) fitted[idField] = idValue
      repo.save({
        workspace_id: workspaceId,
        connection_id: connectionId,
        scope: collectionPath,
        id: String(idValue),
        seq,
        body: JSON.stringify(fitted),
      })
      ctx.changed?.('create', fitted)
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
      const fitted = overlay(
        ctx,
        `${operation.pointer}:${status}`,
        schema ?? itemSchema,
        stored,
        request.body,
      )
      if (resource.idField && resource.idField in stored) fitted[resource.idField] = stored[resource.idField]
      repo.save({
        workspace_id: workspaceId,
        connection_id: connectionId,
        scope: collectionPath,
        id,
        seq: found.seq,
        body: JSON.stringify(fitted),
      })
      ctx.changed?.('update', fitted)
      return jsonAnswer(operation, status, schema || status !== 204 ? fitted : undefined)
    }
    case 'delete': {
      const found = repo.get(workspaceId, connectionId, collectionPath, id)
      if (!found || !repo.remove(workspaceId, connectionId, collectionPath, id)) return missing()
      ctx.changed?.('delete', JSON.parse(found.body) as Obj)
      const status = successStatus(operation, 204)
      const declared = declaredResponse(operation, [status])
      return jsonAnswer(operation, status, declared ? bodyOf(ctx.api, declared.response, ctx.gen) : undefined)
    }
    default:
      return pageOf(ctx, request, collectionPath)
  }
}
