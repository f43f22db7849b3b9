import type { ProxyAnswer } from '../../proxy/answerers.js'
import { runInside } from '../kit/run-inside.js'
import { type Ctx, isAnswer, iso, type Json, jsonBody, noContent, objectOperation, ok } from './context.js'
import { validationError } from './errors.js'
import { archiveObject, createObject, getObject, updateObject } from './objects.js'
import type { ObjectKind } from './representations.js'

/**
 * `POST /crm/v3/objects/{type}/batch/{read|create|update|archive}`: each input runs through the
 * single-object operation, so rules and webhooks are the same; the answer gathers them in HubSpot's
 * batch shape. Inputs that fail are left out of `results` and listed in `errors`, and the status
 * becomes 207 (HubSpot's partial failure); archive always answers 204.
 */

const MAX_INPUTS = 100

/** The body's `inputs` (1 to 100 objects), or HubSpot's 400. */
function inputsOf(ctx: Ctx): Parsed | ProxyAnswer {
  const body = jsonBody(ctx)
  if (isAnswer(body)) return body
  const inputs = (body as Json).inputs
  if (!Array.isArray(inputs) || inputs.some((i) => typeof i !== 'object' || i === null || Array.isArray(i)))
    return validationError('Invalid input JSON on line 1: inputs must be an array of objects.')
  if (inputs.length > MAX_INPUTS)
    return validationError(`Batch input size ${inputs.length} exceeds the limit of ${MAX_INPUTS}.`)
  return { body: body as Json, inputs: inputs as Json[] }
}
type Parsed = { body: Json; inputs: Json[] }

/** An error entry of a batch answer, from the single operation's error body. */
const errorEntry = (kind: ObjectKind, failed: Json | null, id: string | undefined) => ({
  status: 'error',
  category: failed?.category ?? 'VALIDATION_ERROR',
  message: failed?.message ?? `Could not process a ${kind} input.`,
  context: id === undefined ? (failed?.context ?? {}) : { ids: [id] },
  errors: failed?.errors ?? [],
  links: {},
})

/** A batch operation: the kind's read or write scope, then the parsed `inputs`. */
const batchOperation = (
  access: 'read' | 'write',
  run: (ctx: Ctx, kind: ObjectKind, parsed: Parsed) => ProxyAnswer,
) =>
  objectOperation(access, (ctx, kind) => {
    const parsed = inputsOf(ctx)
    return isAnswer(parsed) ? parsed : run(ctx, kind, parsed)
  })

const idOf = (input: Json) =>
  typeof input.id === 'string' || typeof input.id === 'number' ? String(input.id) : ''

/** batch/read: `inputs: [{id}]` with `properties` and `idProperty` for all of them (`?archived=true`). */
export const batchRead = batchOperation('read', (ctx, kind, parsed) => {
  const query = new URLSearchParams()
  const { properties, idProperty, archived } = parsed.body
  if (Array.isArray(properties)) query.set('properties', properties.map(String).join(','))
  if (typeof idProperty === 'string') query.set('idProperty', idProperty)
  if (archived === true || new URLSearchParams(ctx.call.query).get('archived') === 'true')
    query.set('archived', 'true')
  return gather(ctx, kind, parsed.inputs, 200, (input) =>
    runInside(ctx, getObject, { params: { objectId: idOf(input) }, query }),
  )
})

/** Runs every input, keeping answers below 300 as results and the rest as errors (then 207). */
function gather(
  ctx: Ctx,
  kind: ObjectKind,
  inputs: Json[],
  okStatus: number,
  run: (input: Json) => { status: number; body: unknown },
) {
  const results: Json[] = []
  const errors: Array<ReturnType<typeof errorEntry>> = []
  for (const input of inputs) {
    const one = run(input) as { status: number; body: Json | null }
    if (one.status < 300 && one.body) results.push(one.body)
    else errors.push(errorEntry(kind, one.body, 'id' in input ? idOf(input) : undefined))
  }
  const at = iso(ctx.nowMs)
  return ok(errors.length > 0 ? 207 : okStatus, {
    status: 'COMPLETE',
    results,
    ...(errors.length > 0 && { numErrors: errors.length, errors }),
    startedAt: at,
    completedAt: at,
  })
}

/** batch/create: `inputs: [{properties, associations?}]`; 201 when every one was created. */
export const batchCreate = batchOperation('write', (ctx, kind, parsed) =>
  gather(ctx, kind, parsed.inputs, 201, (input) => runInside(ctx, createObject, { body: input })),
)

/** batch/update: `inputs: [{id, properties}]` (`idProperty` per input, as HubSpot takes it). */
export const batchUpdate = batchOperation('write', (ctx, kind, parsed) =>
  gather(ctx, kind, parsed.inputs, 200, (input) => {
    const query = new URLSearchParams()
    if (typeof input.idProperty === 'string') query.set('idProperty', input.idProperty)
    const params = { objectId: idOf(input) }
    return runInside(ctx, updateObject, { params, body: { properties: input.properties }, query })
  }),
)

/** batch/archive: `inputs: [{id}]`; 204 whatever the ids, as HubSpot answers. */
export const batchArchive = batchOperation('write', (ctx, _kind, parsed) => {
  for (const input of parsed.inputs) runInside(ctx, archiveObject, { params: { objectId: idOf(input) } })
  return noContent()
})
