import schema30 from '@seriousme/openapi-schema-validator/schemas/v3.0/schema.json' with { type: 'json' }
import schema31 from '@seriousme/openapi-schema-validator/schemas/v3.1/schema.json' with { type: 'json' }
import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import AjvDraft04 from 'ajv-draft-04'
import addFormats from 'ajv-formats'
import { type FieldError, pointerToken } from '../errors.js'
import { fieldErrors } from './ajv-errors.js'

/** The most problems one refusal lists (a document can be wrong in thousands of places the same way). */
export const MAX_PROBLEMS = 500

const tokenValue = (part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~')

/** The value at a local JSON pointer (`#/components/schemas/Pet`), or undefined. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  const path = decodeURIComponent(ref.slice(1))
  if (path === '') return root
  if (!path.startsWith('/')) return undefined
  let node: unknown = root
  for (const part of path.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    const key = tokenValue(part)
    if (!Object.hasOwn(node, key)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/**
 * Every `$ref` of the document: local ones must resolve, and any other (a file, a URL) is refused:
 * the gateway never fetches a reference, and a document must be whole.
 */
export function checkRefs(doc: unknown): FieldError[] {
  const problems: FieldError[] = []
  const walk = (node: unknown, pointer: string) => {
    if (problems.length >= MAX_PROBLEMS || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`)
      return
    }
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${pointerToken(key)}`
      if (key === '$ref' && typeof value === 'string') {
        if (!value.startsWith('#')) {
          problems.push({ pointer: here, detail: `external $ref '${value}' is not supported: inline it` })
        } else if (resolvePointer(doc, value) === undefined) {
          problems.push({ pointer: here, detail: `$ref '${value}' points at nothing in the document` })
        }
      } else walk(value, here)
    }
  }
  walk(doc, '')
  return problems
}

type Ajv = InstanceType<typeof Ajv2020>
const validators = new Map<string, ValidateFunction>()

/** The OpenAPI schema of a 3.0 or 3.1 document, compiled once per process. */
function metaValidator(version: '3.0' | '3.1'): ValidateFunction {
  let validate = validators.get(version)
  if (!validate) {
    // Both schemas use keywords (patternProperties on `^x-`, `$dynamicRef`) ajv's strict mode refuses.
    const options = { strict: false, allErrors: true, logger: false as const }
    const ajv: Ajv = version === '3.0' ? (new AjvDraft04(options) as unknown as Ajv) : new Ajv2020(options)
    ;(addFormats as unknown as (a: Ajv) => void)(ajv)
    ajv.addFormat('media-range', true)
    validate = ajv.compile(version === '3.0' ? schema30 : schema31)
    validators.set(version, validate)
  }
  return validate
}

/** Which OpenAPI version a document declares (3.0.x or 3.1.x), or undefined. */
export function openapiVersionOf(doc: Record<string, unknown>): '3.0' | '3.1' | undefined {
  const declared = doc.openapi
  if (typeof declared !== 'string') return undefined
  if (/^3\.0\.\d+/.test(declared)) return '3.0'
  if (/^3\.1\.\d+/.test(declared)) return '3.1'
  return undefined
}

/**
 * Every problem of a parsed document, by JSON pointer: the OpenAPI version, the document against
 * the OpenAPI schema of that version, then its references. Empty when the document is usable.
 */
export function validateDocument(doc: Record<string, unknown>): FieldError[] {
  const version = openapiVersionOf(doc)
  if (!version) {
    return [
      {
        pointer: '/openapi',
        detail: `must be an OpenAPI 3.0.x or 3.1.x version string (got ${JSON.stringify(doc.openapi ?? null)}); Swagger 2.0 is not supported`,
      },
    ]
  }
  const validate = metaValidator(version)
  const problems = validate(doc) ? [] : fieldErrors(validate.errors, '', MAX_PROBLEMS)
  return [...problems, ...checkRefs(doc)].slice(0, MAX_PROBLEMS)
}
