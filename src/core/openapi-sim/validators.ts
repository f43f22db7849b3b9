import type { ValidateFunction } from 'ajv'
import { Ajv } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FieldError } from '../errors.js'
import { fieldErrors } from '../openapi-docs/ajv-errors.js'
import type { CompiledApi } from './compile-api.js'
import { type Direction, toJsonSchema } from './json-schema.js'

type AnyAjv = Ajv | InstanceType<typeof Ajv2020>

function newAjv(openapi30: boolean, coerce: boolean): AnyAjv {
  // Documents carry keywords JSON Schema does not know (vendor x-*, formats of their own): strict off.
  const options = {
    strict: false,
    allErrors: true,
    logger: false as const,
    validateFormats: true,
    ...(coerce && { coerceTypes: 'array' as const }),
  }
  const ajv: AnyAjv = openapi30 ? new Ajv(options) : new Ajv2020(options)
  ;(addFormats as unknown as (a: AnyAjv) => void)(ajv)
  return ajv
}

/** A schema using the keywords documents use most, compiled once per ajv at load (see warm). */
const WARM_SAMPLE = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string', minLength: 1, maxLength: 9, pattern: '^[a-z]+$' },
    at: { type: ['string', 'null'], format: 'date-time' },
    links: { type: 'array', items: { type: 'string', format: 'uri' }, maxItems: 3, uniqueItems: true },
    mail: { type: 'string', format: 'email' },
    key: { type: 'string', format: 'uuid' },
    state: { type: 'string', enum: ['open', 'closed'] },
    title: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    owner: { anyOf: [{ $ref: '#/$defs/user' }, { type: 'null' }] },
    tags: { type: 'array', items: { allOf: [{ $ref: '#/$defs/user' }, { type: 'object' }] } },
    meta: { type: 'object', additionalProperties: { type: 'number' } },
    flag: { type: 'boolean', const: true },
  },
  $defs: { user: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] } },
}

export interface ApiValidators {
  /** Builds the ajv instances ahead of the first call. */
  warm(): void
  /** Validates a value against a schema of the document (compiled on first use, by key). */
  check(key: string, schema: unknown, direction: Direction, value: unknown, base?: string): FieldError[]
  /** Like check, with strings coerced in place to the declared types (path, query and header parameters). */
  coerce(key: string, schema: unknown, value: unknown, base?: string): FieldError[]
}

const cache = new WeakMap<CompiledApi, ApiValidators>()

/** The validators of one compiled document: one ajv per document, so replacing the document frees them. */
export function validatorsOf(api: CompiledApi): ApiValidators {
  const found = cache.get(api)
  if (found) return found
  const openapi30 = String(api.doc.openapi).startsWith('3.0')
  let plain: AnyAjv | undefined
  let coercing: AnyAjv | undefined
  const compiled = new Map<string, ValidateFunction>()
  const compile = (ajv: AnyAjv, key: string, schema: unknown, direction: Direction) => {
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(toJsonSchema(api.doc, schema, direction))
      compiled.set(key, validate)
    }
    return validate
  }
  const validators: ApiValidators = {
    warm() {
      // ajv's first compile of each keyword (and V8's of ajv's code for it) costs tens of
      // milliseconds in all: paid here, at load, rather than by the first simulated call.
      validators.check('warm', WARM_SAMPLE, 'response', {})
      validators.coerce('warm', WARM_SAMPLE, {})
    },
    check(key, schema, direction, value, base = '') {
      plain ??= newAjv(openapi30, false)
      const validate = compile(plain, `${direction}:${key}`, schema, direction)
      return validate(value) ? [] : fieldErrors(validate.errors, base)
    },
    coerce(key, schema, value, base = '') {
      coercing ??= newAjv(openapi30, true)
      const validate = compile(coercing, `coerce:${key}`, schema, 'request')
      return validate(value) ? [] : fieldErrors(validate.errors, base)
    },
  }
  cache.set(api, validators)
  return validators
}
