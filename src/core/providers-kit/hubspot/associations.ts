import type { ProxyAnswer } from '../../proxy/answerer.js'
import { afterPage } from '../kit/pagination.js'
import {
  associate,
  associationBetween,
  associationsOf,
  type Ctx,
  canRead,
  canWrite,
  dissociate,
  isAnswer,
  iso,
  type Json,
  jsonBody,
  loadObject,
  noContent,
  objectNotFound,
  ok,
  queryOf,
} from './context.js'
import { validationError } from './errors.js'
import {
  ASSOCIATION_TYPES,
  associationType,
  type Direction,
  directionFrom,
  KINDS,
  kindOf,
  type ObjectKind,
} from './representations.js'

/**
 * Associations v4 between contacts and companies, as `crm.associations.v4.basicApi` calls them:
 * `PUT …/associations/default/{toType}/{toId}` (createDefault), `PUT …/associations/{toType}/{toId}`
 * with types (create), `GET …/associations/{toType}` (getPage), `DELETE …/{toType}/{toId}` (archive).
 */
interface Pair {
  from: ObjectKind
  to: ObjectKind
  fromId: string
  toId: string | undefined
  direction: Direction
}

/** The pair a path names, the caller's scopes checked and both ends found (or the answer instead). */
function pairOf(ctx: Ctx, write: boolean): Pair | ProxyAnswer {
  const { fromType, fromId, toType, toId } = ctx.params
  const from = kindOf(fromType!)!
  const to = kindOf(toType!)!
  for (const kind of [from, to]) {
    const denied = write ? canWrite(ctx, kind) : canRead(ctx, kind)
    if (denied) return denied
  }
  if (!loadObject(ctx, from, fromId!)) return objectNotFound(from, fromId!)
  if (toId !== undefined && write && !loadObject(ctx, to, toId)) return objectNotFound(to, toId)
  return { from, to, fromId: fromId!, toId, direction: directionFrom(from) }
}

/** An operation on the pair its path names, once found (see pairOf). */
const pairOperation =
  (write: boolean, run: (ctx: Ctx, pair: Pair) => ProxyAnswer) =>
  (ctx: Ctx): ProxyAnswer => {
    const pair = pairOf(ctx, write)
    return isAnswer(pair) ? pair : run(ctx, pair)
  }

const spec = (typeId: number) => ({ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId })

/** `PUT …/associations/default/{toType}/{toId}`: the unlabeled type both ways. */
export const createDefaultAssociation = pairOperation(true, (ctx, pair) => {
  const { direction, fromId, toId } = pair
  const typeId = ASSOCIATION_TYPES[direction].unlabeled
  associate(ctx, direction, fromId, toId!, [typeId])
  const back = ASSOCIATION_TYPES[directionFrom(pair.to)].unlabeled
  const at = iso(ctx.nowMs)
  return ok(200, {
    status: 'COMPLETE',
    results: [
      { from: { id: fromId }, to: { id: toId }, associationSpec: spec(typeId) },
      { from: { id: toId }, to: { id: fromId }, associationSpec: spec(back) },
    ],
    startedAt: at,
    completedAt: at,
  })
})

/** `PUT …/associations/{toType}/{toId}` with `[{associationCategory, associationTypeId}]`. */
export const createLabelledAssociation = pairOperation(true, (ctx, pair) => {
  const { direction, fromId, toId } = pair
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const types = ASSOCIATION_TYPES[direction]
  const typeIds = Array.isArray(body)
    ? (body as Array<Json | null>).map((s) =>
        s?.associationCategory === 'HUBSPOT_DEFINED' ? Number(s.associationTypeId) : Number.NaN,
      )
    : []
  if (typeIds.length === 0 || typeIds.some((t) => !associationType(direction, t)))
    return validationError(
      `The body must be an array of association types between ${KINDS[pair.from].plural} and ${KINDS[pair.to].plural}: {"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": ${types.primary} (primary) or ${types.unlabeled}}.`,
    )
  associate(ctx, direction, fromId, toId!, typeIds)
  const now = associationBetween(ctx, direction, fromId, toId!)!
  return ok(201, {
    fromObjectTypeId: KINDS[pair.from].typeId,
    fromObjectId: Number(fromId),
    toObjectTypeId: KINDS[pair.to].typeId,
    toObjectId: Number(toId),
    labels: now.associationTypes.flatMap((t) => (t.label ? [t.label] : [])),
  })
})

/** `GET …/associations/{toType}`: the pairs with their types, by id. */
export const listAssociations = pairOperation(false, (ctx, pair) => {
  const query = queryOf(ctx)
  const limit = Math.min(Number(query.get('limit') ?? 500) || 500, 500)
  const all = associationsOf(ctx, pair.direction, pair.fromId).sort(
    (a, b) => Number(a.toObjectId) - Number(b.toObjectId),
  )
  const { page, next } = afterPage(all, (a) => a.toObjectId, query.get('after'), limit)
  return ok(200, {
    results: page.map((a) => ({ toObjectId: Number(a.toObjectId), associationTypes: a.associationTypes })),
    ...(next && { paging: { next: { after: next } } }),
  })
})

/** `DELETE …/associations/{toType}/{toId}`: every type between the pair, both ways. */
export const removeAssociation = pairOperation(true, (ctx, pair) => {
  dissociate(ctx, pair.from, pair.fromId, pair.toId!)
  return noContent()
})
