import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { count, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Mock routes through the API and the proxy: CRUD, validation (nothing stored on bad input),
 * precedence against the built-in GitHub simulation and recordings, and templates.
 */
let t: TestApp
let github: string
let stripe: string

const api = (method: string, path: string, body?: unknown) =>
  t.req(method, path, { key: t.secretKey, ...(body !== undefined && { body }) })
const proxy = (
  conn: string,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
) => t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...init })
const mock = async (route: Record<string, unknown>) => {
  const res = await api('POST', '/api/mock-routes', route)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: string } & Record<string, unknown>
}
const connect = async (provider: string) =>
  (await simulatedFlow(t, { provider, tenant_id: 'acme' })).params.get('connection_id')!

beforeAll(async () => {
  t = await createTestApp()
  github = await connect('github')
  stripe = await connect('stripe')
})
afterAll(() => t.close())
beforeEach(() => {
  t.db.prepare('DELETE FROM mock_routes').run()
})

describe('the mock routes API', () => {
  it('creates, lists by provider, gets, updates and deletes a route', async () => {
    const created = await mock({
      provider: 'stripe',
      path: '/v1/customers/:id',
      body: '{"id":"{{params.id}}"}',
      description: 'one customer',
    })
    expect(created).toMatchObject({
      id: expect.stringMatching(/^mock_[0-9A-Za-z]{20}$/),
      provider: 'stripe',
      method: 'GET',
      status: 200,
      headers: {},
      enabled: true,
      description: 'one customer',
    })
    await mock({ provider: 'github', method: '*', path: '/meta' })
    const listed = await api('GET', '/api/mock-routes?provider=stripe')
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((r) => r.id)).toEqual([
      created.id,
    ])
    expect(((await (await api('GET', '/api/mock-routes')).json()) as { data: unknown[] }).data).toHaveLength(
      2,
    )

    const patched = await api('PATCH', `/api/mock-routes/${created.id}`, {
      status: 404,
      enabled: false,
      description: null,
    })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({
      status: 404,
      enabled: false,
      description: null,
      path: '/v1/customers/:id',
    })
    expect(await (await api('GET', `/api/mock-routes/${created.id}`)).json()).toMatchObject({ status: 404 })

    expect((await api('DELETE', `/api/mock-routes/${created.id}`)).status).toBe(204)
    expect((await api('DELETE', `/api/mock-routes/${created.id}`)).status).toBe(404)
    expect((await api('GET', `/api/mock-routes/${created.id}`)).status).toBe(404)
    expect((await api('PATCH', `/api/mock-routes/${created.id}`, { status: 200 })).status).toBe(404)
  })

  it('searches like every resource: filters, sort, fields and cursor pages', async () => {
    for (const path of ['/v1/a', '/v1/b', '/v1/c']) {
      await mock({ provider: 'stripe', path })
      t.clock.advance(1000)
    }
    await mock({ provider: 'github', path: '/user', enabled: false })
    const page = await api('POST', '/api/mock-routes/search', {
      filter: { provider: { eq: 'stripe' }, enabled: { eq: true } },
      sort: [{ field: 'path', direction: 'asc' }],
      fields: ['id', 'path'],
      limit: 2,
    })
    expect(page.status).toBe(200)
    const first = (await page.json()) as {
      data: Array<{ path: string }>
      has_more: boolean
      next_cursor: string
    }
    expect(first.data.map((r) => r.path)).toEqual(['/v1/a', '/v1/b'])
    expect(Object.keys(first.data[0]!)).toEqual(['id', 'created_at', 'path'])
    const next = await api('POST', '/api/mock-routes/search', {
      filter: { provider: { eq: 'stripe' }, enabled: { eq: true } },
      sort: [{ field: 'path', direction: 'asc' }],
      fields: ['id', 'path'],
      limit: 2,
      cursor: first.next_cursor,
    })
    expect(((await next.json()) as { data: Array<{ path: string }> }).data.map((r) => r.path)).toEqual([
      '/v1/c',
    ])
    const bad = await api('POST', '/api/mock-routes/search', { filter: { body: { eq: 'x' } } })
    expect(bad.status).toBe(400)
  })

  it('needs a secret key', async () => {
    expect((await t.req('GET', '/api/mock-routes')).status).toBe(401)
    expect((await t.req('GET', '/api/mock-routes', { key: t.publishableKey })).status).toBe(403)
  })

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['a path without a leading slash', { path: 'v1/x' }, '/path'],
    ['a path with a query', { path: '/v1/x?a=1' }, '/path'],
    ['a wildcard in the middle', { path: '/v1/*/x' }, '/path'],
    ['a repeated parameter', { path: '/v1/:id/:id' }, '/path'],
    ['a bad parameter name', { path: '/v1/:1x' }, '/path'],
    ['a dot segment', { path: '/v1/../admin' }, '/path'],
    ['a status below 100', { path: '/x', status: 99 }, '/status'],
    ['a status above 599', { path: '/x', status: 600 }, '/status'],
    ['a fractional status', { path: '/x', status: 200.5 }, '/status'],
    [
      'a hop-by-hop header',
      { path: '/x', headers: { 'Transfer-Encoding': 'chunked' } },
      '/headers/Transfer-Encoding',
    ],
    [
      'a Content-Length header',
      { path: '/x', headers: { 'content-length': '3' } },
      '/headers/content-length',
    ],
    [
      'a header value with a line break',
      { path: '/x', headers: { 'x-a': 'a\r\nSet-Cookie: b' } },
      '/headers/x-a',
    ],
    ['a header name with a space', { path: '/x', headers: { 'x a': '1' } }, '/headers/x a'],
    ['a header set twice', { path: '/x', headers: { 'X-A': '1', 'x-a': '2' } }, '/headers/x-a'],
    ['an unclosed placeholder', { path: '/x', body: '{"a":"{{params.id"}' }, '/body'],
    ['an unknown placeholder', { path: '/x', body: '{{process.env.HOME}}' }, '/body'],
    ['a prototype walk', { path: '/x', body: '{{params.constructor.prototype}}' }, '/body'],
    ['a header template error', { path: '/x', headers: { location: '/{{nope}}' } }, '/headers/location'],
    ['a body on a 204', { path: '/x', status: 204, body: 'no' }, '/body'],
    ['an unknown method', { path: '/x', method: 'BREW' }, '/method'],
    ['an unknown provider', { provider: 'no-such-provider', path: '/x' }, '/provider'],
    ['an unknown field', { path: '/x', script: 'alert(1)' }, ''],
    ['a description with a control character', { path: '/x', description: 'a\u0007' }, '/description'],
  ]
  it.each(bad)('refuses %s with a 400 naming the field, and stores nothing', async (_, fields, pointer) => {
    const res = await api('POST', '/api/mock-routes', { provider: 'stripe', ...fields })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    const problem = (await res.json()) as { code: string; errors: Array<{ pointer: string }> }
    expect(problem.code).toBe('invalid_request')
    expect(problem.errors.map((e) => e.pointer)).toContain(pointer)
    expect(count(t, 'mock_routes')).toBe(0)
  })

  it('refuses a bad update and leaves the route as it was', async () => {
    const route = await mock({ provider: 'stripe', path: '/v1/a', body: 'ok' })
    for (const patch of [
      { status: 204 },
      { path: '/v1/*/b' },
      { body: '{{' },
      { headers: { upgrade: 'h2c' } },
    ]) {
      expect((await api('PATCH', `/api/mock-routes/${route.id}`, patch)).status).toBe(400)
    }
    expect(await (await api('GET', `/api/mock-routes/${route.id}`)).json()).toEqual(route)
  })

  it('is emptied by POST /api/reset', async () => {
    await mock({ provider: 'stripe', path: '/v1/a' })
    expect((await api('POST', '/api/reset', {})).status).toBe(200)
    expect(count(t, 'mock_routes')).toBe(0)
    // Reset deleted the connections too: connect again for the tests that follow.
    github = await connect('github')
    stripe = await connect('stripe')
  })
})

describe('precedence for a simulated connection', () => {
  it('a mock route beats the built-in GitHub simulation for the same path', async () => {
    await mock({ provider: 'github', path: '/user', body: '{"login":"mocked"}' })
    const res = await proxy(github, 'GET', '/user')
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await res.json()).toEqual({ login: 'mocked' })
  })

  it('falls through to the simulation when no mock route matches (or the match is disabled)', async () => {
    const route = await mock({ provider: 'github', method: 'POST', path: '/user', body: '{}' })
    await mock({ provider: 'github', path: '/user', body: '{"login":"off"}', enabled: false })
    const res = await proxy(github, 'GET', '/user')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(((await res.json()) as { login: string }).login).not.toBe('off')
    expect(route.method).toBe('POST')
  })

  it('then falls through to recordings, and to 501 when nothing answers', async () => {
    const imported = await api('POST', '/api/recordings/import', {
      version: 1,
      entries: [
        {
          provider: 'stripe',
          recorded_at: '2026-01-01T00:00:00.000Z',
          duration_ms: 3,
          request: {
            method: 'GET',
            path: '/v1/balance',
            query: '',
            headers: [],
            body: '',
            body_encoding: 'utf8',
          },
          response: {
            status: 200,
            headers: [['content-type', 'application/json']],
            body: '{"object":"balance"}',
            body_encoding: 'utf8',
          },
        },
      ],
    })
    expect(imported.status).toBe(200)
    await mock({ provider: 'stripe', path: '/v1/customers/:id', body: '{}' })
    const recorded = await proxy(stripe, 'GET', '/v1/balance')
    expect(recorded.headers.get('switchyard-proxy-mode')).toBe('replay')
    expect(await recorded.json()).toEqual({ object: 'balance' })
    const nothing = await proxy(stripe, 'GET', '/v1/charges')
    // Stripe's 404, the 501 problem in its switchyard member.
    expect(nothing.status).toBe(404)
    expect(((await nothing.json()) as { switchyard: { detail: string } }).switchyard.detail).toMatch(
      /mock route/,
    )
  })

  it('answers with a route as changed, even when the changes land within one millisecond', async () => {
    const route = await mock({ provider: 'stripe', path: '/v1/same-ms', body: 'first' })
    expect(await (await proxy(stripe, 'GET', '/v1/same-ms')).text()).toBe('first')
    // The manual clock does not move: both updates carry the same updated_at.
    await api('PATCH', `/api/mock-routes/${route.id}`, { status: 201, body: 'second' })
    let res = await proxy(stripe, 'GET', '/v1/same-ms')
    expect([res.status, await res.text()]).toEqual([201, 'second'])
    await api('PATCH', `/api/mock-routes/${route.id}`, { status: 202 })
    res = await proxy(stripe, 'GET', '/v1/same-ms')
    expect([res.status, await res.text()]).toEqual([202, 'second'])
  })

  it('a mock route for one provider never answers another', async () => {
    await mock({ provider: 'stripe', path: '/user', body: '{"login":"stripe"}' })
    expect((await proxy(github, 'GET', '/user')).headers.get('switchyard-proxy-mode')).toBe('simulated')
  })
})

describe('matching and templates', () => {
  it('the most specific pattern wins: literal, then parameter, then wildcard; then exact method; then newest', async () => {
    // Created least specific last (and newest), so only specificity can put the others first.
    const add = async (route: Record<string, unknown>) => {
      await mock({ provider: 'stripe', method: '*', ...route })
      t.clock.advance(1000)
    }
    await add({ method: 'GET', path: '/v1/customers/search', body: 'literal, exact method' })
    await add({ path: '/v1/customers/search', body: 'literal' })
    await add({ path: '/v1/customers/:id/sources/:source', body: 'params {{params.id}} {{params.source}}' })
    await add({ path: '/v1/customers/:id', body: 'param {{params.id}}' })
    await add({ path: '/v1/customers/:id/*', body: 'param then wildcard {{params.wildcard}}' })
    await add({ path: '/v1/*', body: 'wildcard {{params.wildcard}}' })
    await add({ path: '/v1/prices/:id', body: 'older' })
    await add({ path: '/v1/prices/:price', body: 'newer' })
    const text = async (path: string, method = 'GET') => (await proxy(stripe, method, path)).text()
    expect(await text('/v1/customers/search')).toBe('literal, exact method')
    expect(await text('/v1/customers/search', 'DELETE')).toBe('literal')
    expect(await text('/v1/customers/cus_1')).toBe('param cus_1')
    expect(await text('/v1/customers/cus_1/')).toBe('param cus_1')
    expect(await text('/v1/customers/cus_1/sources/src_2')).toBe('params cus_1 src_2')
    expect(await text('/v1/customers/cus_1/tax_ids/t_1')).toBe('param then wildcard tax_ids/t_1')
    expect(await text('/v1/invoices/in_1')).toBe('wildcard invoices/in_1')
    expect(await text('/v1')).toBe('wildcard ')
    expect(await text('/v1/prices/p_1')).toBe('newer')
  })

  it('templates read path parameters, query, headers and a JSON body, JSON-escaped inside a JSON body', async () => {
    await mock({
      provider: 'stripe',
      method: 'POST',
      path: '/v1/customers/:id',
      status: 201,
      headers: { 'x-request-id': '{{headers.x-trace}}', location: '/v1/customers/{{params.id}}' },
      body: '{"id":"{{params.id}}","email":"{{body.email}}","limit":"{{query.limit}}","tags":{{json body.tags}},"first":"{{body.tags.0}}","missing":"{{body.nope.deeper}}","auth":"{{headers.authorization}}","method":"{{method}}"}',
    })
    const res = await proxy(stripe, 'POST', '/v1/customers/cus%20%221?limit=5', {
      body: { email: 'a"b\\c\n<x>', tags: ['vip', 2] },
      headers: { 'x-trace': 'tr-1' },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('x-request-id')).toBe('tr-1')
    expect(res.headers.get('location')).toBe('/v1/customers/cus "1')
    expect(await res.json()).toEqual({
      id: 'cus "1',
      email: 'a"b\\c\n<x>',
      limit: '5',
      tags: ['vip', 2],
      first: 'vip',
      missing: '',
      auth: '[redacted]',
      method: 'POST',
    })
  })

  it('a substituted value cannot break out of its JSON string or add a header', async () => {
    await mock({
      provider: 'stripe',
      method: 'POST',
      path: '/v1/echo',
      headers: { 'x-echo': '{{body.name}}' },
      body: '{"name":"{{body.name}}","admin":false}',
    })
    const res = await proxy(stripe, 'POST', '/v1/echo', {
      body: { name: 'x","admin":true,"y":"\r\nSet-Cookie: a=b' },
    })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('x-echo')).toBe('x","admin":true,"y":"Set-Cookie: a=b')
    expect(await res.json()).toEqual({ name: 'x","admin":true,"y":"\r\nSet-Cookie: a=b', admin: false })
  })

  it('reads form bodies with bracketed names nested, and never walks a prototype', async () => {
    await mock({
      provider: 'stripe',
      method: 'POST',
      path: '/v1/form',
      body: 'email={{body.email}} plan={{body.meta.plan}} tag={{body.tags.1}} proto={{body.__proto__.x}} ctor={{body.constructor}} literal=\\{{body}}',
    })
    const res = await proxy(stripe, 'POST', '/v1/form', {
      raw: 'email=a%40b.c&meta[plan]=pro&tags[]=a&tags[]=b&__proto__[x]=polluted',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    // A form's own `__proto__` field is just a field (objects have no prototype); nothing leaks.
    expect(await res.text()).toBe('email=a@b.c plan=pro tag=b proto=polluted ctor= literal={{body}}')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('helpers give the time, a uuid, the method and the path', async () => {
    await mock({
      provider: 'stripe',
      path: '/v1/now',
      body: '{{now}} {{timestamp}} {{uuid}} {{method}} {{path}}',
    })
    const [iso, ts, uuid, method, path] = (await (await proxy(stripe, 'GET', '/v1/now')).text()).split(' ')
    expect(iso).toBe(new Date(t.clock.now()).toISOString())
    expect(Number(ts)).toBe(Math.floor(t.clock.now() / 1000))
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect([method, path]).toEqual(['GET', '/v1/now'])
  })

  it('a 204 route answers with no body, and a HEAD call gets the headers only', async () => {
    await mock({ provider: 'stripe', method: 'DELETE', path: '/v1/customers/:id', status: 204 })
    const deleted = await proxy(stripe, 'DELETE', '/v1/customers/cus_1')
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
    await mock({ provider: 'stripe', method: '*', path: '/v1/head', body: '{"a":1}' })
    const head = await proxy(stripe, 'HEAD', '/v1/head')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe('cassettes carry mock routes', () => {
  it('export → reset → import restores the provider’s routes; importing again replaces, never duplicates', async () => {
    const kept = await mock({ provider: 'stripe', path: '/v1/customers/:id', body: '{"id":"{{params.id}}"}' })
    await mock({ provider: 'github', path: '/user', body: '{}' })
    const exported = await api('GET', '/api/recordings/export?provider=stripe')
    expect(exported.status).toBe(200)
    const cassette = (await exported.json()) as {
      entries: unknown[]
      mock_routes: Array<Record<string, unknown>>
    }
    expect(cassette.mock_routes).toEqual([
      {
        id: kept.id,
        provider: 'stripe',
        method: 'GET',
        path: '/v1/customers/:id',
        status: 200,
        headers: {},
        body: '{"id":"{{params.id}}"}',
        description: null,
        enabled: true,
        created_at: kept.created_at,
      },
    ])

    expect((await api('POST', '/api/reset', {})).status).toBe(200)
    stripe = await connect('stripe')
    github = await connect('github')
    const imported = await api('POST', '/api/recordings/import', cassette)
    expect(await imported.json()).toEqual({ imported: cassette.entries.length, skipped: 0, mock_routes: 1 })
    expect(await (await api('GET', `/api/mock-routes/${kept.id}`)).json()).toMatchObject({
      path: '/v1/customers/:id',
      created_at: kept.created_at,
    })
    const res = await proxy(stripe, 'GET', '/v1/customers/cus_9')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await res.json()).toEqual({ id: 'cus_9' })

    await api('PATCH', `/api/mock-routes/${kept.id}`, { status: 500 })
    expect((await api('POST', '/api/recordings/import', cassette)).status).toBe(200)
    expect(count(t, 'mock_routes')).toBe(1)
    expect(await (await api('GET', `/api/mock-routes/${kept.id}`)).json()).toMatchObject({ status: 200 })
  })

  it('a cassette with a bad mock route is refused whole: no route and no recording stored', async () => {
    const res = await api('POST', '/api/recordings/import', {
      version: 1,
      entries: [
        {
          provider: 'stripe',
          recorded_at: '2026-01-01T00:00:00.000Z',
          duration_ms: 1,
          request: {
            method: 'GET',
            path: '/v1/refused',
            query: '',
            headers: [],
            body: '',
            body_encoding: 'utf8',
          },
          response: { status: 200, headers: [], body: '', body_encoding: 'utf8' },
        },
      ],
      mock_routes: [
        { id: 'mock_ok', provider: 'stripe', path: '/v1/ok' },
        { id: 'mock_bad', provider: 'stripe', path: '/v1/bad', status: 204, body: 'not allowed' },
      ],
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Array<{ pointer: string }> }).errors).toEqual([
      expect.objectContaining({ pointer: '/mock_routes/1/body' }),
    ])
    expect(count(t, 'mock_routes')).toBe(0)
    expect(t.db.prepare(`SELECT count(*) AS n FROM recordings WHERE path = '/v1/refused'`).get()).toEqual({
      n: 0,
    })
  })
})

describe('snapshots carry mock routes', () => {
  it('a data-folder export holds them and an import brings them back', async () => {
    const route = await mock({ provider: 'stripe', path: '/v1/snap', body: 'kept' })
    const file = join(t.dir, 'snapshot.db')
    expect((await t.core.snapshots.export(file)).tables.mock_routes).toBe(1)
    expect((await api('DELETE', `/api/mock-routes/${route.id}`)).status).toBe(204)
    expect(t.core.snapshots.import(file).tables.mock_routes).toBe(1)
    expect(await (await api('GET', `/api/mock-routes/${route.id}`)).json()).toEqual(route)
  })
})
