import { proxyUrlOf } from '../kit/http.js'
import { afterPage, nextLink } from '../kit/pagination.js'
import {
  allObjects,
  associate,
  associationsOf,
  type Ctx,
  dissociate,
  emitBatch,
  isAnswer,
  isObject,
  iso,
  type Json,
  jsonBody,
  listParam,
  loadObject,
  noContent,
  objectNotFound,
  objectOperation,
  ok,
  queryOf,
  saveObject,
} from './context.js'
import { validationError } from './errors.js'
import { associationsInput, emailTaken, propertiesOf, reindexEmail } from './object-input.js'
import {
  ASSOCIATION_TYPES,
  type CrmObject,
  directionFrom,
  fullObject,
  KINDS,
  kindOf,
  type ObjectKind,
  publicObject,
} from './representations.js'
import { parseSearch, runSearch } from './search.js'

/** `POST /crm/v3/objects/{type}`: 201 with every property set; emits `{kind}.creation`. */
export const createObject = objectOperation('write', (ctx, kind) => {
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const properties = propertiesOf(kind, body, true)
  if (isAnswer(properties)) return properties
  const associations = associationsInput(ctx, kind, body as Json)
  if (isAnswer(associations)) return associations
  const conflict = emailTaken(ctx, kind, properties.email)
  if (conflict) return conflict
  const id = String(ctx.state.next_id[kind]++)
  const at = iso(ctx.nowMs)
  const object: CrmObject = {
    id,
    properties: {
      ...properties,
      createdate: at,
      [KINDS[kind].modified]: at,
      hs_object_id: id,
    },
    createdAt: at,
    updatedAt: at,
    archived: false,
  }
  reindexEmail(ctx, kind, id, undefined, properties.email)
  ctx.saveState(ctx.state)
  saveObject(ctx, kind, object)
  for (const a of associations) associate(ctx, directionFrom(kind), id, a.toId, a.typeIds)
  emitBatch(ctx, [{ subscriptionType: `${kind}.creation`, objectId: Number(id) }])
  return ok(201, fullObject(object))
})

/** The v3 `associations` block of a read: `{companies: {results: [{id, type}]}}`. */
function associationsBlock(ctx: Ctx, kind: ObjectKind, id: string, asked: string[] | null) {
  if (!asked) return undefined
  const block: Record<string, { results: Array<{ id: string; type: string }> }> = {}
  for (const name of asked) {
    const other = kindOf(name)
    if (!other || other === kind) continue
    const direction = directionFrom(kind)
    const results = associationsOf(ctx, direction, id).flatMap((a) =>
      a.associationTypes.map((t) => ({
        id: a.toObjectId,
        type: `${ASSOCIATION_TYPES[direction].name}${t.label ? '' : '_unlabeled'}`,
      })),
    )
    if (results.length > 0) block[KINDS[other].plural] = { results }
  }
  return Object.keys(block).length > 0 ? block : undefined
}

/** An object as a read shows it: the asked-for `properties` and `associations`. */
function readView(ctx: Ctx, kind: ObjectKind, object: CrmObject, query: URLSearchParams) {
  const associations = associationsBlock(ctx, kind, object.id, listParam(query, 'associations'))
  return {
    ...publicObject(kind, object, listParam(query, 'properties')),
    ...(associations && { associations }),
  }
}

/** `GET /crm/v3/objects/{type}/{id}` with `properties`, `associations`, `archived`, `idProperty`. */
export const getObject = objectOperation('read', (ctx, kind) => {
  const query = queryOf(ctx)
  const id = ctx.params.objectId!
  const archived = query.get('archived') === 'true'
  const idProperty = query.get('idProperty')?.toLowerCase()
  let object: CrmObject | undefined
  if (idProperty && idProperty !== 'hs_object_id') {
    // Only unique properties can address an object; of these, contacts have `email`.
    if (kind !== 'contact' || idProperty !== 'email')
      return validationError(`${idProperty} is not a unique identifier property of ${KINDS[kind].plural}.`)
    const found = archived ? undefined : ctx.state.emails[id.toLowerCase()]
    object = found ? loadObject(ctx, kind, found) : undefined
  } else object = loadObject(ctx, kind, id, archived)
  return object ? ok(200, readView(ctx, kind, object, query)) : objectNotFound(kind, id)
})

/** `PATCH /crm/v3/objects/{type}/{id}`: emits one `{kind}.propertyChange` per changed property. */
export const updateObject = objectOperation('write', (ctx, kind) => {
  const id = ctx.params.objectId!
  const byEmail = kind === 'contact' && queryOf(ctx).get('idProperty')?.toLowerCase() === 'email'
  const before = loadObject(ctx, kind, byEmail ? (ctx.state.emails[id.toLowerCase()] ?? '') : id)
  if (!before) return objectNotFound(kind, id)
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const properties = propertiesOf(kind, body, true)
  if (isAnswer(properties)) return properties
  const conflict = emailTaken(ctx, kind, properties.email, before.id)
  if (conflict) return conflict
  const changed = Object.entries(properties).filter(
    ([name, value]) => (before.properties[name] ?? '') !== value,
  )
  const at = iso(ctx.nowMs)
  const after: CrmObject = {
    ...before,
    properties: {
      ...before.properties,
      ...properties,
      ...(changed.length > 0 && { [KINDS[kind].modified]: at }),
    },
    updatedAt: changed.length > 0 ? at : before.updatedAt,
  }
  if ('email' in properties) {
    reindexEmail(ctx, kind, before.id, before.properties.email, properties.email)
    ctx.saveState(ctx.state)
  }
  saveObject(ctx, kind, after)
  emitBatch(
    ctx,
    changed.map(([propertyName, propertyValue]) => ({
      subscriptionType: `${kind}.propertyChange` as const,
      objectId: Number(before.id),
      propertyName,
      propertyValue,
    })),
  )
  return ok(200, fullObject(after))
})

/** `DELETE /crm/v3/objects/{type}/{id}`: 204; archives it and drops its associations; emits `{kind}.deletion`. */
export const archiveObject = objectOperation('write', (ctx, kind) => {
  const id = ctx.params.objectId!
  const object = loadObject(ctx, kind, id)
  // HubSpot answers 204 for an id that is already archived or never existed.
  if (!object) return noContent()
  const at = iso(ctx.nowMs)
  saveObject(ctx, kind, { ...object, archived: true, archivedAt: at, updatedAt: at })
  reindexEmail(ctx, kind, id, object.properties.email)
  ctx.saveState(ctx.state)
  // Associations of an archived record are no longer listed from either end.
  for (const a of associationsOf(ctx, directionFrom(kind), id)) dissociate(ctx, kind, id, a.toObjectId)
  emitBatch(ctx, [{ subscriptionType: `${kind}.deletion`, objectId: Number(id) }])
  return noContent()
})

const LIST_LIMIT = { default: 10, max: 100 }

/** `GET /crm/v3/objects/{type}`: pages by id with `limit` (≤ 100) and `after`, the id the next page starts at. */
export const listObjects = objectOperation('read', (ctx, kind) => {
  const query = queryOf(ctx)
  const rawLimit = query.get('limit')
  const limit = rawLimit === null ? LIST_LIMIT.default : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1)
    return validationError(`limit: '${rawLimit}' is not a valid page size.`)
  const after = query.get('after')
  if (after !== null && !/^\d{1,15}$/.test(after))
    return validationError(`after: '${after}' is not a paging cursor this endpoint returned.`)
  const size = Math.min(limit, LIST_LIMIT.max)
  const all = allObjects(ctx, kind, query.get('archived') === 'true')
  const { page, next } = afterPage(all, (o) => o.id, after, size)
  const link = next && nextLink(proxyUrlOf(ctx.call), query, { after: next, limit: String(size) })
  return ok(200, {
    results: page.map((o) => readView(ctx, kind, o, query)),
    ...(next && { paging: { next: { after: next, link } } }),
  })
})

/** `POST /crm/v3/objects/{type}/search`: `{total, results, paging}`, pages by offset. */
export const searchObjects = objectOperation('read', (ctx, kind) => {
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  if (!isObject(body)) return validationError('Invalid input JSON: expected a search request object.')
  const request = parseSearch(body)
  if (typeof request === 'string') return validationError(request)
  const unknown = [
    ...request.filterGroups.flat().map((f) => f.propertyName),
    ...request.sorts.map((s) => s.propertyName),
  ].filter((name) => !KINDS[kind].known.has(name))
  if (unknown.length > 0)
    return validationError(
      `There was a problem with the request: unknown properties ${unknown.map((n) => `'${n}'`).join(', ')}.`,
    )
  const found = runSearch(allObjects(ctx, kind), request, KINDS[kind].searchable)
  const page = found.slice(request.after, request.after + request.limit)
  const nextAt = request.after + request.limit
  return ok(200, {
    total: found.length,
    results: page.map((o) => publicObject(kind, o, request.properties)),
    ...(nextAt < found.length && { paging: { next: { after: String(nextAt) } } }),
  })
})
