import type { Sample } from '../triggers/samples/sample.js'
import type { CompiledApi, Operation } from './compile-api.js'
import { type GenerateContext, generateValue } from './generate-value.js'
import { bodyOf } from './respond.js'
import { deref, propertiesOf, type SchemaNode } from './schema-walk.js'

/** One webhook of a document (OpenAPI 3.1 `webhooks`): its name and the request it describes. */
export interface DocumentWebhook {
  name: string
  operation: SchemaNode
}

const METHODS = ['post', 'put', 'patch', 'get', 'delete'] as const
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The document's webhooks, in its order (a path item's first operation, usually its `post`). */
export function webhooksOf(api: CompiledApi): DocumentWebhook[] {
  const declared = api.doc.webhooks
  if (!isObj(declared)) return []
  return Object.entries(declared).flatMap(([name, raw]) => {
    const item = deref(api.doc, raw)
    const method = METHODS.find((m) => deref(api.doc, item?.[m]))
    const operation = method && deref(api.doc, item?.[method])
    return operation ? [{ name, operation }] : []
  })
}

/** The header parameters a webhook declares, each its example, else a value generated from its schema. */
function headersOf(api: CompiledApi, webhook: DocumentWebhook, gen: GenerateContext): Record<string, string> {
  const declared = Array.isArray(webhook.operation.parameters) ? webhook.operation.parameters : []
  const headers: Record<string, string> = {}
  for (const raw of declared) {
    const parameter = deref(api.doc, raw)
    if (parameter?.in !== 'header' || typeof parameter.name !== 'string') continue
    const value = 'example' in parameter ? parameter.example : generateValue(parameter.schema ?? {}, gen)
    if (value !== undefined && value !== null) headers[parameter.name] = String(value)
  }
  return headers
}

/**
 * A webhook as the provider would send it: its body the document's example for the request body,
 * else one generated from its schema; its declared header parameters filled the same way.
 */
export function webhookSample(api: CompiledApi, webhook: DocumentWebhook, gen: GenerateContext): Sample {
  const body = bodyOf(api, webhook.operation.requestBody, gen)
  return {
    body: isObj(body) || Array.isArray(body) ? (body as Sample['body']) : { value: body },
    headers: headersOf(api, webhook, gen),
  }
}

const CHANGES = { create: 'created', update: 'updated', delete: 'deleted' } as const
export type Change = keyof typeof CHANGES

/** `/repos/{owner}/{repo}/issues` → `issues` and `issue`. */
function namesOf(collection: string): string[] {
  const last =
    collection
      .split('/')
      .filter((s) => s && !s.includes('{'))
      .at(-1) ?? ''
  const singular = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '')
  return [...new Set([last, singular])].filter(Boolean)
}

/**
 * The webhooks a change to a resource emits: those whose `x-switchyard-event` extension (or name)
 * is the operation's id (`createPet`), or named after the resource and change (`pet.created`,
 * `pets.created`, `pet_created`).
 */
export function webhooksForChange(api: CompiledApi, operation: Operation, change: Change): DocumentWebhook[] {
  const names = new Set(
    namesOf(operation.resource?.collection ?? '').flatMap((n) => [
      `${n}.${CHANGES[change]}`,
      `${n}_${CHANGES[change]}`,
    ]),
  )
  return webhooksOf(api).filter((w) => {
    const event = w.operation['x-switchyard-event']
    if (event !== undefined) return event === operation.id
    return w.name === operation.id || names.has(w.name)
  })
}

const HOLDERS = ['data', 'object', 'resource', 'payload']

/**
 * The webhook's body with the changed object in it: in the field named after the resource
 * (`pet`, `issue`) or a generic holder (`data`, `object`, …) when the schema has one, else as
 * the body itself (the generated body's other fields kept).
 */
export function changeSample(
  api: CompiledApi,
  webhook: DocumentWebhook,
  operation: Operation,
  object: Obj,
  gen: GenerateContext,
): Sample {
  const sample = webhookSample(api, webhook, gen)
  if (Array.isArray(sample.body)) return sample
  const schema = deref(api.doc, webhook.operation.requestBody)
  const content = isObj(schema?.content) ? Object.values(schema.content)[0] : undefined
  const { properties } = propertiesOf(api.doc, isObj(content) ? content.schema : undefined)
  const field = [...namesOf(operation.resource?.collection ?? '').reverse(), ...HOLDERS].find(
    (name) => name in properties,
  )
  const body = field ? { ...sample.body, [field]: object } : { ...sample.body, ...object }
  return { ...sample, body }
}
