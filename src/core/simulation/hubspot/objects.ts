import type { ProxyAnswer } from '../../proxy/answerers.js'
import { hubspotError, validationError } from './answers.js'
import {
  allObjects,
  associationBetween,
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
import {
  ASSOCIATION_TYPES,
  associationType,
  type CrmObject,
  type Direction,
  directionFrom,
  fullObject,
  KINDS,
  kindOf,
  type ObjectKind,
  otherKind,
  publicObject,
  READ_ONLY_PROPERTIES,
  reverseType,
} from './representations.js'
import { parseSearch, runSearch } from './search.js'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** HubSpot's "Property values were not valid" 400, with its per-property entries. */
function invalidProperties(problems: Array<{ name: string; error: string; message: string }>) {
  const details = problems.map((p) => ({
    isValid: false,
    message: p.message,
    error: p.error,
    name: p.name,
    localizedErrorMessage: p.message,
  }))
  return validationError(
    `Property values were not valid: ${JSON.stringify(details)}`,
    problems.map((p) => ({
      message: p.message,
      code: p.error,
      context: { propertyName: [p.name] },
    })),
  )
}

/** The `properties` of a create or update body, checked against the portal's properties. */
function propertiesOf(
  kind: ObjectKind,
  body: unknown,
  required: boolean,
): Record<string, string> | ProxyAnswer {
  if (!isObject(body)) return validationError('Invalid input JSON: expected an object with "properties".')
  if (body.properties === undefined) {
    return required
      ? validationError(
          "Invalid input JSON on line 1, column 2: Missing required creator property 'properties'",
        )
      : {}
  }
  if (!isObject(body.properties))
    return validationError('Invalid input JSON: "properties" must be an object.')
  const out: Record<string, string> = {}
  const problems: Array<{ name: string; error: string; message: string }> = []
  for (const [rawName, value] of Object.entries(body.properties)) {
    const name = rawName.toLowerCase()
    if (!KINDS[kind].known.has(name)) {
      problems.push({ name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` })
      continue
    }
    if (READ_ONLY_PROPERTIES.has(name)) {
      problems.push({
        name,
        error: 'READ_ONLY_VALUE',
        message: `"${name}" is a read only property; its value cannot be set.`,
      })
      continue
    }
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      problems.push({
        name,
        error: 'INVALID_OPTION',
        message: `${JSON.stringify(value)} is not a valid value for "${name}".`,
      })
      continue
    }
    const text = value === null ? '' : String(value)
    if (name === 'email' && text !== '' && !EMAIL.test(text)) {
      problems.push({ name, error: 'INVALID_EMAIL', message: `Email address ${text} is invalid` })
      continue
    }
    out[name] = text
  }
  return problems.length > 0 ? invalidProperties(problems) : out
}

/** HubSpot's 409 when another live contact has the email. */
function emailTaken(ctx: Ctx, email: string | undefined, self?: string): ProxyAnswer | undefined {
  if (!email) return undefined
  const holder = ctx.state.emails[email.toLowerCase()]
  if (!holder || holder === self) return undefined
  return hubspotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${holder}`)
}

/** `associations` of a create body: `[{to: {id}, types: [{associationCategory, associationTypeId}]}]`. */
function associationsInput(ctx: Ctx, kind: ObjectKind, body: Json) {
  const list = body.associations
  if (list === undefined) return []
  if (!Array.isArray(list)) return validationError('Invalid input JSON: "associations" must be an array.')
  const other = otherKind(kind)
  const direction = directionFrom(kind)
  const out: Array<{ toId: string; typeIds: number[] }> = []
  for (const [i, a] of list.entries()) {
    const toId = isObject(a) && isObject(a.to) ? String(a.to.id ?? '') : ''
    const types = isObject(a) && Array.isArray(a.types) ? a.types : []
    const typeIds = types.map((t) => (isObject(t) ? Number(t.associationTypeId) : Number.NaN))
    if (!toId || typeIds.length === 0 || typeIds.some((t) => !associationType(direction, t)))
      return validationError(
        `associations[${i}] must name an existing ${KINDS[other].plural} id ("to": {"id"}) and HUBSPOT_DEFINED types ${ASSOCIATION_TYPES[direction].primary} or ${ASSOCIATION_TYPES[direction].unlabeled}.`,
      )
    if (!loadObject(ctx, other, toId)) return objectNotFound(other, toId)
    out.push({ toId, typeIds })
  }
  return out
}

/** Adds association types between a pair, in both directions. */
export function associate(ctx: Ctx, direction: Direction, fromId: string, toId: string, typeIds: number[]) {
  const back = directionFrom(otherKind(direction.split(':')[0] as ObjectKind))
  const forward = associationBetween(ctx, direction, fromId, toId)?.associationTypes ?? []
  const backward = associationBetween(ctx, back, toId, fromId)?.associationTypes ?? []
  for (const typeId of typeIds) {
    if (!forward.some((t) => t.typeId === typeId)) forward.push(associationType(direction, typeId)!)
    const reverse = reverseType(direction, typeId)
    if (!backward.some((t) => t.typeId === reverse)) backward.push(associationType(back, reverse)!)
  }
  saveAssociation(ctx, direction, fromId, { toObjectId: toId, associationTypes: forward })
  saveAssociation(ctx, back, toId, { toObjectId: fromId, associationTypes: backward })
}

export const kindFromPath = (ctx: Ctx) => kindOf(ctx.call.path.split('/')[4] ?? '') as ObjectKind
const idFromPath = (ctx: Ctx) => decodeURIComponent(ctx.call.path.split('/')[5] ?? '')

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
