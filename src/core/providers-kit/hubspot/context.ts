import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer, jsonBodyOf, queryOf as queryOfCall } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { storedList, storedOne } from '../kit/stored-json.js'
import { answer, hubspotError, hubspotHeaders, notFound, validationError } from './errors.js'
import {
  associationType,
  type CrmObject,
  type Direction,
  directionFrom,
  KINDS,
  kindOf,
  type ObjectKind,
  otherKind,
  reverseType,
  type StoredAssociation,
} from './representations.js'
import type { HubspotState } from './state.js'
import { type HubspotEventInput, type HubspotEventType, hubspotWebhook } from './webhooks.js'

export type Ctx = SimulationContext<HubspotState>
export type Json = Record<string, unknown>
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export { isAnswer }

export const ok = (status: number, body: unknown) => answer(status, body, hubspotHeaders())
export const noContent = () => answer(204, null, hubspotHeaders())
export const queryOf = (ctx: Ctx) => queryOfCall(ctx.call)
export const iso = (ms: number) => new Date(ms).toISOString()

/** The JSON body, or HubSpot's 400 for one it cannot read. */
export const jsonBody = (ctx: Ctx): unknown =>
  jsonBodyOf(ctx.call, (problem) =>
    validationError(
      problem.kind === 'malformed'
        ? `Invalid input JSON: ${problem.detail}`
        : 'Invalid input JSON: the request body is empty.',
    ),
  )

/** HubSpot's 403 MISSING_SCOPES unless the token has every scope named. */
export function missingScopes(ctx: Ctx, needed: string[]): ProxyAnswer | undefined {
  const missing = needed.filter((s) => !ctx.scopes.includes(s))
  if (missing.length === 0) return undefined
  return hubspotError(
    403,
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [
        {
          message: 'One or more of the following scopes are required.',
          context: { requiredGranularScopes: missing },
        },
      ],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  )
}
export const canRead = (ctx: Ctx, kind: ObjectKind) => missingScopes(ctx, [KINDS[kind].scopes.read])
export const canWrite = (ctx: Ctx, kind: ObjectKind) => missingScopes(ctx, [KINDS[kind].scopes.write])

/** A `/crm/v3/objects/{type}…` operation on the kind the path names, once the token may read or write it. */
export const objectOperation =
  (access: 'read' | 'write', run: (ctx: Ctx, kind: ObjectKind) => ProxyAnswer) =>
  (ctx: Ctx): ProxyAnswer => {
    // The route table has checked that the path names a kind.
    const kind = kindOf(ctx.params.objectType!)!
    return (access === 'read' ? canRead(ctx, kind) : canWrite(ctx, kind)) ?? run(ctx, kind)
  }

/** A live (or, when asked, archived) object by id. */
export function loadObject(ctx: Ctx, kind: ObjectKind, id: string, archived = false): CrmObject | undefined {
  const object = /^\d{1,15}$/.test(id) ? storedOne<CrmObject>(ctx.objects, kind, '', Number(id)) : undefined
  return object?.archived === archived ? object : undefined
}

export const saveObject = (ctx: Ctx, kind: ObjectKind, object: CrmObject) =>
  ctx.objects.put(kind, '', Number(object.id), object, object.archived ? 'archived' : 'active')

/** Every object of a kind (live or archived), oldest id first. */
export const allObjects = (ctx: Ctx, kind: ObjectKind, archived = false) =>
  storedList<CrmObject>(ctx.objects, kind, '', { tag: archived ? 'archived' : 'active' })

export const objectNotFound = (kind: ObjectKind, id: string) =>
  notFound(`Object not found.  objectId are usually numeric.  ${KINDS[kind].plural} ${id} does not exist.`)

const assocScope = (direction: Direction, fromId: string) => {
  const [from, to] = direction.split(':')
  return `${from}:${fromId}:${to}`
}

/** The live associations from one object to objects of another kind, oldest first. */
export const associationsOf = (ctx: Ctx, direction: Direction, fromId: string) =>
  storedList<StoredAssociation>(ctx.objects, 'association', assocScope(direction, fromId), { tag: 'live' })

export const associationBetween = (ctx: Ctx, direction: Direction, fromId: string, toId: string) => {
  const scope = assocScope(direction, fromId)
  const found = storedOne<StoredAssociation>(ctx.objects, 'association', scope, Number(toId))
  return found && found.associationTypes.length > 0 ? found : undefined
}

/** Stores one direction of a pair (no types left: removed). */
export function saveAssociation(ctx: Ctx, direction: Direction, fromId: string, a: StoredAssociation) {
  const tag = a.associationTypes.length > 0 ? 'live' : 'removed'
  ctx.objects.put('association', assocScope(direction, fromId), Number(a.toObjectId), a, tag)
}

/** Queues one delivery (a batch) with this call's events. */
export function emitBatch(
  ctx: Ctx,
  events: Array<Omit<HubspotEventInput, 'eventId' | 'occurredAt'> & { subscriptionType: HubspotEventType }>,
) {
  if (events.length === 0) return
  const s = ctx.state
  const batch = events.map((e) => ({ ...e, eventId: s.next_event_id++, occurredAt: ctx.nowMs }))
  ctx.saveState(s)
  ctx.emit(hubspotWebhook(s, batch))
}

/** `properties=a,b` and `properties=a&properties=b`, as the SDK sends them. */
export const listParam = (query: URLSearchParams, name: string): string[] | null => {
  const values = query.getAll(name).flatMap((v) => v.split(','))
  const names = values.map((v) => v.trim().toLowerCase()).filter(Boolean)
  return names.length > 0 ? names : null
}

/** Removes every type between a pair, in both directions. */
export function dissociate(ctx: Ctx, from: ObjectKind, fromId: string, toId: string) {
  saveAssociation(ctx, directionFrom(from), fromId, { toObjectId: toId, associationTypes: [] })
  saveAssociation(ctx, directionFrom(otherKind(from)), toId, { toObjectId: fromId, associationTypes: [] })
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
