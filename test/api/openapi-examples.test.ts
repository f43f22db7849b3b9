import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CreateProviderSchema } from '../../src/core/providers/providers.schema.js'
import { TenantIdSchema } from '../../src/core/sessions/sessions.schema.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/*
 * What a validating client generated from the document does with it: every `pattern` must be an
 * ECMA-262 regex that compiles with the `u` flag (as JSON Schema 2020-12 reads patterns), and
 * every example the document gives must pass its own schema. An OpenAPI 3.1 schema is a JSON
 * Schema 2020-12 schema, so Ajv's 2020 dialect checks them as such a client would.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Node = { [key: string]: Json }

let t: TestApp
let doc: Node

beforeAll(async () => {
  t = await createTestApp()
  doc = (await (await t.req('GET', '/openapi.json')).json()) as Node
})
afterAll(() => t.close())

const isObject = (v: Json | undefined): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const token = (key: string) => encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'))

// Keys whose values are data, not schemas or document structure: not searched for schemas.
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default'])

/** Every object of the document with its JSON Pointer (as a URI fragment). */
function* nodes(value: Json, pointer = ''): Generator<[string, Node]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* nodes(item, `${pointer}/${i}`)
  } else if (isObject(value)) {
    yield [pointer, value]
    for (const [key, child] of Object.entries(value)) {
      if (!DATA_KEYS.has(key)) yield* nodes(child, `${pointer}/${token(key)}`)
    }
  }
}

/** Each example of the document: where it is, its value, and the pointer of the schema it must fit. */
function examples(): Array<{ at: string; value: Json; schema: string }> {
  const found: Array<{ at: string; value: Json; schema: string }> = []
  for (const [pointer, node] of nodes(doc)) {
    // A parameter, header or media type carries its example beside its `schema`; a schema carries its own.
    const schema = isObject(node.schema) ? `${pointer}/schema` : pointer
    if ('example' in node) found.push({ at: `${pointer}/example`, value: node.example as Json, schema })
    const many = node.examples
    if (Array.isArray(many)) {
      for (const [i, value] of many.entries()) found.push({ at: `${pointer}/examples/${i}`, value, schema })
    } else if (isObject(many)) {
      for (const [name, example] of Object.entries(many)) {
        if (isObject(example) && 'value' in example)
          found.push({ at: `${pointer}/examples/${token(name)}`, value: example.value as Json, schema })
      }
    }
  }
  return found
}

const patterns = () =>
  [...nodes(doc)].flatMap(([pointer, node]) =>
    typeof node.pattern === 'string' ? [{ at: `${pointer}/pattern`, pattern: node.pattern }] : [],
  )

function createAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(doc as object, 'openapi.json')
  return ajv
}

describe('patterns in the OpenAPI document', () => {
  it('has patterns to check', () => {
    expect(patterns().length).toBeGreaterThan(10)
  })

  it('every pattern compiles as an ECMA-262 regex with the u flag', () => {
    const broken = patterns().flatMap(({ at, pattern }) => {
      try {
        new RegExp(pattern, 'u')
        return []
      } catch (error) {
        return [`${at}: ${(error as Error).message}`]
      }
    })
    expect(broken).toEqual([])
  })

  it('no pattern carries the flags of a JavaScript regex literal (no string would match it)', () => {
    const leaked = patterns().filter(({ pattern }) => /\$\/[dgimsuvy]+$/.test(pattern))
    expect(leaked).toEqual([])
  })
})

describe('examples in the OpenAPI document', () => {
  it('has examples to check', () => {
    expect(examples().length).toBeGreaterThan(20)
  })

  it('every example validates against its own schema', () => {
    const ajv = createAjv()
    const failures = examples().flatMap(({ at, value, schema }) => {
      const validate = ajv.getSchema(`openapi.json#${schema}`)
      if (!validate) return [`${at}: no schema at ${schema}`]
      return validate(value) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`]
    })
    expect(failures).toEqual([])
  })

  it('the check catches an example that does not fit its schema', () => {
    const ajv = createAjv()
    const validate = ajv.getSchema('openapi.json#/components/schemas/CreateAuthSession/properties/tenant_id')!
    expect(validate('acme')).toBe(true)
    expect(validate('ac\u0000me')).toBe(false)
  })
})

describe('a pattern accepts what the server accepts', () => {
  const patternAt = (pointer: string) => {
    const ajv = createAjv()
    const validate = ajv.getSchema(`openapi.json#${pointer}`)!
    return (value: string) => validate(value) as boolean
  }

  it('tenant_id: any text without control characters', () => {
    const values = [
      'acme',
      'Ünïcødé 租户',
      'emoji 😀',
      'a b',
      'a\tb',
      'a\nb',
      'a\u0085b',
      'del\u007f',
      '\u009f',
      'x'.repeat(200),
    ]
    for (const schema of ['CreateAuthSession', 'CreateInstallSession']) {
      const client = patternAt(`/components/schemas/${schema}/properties/tenant_id`)
      for (const value of values) {
        expect(client(value), `${schema} ${JSON.stringify(value)}`).toBe(
          TenantIdSchema.safeParse(value).success,
        )
      }
    }
    expect(values.filter((v) => TenantIdSchema.safeParse(v).success)).toHaveLength(5)
  })

  it('color: a hex colour in either case', () => {
    const server = CreateProviderSchema.shape.color
    const values = ['#1a2b3c', '#ABCDEF', '#AbCdEf', '#12345', '#1234567', '1a2b3c', '#gggggg', '#1a2b3c\n']
    for (const schema of ['CreateProvider', 'UpdateProvider']) {
      const client = patternAt(`/components/schemas/${schema}/properties/color`)
      for (const value of values) {
        expect(client(value), `${schema} ${JSON.stringify(value)}`).toBe(server.safeParse(value).success)
      }
    }
    expect(values.filter((v) => server.safeParse(v).success)).toEqual(['#1a2b3c', '#ABCDEF', '#AbCdEf'])
  })

  it('over HTTP: an uppercase colour and a non-Latin tenant are accepted end to end', async () => {
    const provider = await t.req('POST', '/api/providers', {
      key: t.secretKey,
      body: {
        id: 'acme-crm',
        name: 'Acme CRM',
        color: '#A1B2C3',
        auth: { type: 'api_key' },
      },
    })
    expect(provider.status, await provider.clone().text()).toBe(201)
    const session = await t.req('POST', '/auth-sessions', {
      key: t.publishableKey,
      body: { provider: 'github', tenant_id: 'Ünïcødé 租户' },
    })
    expect(session.status, await session.clone().text()).toBe(201)
  })
})
