import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // Rate limits are not what this file is about: give the workspace room for every run.
  t.core.workspaces.setTier('default', 'enterprise', 1_000_000)
  // Some rows, so a valid-looking request has something to page through.
  for (let i = 0; i < 3; i++) t.core.events.emit(t.workspaceId, { type: 'test.created', provider: 'github' })
})
afterAll(() => t.close())

const ENDPOINTS = [
  '/api/events/search',
  '/api/api-keys/search',
  '/api/providers/search',
  '/api/provider-configs/search',
  '/api/connections/search',
  '/api/installations/search',
]
const NON_PROVIDER = ENDPOINTS.filter((e) => e !== '/api/providers/search')

/** A body that is not JSON at all. */
class Malformed {
  constructor(readonly text: string) {}
}

const junk = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
)
const nonScalar = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), junk, { maxKeys: 2 }),
  fc.array(junk, { maxLength: 3 }),
)
const unknownName = fc.stringMatching(/^zz_[A-Za-z0-9_./~-]{0,30}$/)
const badTimestamp = fc.oneof(
  fc.constantFrom(
    'yesterday',
    '2026-02-30',
    '2026-13-01',
    '2026-01-01T25:00:00Z',
    '1/2/2026',
    '',
    '2026-01-01T00:00:00+25:00',
  ),
  fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s)),
)

/** Requests that are invalid on every search endpoint, each for one clear reason. */
const invalidBody = fc.oneof(
  unknownName.map((f) => ({ filter: { [f]: { eq: 'x' } } })),
  fc
    .stringMatching(/^[a-z_]{1,10}$/)
    .filter((op) => !['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte'].includes(op))
    .map((op) => ({ filter: { id: { [op]: 'x' } } })),
  nonScalar.map((v) => ({ filter: { id: { eq: v } } })),
  fc.oneof(fc.integer(), fc.boolean()).map((v) => ({ filter: { id: { eq: v } } })),
  fc.constant({ filter: { id: {} } }),
  fc.constant({ filter: { id: { in: [] } } }),
  fc
    .array(fc.string({ maxLength: 4 }), { minLength: 101, maxLength: 130 })
    .map((v) => ({ filter: { id: { in: v } } })),
  junk.map((v) => ({ filter: { id: { in: v } } })),
  fc
    .constantFrom('gt', 'gte', 'lt', 'lte', 'eq')
    .chain((op) => badTimestamp.map((v) => ({ filter: { created_at: { [op]: v } } }))),
  fc.constant({ filter: { created_at: { gt: null } } }),
  fc.constant({ cursor: 'abc', offset: 0 }),
  fc.string({ maxLength: 80 }).map((cursor) => ({ cursor })),
  fc
    .oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 0.01, max: 1e6, noInteger: true }),
      fc.constant(Number.NaN),
    )
    .map((limit) => ({ limit: Number.isNaN(limit) ? 'ten' : limit })),
  fc
    .oneof(
      fc.integer({ max: -1 }),
      fc.double({ min: 0.01, max: 1e6, noInteger: true }),
      fc.constant(20_000_000),
    )
    .map((offset) => ({ offset })),
  unknownName.map((f) => ({ fields: ['id', f] })),
  fc.constant({ fields: [] }),
  unknownName.map((f) => ({ sort: [{ field: f }] })),
  fc
    .string({ maxLength: 6 })
    .filter((d) => d !== 'asc' && d !== 'desc')
    .map((direction) => ({ sort: [{ field: 'id', direction }] })),
  fc.constant({ sort: [{ field: 'created_at' }, { field: 'created_at', direction: 'desc' }] }),
  fc.constant({ sort: Array.from({ length: 6 }, () => ({ field: 'id' })) }),
  unknownName.map((k) => ({ [k]: 1 })),
  fc.constantFrom<unknown>([], 42, 'search', null, true),
  fc.constantFrom('{"filter":', '{"limit": 1,}', 'nul', '\u0000').map((raw) => new Malformed(raw)),
)

async function post(path: string, body: unknown) {
  const raw = body instanceof Malformed ? body.text : JSON.stringify(body)
  return t.req('POST', path, { key: t.secretKey, raw, headers: { 'content-type': 'application/json' } })
}

describe('invalid search requests', () => {
  it('answer 400 problem+json on every search endpoint, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), invalidBody, async (path, body) => {
        const res = await post(path, body)
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
        expect(res.headers.get('content-type')).toBe('application/problem+json')
        const problem = await res.json()
        expect(['invalid_request', 'invalid_cursor']).toContain(problem.code)
        expect(problem.detail.length).toBeGreaterThan(0)
      }),
      { numRuns: 400 },
    )
  })

  it("answer 400 for 'query' anywhere but provider search", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NON_PROVIDER),
        fc.string({ maxLength: 30 }),
        async (path, query) => {
          const res = await post(path, { query })
          expect(res.status).toBe(400)
          expect((await res.json()).errors).toContainEqual({
            pointer: '/query',
            detail: "'query' is available on provider search only",
          })
        },
      ),
      { numRuns: 60 },
    )
  })

  it('never answer a 5xx, whatever JSON arrives', async () => {
    const vocabulary = fc.constantFrom(
      'filter',
      'sort',
      'query',
      'cursor',
      'limit',
      'fields',
      'offset',
      'id',
      'eq',
      'in',
    )
    const body = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(vocabulary, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
      fc.record({
        filter: fc.dictionary(
          fc.constantFrom('id', 'created_at', 'name', 'status', 'category'),
          fc.dictionary(fc.constantFrom('eq', 'neq', 'in', 'gt', 'lt'), fc.jsonValue({ maxDepth: 2 }), {
            maxKeys: 2,
          }),
          { maxKeys: 3 },
        ),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (path, b) => {
        const res = await post(path, b)
        expect([200, 400], `${path} ${JSON.stringify(b)}`).toContain(res.status)
      }),
      { numRuns: 400 },
    )
  })
})
