import type { ProxyAnswer } from '../../proxy/answerer.js'
import {
  allObjects,
  associate,
  associationsOf,
  type Ctx,
  canRead,
  canWrite,
  emitBatch,
  isAnswer,
  iso,
  type Json,
  jsonBody,
  listParam,
  loadObject,
  noContent,
  objectNotFound,
  ok,
  queryOf,
  saveAssociation,
  saveObject,
} from './context.js'
import { validationError } from './errors.js'
import { associationsInput, emailTaken, propertiesOf } from './object-input.js'
import {
  ASSOCIATION_TYPES,
  type CrmObject,
  directionFrom,
  fullObject,
  KINDS,
  kindOf,
  type ObjectKind,
  otherKind,
  publicObject,
} from './representations.js'
import { parseSearch, runSearch } from './search.js'

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The object kind a `/crm/v3/objects/{type}…` path names (the route table has checked it). */
const kindFromPath = (ctx: Ctx) => kindOf(ctx.params.objectType!) as ObjectKind
const idFromPath = (ctx: Ctx) => ctx.params.objectId!

/** `POST /crm/v3/objects/{type}`: 201 with every property set; emits `{kind}.creation`. */
export function createObject(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canWrite(ctx, kind)
  if (denied) return denied
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const properties = propertiesOf(kind, body, true)
  if (isAnswer(properties)) return properties
  const associations = associationsInput(ctx, kind, body as Json)
  if (isAnswer(associations)) return associations
  if (kind === 'contact') {
    const conflict = emailTaken(ctx, properties.email)
    if (conflict) return conflict
  }
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
  if (kind === 'contact' && properties.email) ctx.state.emails[properties.email.toLowerCase()] = id
  ctx.saveState(ctx.state)
  saveObject(ctx, kind, object)
  for (const a of associations) associate(ctx, directionFrom(kind), id, a.toId, a.typeIds)
  emitBatch(ctx, [{ subscriptionType: `${kind}.creation`, objectId: Number(id) }])
  return ok(201, fullObject(object))
}

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

/** `GET /crm/v3/objects/{type}/{id}` with `properties`, `associations`, `archived`, `idProperty`. */
export function getObject(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canRead(ctx, kind)
  if (denied) return denied
  const query = queryOf(ctx)
  const id = idFromPath(ctx)
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
  if (!object) return objectNotFound(kind, id)
  const associations = associationsBlock(ctx, kind, object.id, listParam(query, 'associations'))
  return ok(200, {
    ...publicObject(kind, object, listParam(query, 'properties')),
    ...(associations && { associations }),
  })
}

/** `PATCH /crm/v3/objects/{type}/{id}`: emits one `{kind}.propertyChange` per changed property. */
export function updateObject(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canWrite(ctx, kind)
  if (denied) return denied
  const id = idFromPath(ctx)
  const idProperty = queryOf(ctx).get('idProperty')?.toLowerCase()
  const byEmail = kind === 'contact' && idProperty === 'email'
  const before = loadObject(ctx, kind, byEmail ? (ctx.state.emails[id.toLowerCase()] ?? '') : id)
  if (!before) return objectNotFound(kind, id)
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const properties = propertiesOf(kind, body, true)
  if (isAnswer(properties)) return properties
  if (kind === 'contact') {
    const conflict = emailTaken(ctx, properties.email, before.id)
    if (conflict) return conflict
  }
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
  if (kind === 'contact' && 'email' in properties) {
    const old = before.properties.email?.toLowerCase()
    if (old && ctx.state.emails[old] === before.id) delete ctx.state.emails[old]
    if (properties.email) ctx.state.emails[properties.email.toLowerCase()] = before.id
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
}

/** `DELETE /crm/v3/objects/{type}/{id}`: 204; archives it and drops its associations; emits `{kind}.deletion`. */
export function archiveObject(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canWrite(ctx, kind)
  if (denied) return denied
  const id = idFromPath(ctx)
  const object = loadObject(ctx, kind, id)
  // HubSpot answers 204 for an id that is already archived or never existed.
  if (!object) return noContent()
  const at = iso(ctx.nowMs)
  saveObject(ctx, kind, { ...object, archived: true, archivedAt: at, updatedAt: at })
  const email = object.properties.email?.toLowerCase()
  if (kind === 'contact' && email && ctx.state.emails[email] === id) {
    delete ctx.state.emails[email]
    ctx.saveState(ctx.state)
  }
  // Associations of an archived record are no longer listed from either end.
  const other = otherKind(kind)
  for (const a of associationsOf(ctx, directionFrom(kind), id)) {
    saveAssociation(ctx, directionFrom(kind), id, { toObjectId: a.toObjectId, associationTypes: [] })
    saveAssociation(ctx, directionFrom(other), a.toObjectId, { toObjectId: id, associationTypes: [] })
  }
  emitBatch(ctx, [{ subscriptionType: `${kind}.deletion`, objectId: Number(id) }])
  return noContent()
}

const LIST_LIMIT = { default: 10, max: 100 }

/** `GET /crm/v3/objects/{type}`: pages by id with `limit` (≤ 100) and `after`. */
export function listObjects(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canRead(ctx, kind)
  if (denied) return denied
  const query = queryOf(ctx)
  const rawLimit = query.get('limit')
  const limit = rawLimit === null ? LIST_LIMIT.default : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1)
    return validationError(`limit: '${rawLimit}' is not a valid page size.`)
  const after = query.get('after')
  if (after !== null && !/^\d{1,15}$/.test(after))
    return validationError(`after: '${after}' is not a paging cursor this endpoint returned.`)
  const size = Math.min(limit, LIST_LIMIT.max)
  // `after` is the id the next page starts at, as HubSpot's list cursors are.
  const rest = allObjects(ctx, kind, query.get('archived') === 'true').filter(
    (o) => after === null || Number(o.id) >= Number(after),
  )
  const page = rest.slice(0, size)
  const next = rest[size]
  const asked = listParam(query, 'properties')
  const results = page.map((o) => {
    const associations = associationsBlock(ctx, kind, o.id, listParam(query, 'associations'))
    return { ...publicObject(kind, o, asked), ...(associations && { associations }) }
  })
  let paging: unknown
  if (next) {
    const q = new URLSearchParams(query)
    q.set('after', next.id)
    q.set('limit', String(size))
    const link = `${ctx.call.origin}/proxy/${ctx.call.connection.id}${ctx.call.path}?${q.toString()}`
    paging = { next: { after: next.id, link } }
  }
  return ok(200, { results, ...(paging !== undefined && { paging }) })
}

/** `POST /crm/v3/objects/{type}/search`: `{total, results, paging}`, pages by offset. */
export function searchObjects(ctx: Ctx): ProxyAnswer {
  const kind = kindFromPath(ctx)
  const denied = canRead(ctx, kind)
  if (denied) return denied
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
}
