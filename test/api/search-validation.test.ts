import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../helpers/app.js'

const t = await createTestApp()
afterAll(() => t.close())

type Problem = {
  status: number
  code: string
  detail: string
  errors?: Array<{ pointer: string; detail: string }>
}

/** Sends a raw JSON text (so `__proto__` reaches the server as written) with the secret key. */
const send = (method: string, path: string, raw: string, key = t.secretKey) =>
  t.req(method, path, { key, raw, headers: { 'content-type': 'application/json' } })

const problemOf = async (res: Response): Promise<Problem> => {
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  return (await res.json()) as Problem
}

const SEARCH = '/api/connections/search'

describe('a value of the wrong type names the field and what was expected', () => {
  const cases: Array<[body: string, pointer: string, detail: string]> = [
    ['{"filter":[]}', '/filter', 'expected an object of field → operator, got an array'],
    [
      '{"filter":{"status":"active"}}',
      '/filter/status',
      'expected an object of operator → value (eq, neq, in, gt, gte, lt, lte), got a string',
    ],
    [
      '{"filter":{"status":{"in":"active"}}}',
      '/filter/status/in',
      'expected an array of 1 to 100 values, got a string',
    ],
    ['{"fields":"id"}', '/fields', 'expected an array of field names, got a string'],
    ['{"limit":"2"}', '/limit', 'expected an integer, got a string'],
    ['{"cursor":5}', '/cursor', 'expected a string, got an integer'],
    ['{"query":5}', '/query', 'expected a string, got an integer'],
    ['{"sort":{"field":"id"}}', '/sort', 'expected an array of sort keys, got an object'],
    ['{"limit":null}', '/limit', 'expected an integer, got null'],
    [
      '{"filter":{"status":{"eq":{}}}}',
      '/filter/status/eq',
      'expected a string, a number, a boolean or null, got an object',
    ],
    [
      '{"filter":{"status":{"in":[["active"]]}}}',
      '/filter/status/in/0',
      'expected a string, a number or a boolean, got an array',
    ],
  ]
  for (const [body, pointer, detail] of cases) {
    it(`${body} → 400 at ${pointer}`, async () => {
      const res = await send('POST', SEARCH, body)
      expect(res.status).toBe(400)
      const problem = await problemOf(res)
      expect(problem.code).toBe('invalid_request')
      expect(problem.errors).toEqual([{ pointer, detail }])
      expect(problem.detail).toBe(`The request body is not valid: ${detail} (at ${pointer}).`)
    })
  }

  it('a body that is not an object says so at the root', async () => {
    const problem = await problemOf(await send('POST', SEARCH, '[]'))
    expect(problem.errors).toEqual([{ pointer: '', detail: 'expected an object, got an array' }])
  })

  it('a missing required field is still "is required"', async () => {
    const problem = await problemOf(await send('POST', '/api/api-keys', '{"role":"secret"}'))
    expect(problem.errors).toEqual([{ pointer: '/name', detail: 'is required' }])
  })

  it('applies to every body: creating an API key with a name of the wrong type changes nothing', async () => {
    const before = (await (await send('POST', '/api/api-keys/search', '{}')).json()).data.length
    const res = await send('POST', '/api/api-keys', '{"name":5,"role":"secret"}')
    expect(res.status).toBe(400)
    expect((await problemOf(res)).errors).toEqual([
      { pointer: '/name', detail: 'expected a string, got an integer' },
    ])
    expect((await (await send('POST', '/api/api-keys/search', '{}')).json()).data.length).toBe(before)
  })

  it('applies to every body: an auth session with a tenant_id of the wrong type', async () => {
    const res = await send(
      'POST',
      '/auth-sessions',
      '{"provider":"github","tenant_id":["acme"]}',
      t.publishableKey,
    )
    expect(res.status).toBe(400)
    expect((await problemOf(res)).errors).toContainEqual({
      pointer: '/tenant_id',
      detail: 'expected a string, got an array',
    })
  })
})

describe('reserved and unknown names in filter, sort and fields are a 400 that names them', () => {
  for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']) {
    const token = JSON.stringify(name)
    it(`filter on ${name}`, async () => {
      const res = await send('POST', SEARCH, `{"filter":{${token}:{"eq":"x"}}}`)
      expect(res.status).toBe(400)
      const problem = await problemOf(res)
      expect(problem.errors?.map((e) => e.pointer)).toEqual([`/filter/${name}`])
      expect(problem.errors?.[0]?.detail).toContain(`'${name}'`)
    })

    it(`sort on ${name}`, async () => {
      const res = await send('POST', SEARCH, `{"sort":[{"field":${token}}]}`)
      expect(res.status).toBe(400)
      const problem = await problemOf(res)
      expect(problem.errors).toEqual([
        { pointer: '/sort/0/field', detail: expect.stringContaining(`'${name}'`) },
      ])
    })

    it(`fields with ${name}`, async () => {
      const res = await send('POST', SEARCH, `{"fields":["id",${token}]}`)
      expect(res.status).toBe(400)
      const problem = await problemOf(res)
      expect(problem.errors).toEqual([{ pointer: '/fields/1', detail: expect.stringContaining(`'${name}'`) }])
    })
  }

  it('__proto__ spelled with a JSON escape is caught too', async () => {
    const res = await send('POST', SEARCH, '{"filter":{"\\u005f_proto__":{"eq":"x"}}}')
    expect(res.status).toBe(400)
    expect((await problemOf(res)).errors?.map((e) => e.pointer)).toEqual(['/filter/__proto__'])
  })

  it('__proto__ inside an operator object is a 400, not a dropped operator', async () => {
    const res = await send('POST', SEARCH, '{"filter":{"status":{"__proto__":{"eq":"x"}}}}')
    expect(res.status).toBe(400)
    expect((await problemOf(res)).errors?.map((e) => e.pointer)).toContain('/filter/status/__proto__')
  })

  it('__proto__ in a body of declared fields is an unknown field, and stores nothing', async () => {
    const before = (await (await send('POST', '/api/api-keys/search', '{}')).json()).data.length
    const res = await send(
      'POST',
      '/api/api-keys',
      '{"name":"x","role":"secret","__proto__":{"role":"secret"}}',
    )
    expect(res.status).toBe(400)
    expect((await problemOf(res)).errors).toEqual([{ pointer: '', detail: 'unknown field(s): __proto__' }])
    expect((await (await send('POST', '/api/api-keys/search', '{}')).json()).data.length).toBe(before)
  })

  it('the word in a value is fine: only keys are names', async () => {
    const res = await send('POST', SEARCH, '{"filter":{"tenant_id":{"eq":"__proto__"}}}')
    expect(res.status).toBe(200)
  })
})

describe('a path that exists only for another method answers 405 with Allow', () => {
  it('GET on every search path is 405 problem+json with Allow: POST', async () => {
    const doc = (await (await t.req('GET', '/openapi.json')).json()) as { paths: Record<string, object> }
    const searchPaths = Object.keys(doc.paths).filter((p) => p.endsWith('/search'))
    expect(searchPaths.length).toBeGreaterThanOrEqual(6)
    for (const path of searchPaths) {
      const res = await t.req('GET', path, { key: t.secretKey })
      expect(res.status, path).toBe(405)
      expect(res.headers.get('allow'), path).toBe('POST')
      expect((await problemOf(res)).code, path).toBe('method_not_allowed')
    }
  })

  it('DELETE on a search path is 405 too, not the revocation of a resource named "search"', async () => {
    for (const path of ['/api/api-keys/search', '/api/connections/search', '/api/installations/search']) {
      const res = await t.req('DELETE', path, { key: t.secretKey })
      expect(res.status, path).toBe(405)
      expect(res.headers.get('allow'), path).toBe('POST')
    }
  })

  it('the parameterised routes still serve every other id', async () => {
    const res = await t.req('GET', '/api/connections/searching', { key: t.secretKey })
    expect(res.status).toBe(404)
    expect((await problemOf(res)).detail).toBe("Connection 'searching' does not exist.")
  })
})
