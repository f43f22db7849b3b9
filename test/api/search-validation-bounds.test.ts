import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

/*
 * A client generated from the document validates a search request against `SearchRequest` before
 * sending it. For every body below it must decide as the server does: accept what the server
 * accepts, reject what the server rejects with 400.
 */

let t: TestApp
let validate: (body: unknown) => boolean

beforeAll(async () => {
  t = await createTestApp()
  const doc = await (await t.req('GET', '/openapi.json')).json()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(doc, 'openapi.json')
  const check = ajv.getSchema('openapi.json#/components/schemas/SearchRequest')!
  validate = (body) => check(body) as boolean
})
afterAll(() => t.close())

const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`)
const fields = (n: number) => Object.fromEntries(values(n).map((f) => [f, { eq: 'x' }]))

const ACCEPTED: Array<[string, object]> = [
  ['an empty body', {}],
  ['limit 1', { limit: 1 }],
  ['limit 200', { limit: 200 }],
  ['limit above 200 (clamped)', { limit: 201 }],
  ['a very large limit (clamped)', { limit: 1_000_000_000 }],
  ['offset 0', { offset: 0 }],
  ['offset at its maximum', { offset: 10_000_000 }],
  ['one operator', { filter: { status: { eq: 'active' } } }],
  [
    'several operators in one object (AND)',
    { filter: { created_at: { gte: '2026-01-01', lt: '2026-02-01' } } },
  ],
  ['eq and in together', { filter: { status: { eq: 'active', in: ['active', 'revoked'] } } }],
  ['in with 100 values', { filter: { tenant_id: { in: values(100) } } }],
  ['fields', { fields: ['id', 'status'] }],
  [
    'five sort keys',
    {
      sort: [
        { field: 'status' },
        { field: 'tenant_id' },
        { field: 'provider' },
        { field: 'mode' },
        { field: 'created_at', direction: 'desc' },
      ],
    },
  ],
]

const REJECTED: Array<[string, object]> = [
  ['limit 0', { limit: 0 }],
  ['a negative limit', { limit: -1 }],
  ['a fractional limit', { limit: 1.5 }],
  ['a limit as text', { limit: '2' }],
  ['a negative offset', { offset: -1 }],
  ['an offset over its maximum', { offset: 10_000_001 }],
  ['a fractional offset', { offset: 0.5 }],
  ['an operator object without an operator', { filter: { status: {} } }],
  ['an unknown operator beside a known one', { filter: { status: { eq: 'active', like: 'x' } } }],
  ['in without values', { filter: { status: { in: [] } } }],
  ['in with 101 values', { filter: { tenant_id: { in: values(101) } } }],
  ['in with an object value', { filter: { status: { in: [{}] } } }],
  ['gt with an array', { filter: { created_at: { gt: [] } } }],
  ['more than 20 filter fields', { filter: fields(21) }],
  ['an empty filter field name', { filter: { '': { eq: 'x' } } }],
  ['an empty fields list', { fields: [] }],
  ['more than 64 fields', { fields: values(65) }],
  ['six sort keys', { sort: Array.from({ length: 6 }, () => ({ field: 'id' })) }],
  ['a sort direction that is not asc or desc', { sort: [{ field: 'id', direction: 'up' }] }],
  ['an unknown sort key property', { sort: [{ field: 'id', nulls: 'first' }] }],
  ['a cursor over 4096 characters', { cursor: 'x'.repeat(4097) }],
  ['a query over 256 characters', { query: 'x'.repeat(257) }],
  ['an unknown top-level field', { page: 2 }],
]

const status = async (body: object) =>
  (await t.req('POST', '/api/connections/search', { key: t.secretKey, body })).status

describe('a client validating against SearchRequest decides as the server does', () => {
  for (const [name, body] of ACCEPTED) {
    it(`accepts ${name}`, async () => {
      expect(await status(body)).toBe(200)
      expect(validate(body)).toBe(true)
    })
  }
  for (const [name, body] of REJECTED) {
    it(`rejects ${name}`, async () => {
      expect(await status(body)).toBe(400)
      expect(validate(body)).toBe(false)
    })
  }

  it('the applied limit of a clamped request is 200', async () => {
    const res = await t.req('POST', '/api/connections/search', { key: t.secretKey, body: { limit: 1000 } })
    expect((await res.json()).limit).toBe(200)
  })
})
