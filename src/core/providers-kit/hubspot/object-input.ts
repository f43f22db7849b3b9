import type { ProxyAnswer } from '../../proxy/answerer.js'
import { type Ctx, isObject, type Json, loadObject, objectNotFound } from './context.js'
import { hubspotError, validationError } from './errors.js'
import {
  ASSOCIATION_TYPES,
  associationType,
  directionFrom,
  KINDS,
  type ObjectKind,
  otherKind,
  READ_ONLY_PROPERTIES,
} from './representations.js'

// What create and update bodies may say, checked as HubSpot checks it.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
type Problem = { name: string; error: string; message: string }

/** HubSpot's "Property values were not valid" 400, with its per-property entries. */
function invalidProperties(problems: Problem[]) {
  const details = problems.map(({ name, error, message }) => ({
    isValid: false,
    message,
    error,
    name,
    localizedErrorMessage: message,
  }))
  return validationError(
    `Property values were not valid: ${JSON.stringify(details)}`,
    problems.map((p) => ({ message: p.message, code: p.error, context: { propertyName: [p.name] } })),
  )
}

/** Why a property cannot take the value, as HubSpot's error code and message; undefined when it can. */
function problemWith(kind: ObjectKind, name: string, value: unknown): [string, string] | undefined {
  if (!KINDS[kind].known.has(name)) return ['PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`]
  if (READ_ONLY_PROPERTIES.has(name))
    return ['READ_ONLY_VALUE', `"${name}" is a read only property; its value cannot be set.`]
  if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
    return ['INVALID_OPTION', `${JSON.stringify(value)} is not a valid value for "${name}".`]
  if (name === 'email' && value !== '' && value !== null && !EMAIL.test(String(value)))
    return ['INVALID_EMAIL', `Email address ${String(value)} is invalid`]
  return undefined
}

/** The `properties` of a create or update body, checked against the portal's properties. */
export function propertiesOf(
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
  const problems: Problem[] = []
  for (const [rawName, value] of Object.entries(body.properties)) {
    const name = rawName.toLowerCase()
    const problem = problemWith(kind, name, value)
    if (problem) problems.push({ name, error: problem[0], message: problem[1] })
    else out[name] = value === null ? '' : String(value)
  }
  return problems.length > 0 ? invalidProperties(problems) : out
}

/** HubSpot's 409 when another live contact has the email. */
export function emailTaken(
  ctx: Ctx,
  kind: ObjectKind,
  email?: string,
  self?: string,
): ProxyAnswer | undefined {
  const holder = kind === 'contact' && email ? ctx.state.emails[email.toLowerCase()] : undefined
  if (!holder || holder === self) return undefined
  return hubspotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${holder}`)
}

/** Keeps the contacts' unique-email index: a contact lets go of `from` (if it holds it) and takes `to`. */
export function reindexEmail(ctx: Ctx, kind: ObjectKind, id: string, from?: string | null, to?: string) {
  if (kind !== 'contact') return
  const old = from?.toLowerCase()
  if (old && ctx.state.emails[old] === id) delete ctx.state.emails[old]
  if (to) ctx.state.emails[to.toLowerCase()] = id
}

/** `associations` of a create body: `[{to: {id}, types: [{associationCategory, associationTypeId}]}]`. */
export function associationsInput(ctx: Ctx, kind: ObjectKind, body: Json) {
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
