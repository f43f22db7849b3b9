import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'

/**
 * Validators from GitHub's own descriptions: the response schemas of its OpenAPI document
 * (@octokit/openapi) and the webhook payload schemas (@octokit/webhooks-schemas).
 */
const require = createRequire(import.meta.url)
type Response = { $ref?: string; content?: Record<string, { schema: unknown }> }
const openapi = require('@octokit/openapi/generated/api.github.com.json') as {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>
  components: { responses: Record<string, Response> } & Record<string, unknown>
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema (a `null` type, or anyOf null without a type). */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) {
    if (k !== 'discriminator') out[k] = k === 'properties' ? mapValues(v, jsonSchemaOf) : jsonSchemaOf(v)
  }
  if (out.nullable === true) {
    delete out.nullable
    if (typeof out.type === 'string')
      return {
        ...out,
        type: [out.type, 'null'],
        ...(out.enum ? { enum: [...(out.enum as unknown[]), null] } : {}),
      }
    return { anyOf: [out, { type: 'null' }] }
  }
  return out
}
const mapValues = (v: unknown, f: (x: unknown) => unknown) =>
  Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, f(x)]))
const webhooks = require('@octokit/webhooks-schemas/schema.json') as Record<string, unknown>

// OpenAPI 3.0 extensions (nullable, discriminator, x-github, example) are not JSON Schema: strict off.
const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false, validateFormats: true })
;(addFormats as unknown as (a: Ajv) => void)(ajv)
ajv.addSchema({ $id: 'github-openapi', components: jsonSchemaOf(openapi.components) }, 'github-openapi')
ajv.addSchema({ ...webhooks, $id: 'github-webhooks' }, 'github-webhooks')

const pointerEscape = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1')
const cache = new Map<string, ValidateFunction>()

/** The schema of `GET /user` 200 (etc.) from the OpenAPI document, compiled once. */
export function responseValidator(method: string, path: string, status: number): ValidateFunction {
  const key = `${method} ${path} ${status}`
  const found = cache.get(key)
  if (found) return found
  let response = openapi.paths[path]?.[method.toLowerCase()]?.responses[String(status)]
  if (response?.$ref) response = openapi.components.responses[response.$ref.split('/').at(-1)!]
  const schema = response?.content?.['application/json']?.schema
  if (!schema) throw new Error(`no schema for ${key}`)
  // Component refs (#/components/…) resolve against the document registered above.
  const rewritten = JSON.parse(
    JSON.stringify(jsonSchemaOf(schema)).replaceAll('"#/components/', '"github-openapi#/components/'),
  )
  const validate = ajv.compile(rewritten as object)
  cache.set(key, validate)
  return validate
}

/** The schema of one webhook event and action (`issues$opened`). */
export function webhookValidator(event: string, action: string): ValidateFunction {
  const name = `${event}$${action}`
  const found = cache.get(name)
  if (found) return found
  const validate = ajv.compile({ $ref: `github-webhooks#/definitions/${pointerEscape(name)}` })
  cache.set(name, validate)
  return validate
}

export const problems = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
    .slice(0, 15)

/** Expects an answer to match the response schema GitHub's document declares for it. */
export function expectValidAnswer(method: string, path: string, status: number, body: unknown) {
  const validate = responseValidator(method, path, status)
  expect(validate(body), `${method} ${path} ${status}: ${problems(validate).join('\n')}`).toBe(true)
}
