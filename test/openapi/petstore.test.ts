import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { customProvider, fixture, putDocument, simulatedConnection } from './helpers.js'

/**
 * A small Petstore document, uploaded as JSON and as YAML, drives a stateful simulation: create,
 * get, list with limit/offset, update, delete, then 404; requests checked against the document.
 */
let t: TestApp
const proxy = (conn: string, method: string, path: string, body?: unknown) =>
  t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp()
  await customProvider(t, 'petstore-json')
  await customProvider(t, 'petstore-yaml')
})
afterAll(() => t.close())

describe.each([
  ['petstore-json', 'petstore.json', 'application/json'],
  ['petstore-yaml', 'petstore.yaml', 'application/yaml'],
])('a Petstore document uploaded as %s', (provider, file, contentType) => {
  let conn: string

  it('is stored and described', async () => {
    const res = await putDocument(t, provider, fixture(file), contentType)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({
      provider,
      openapi: '3.0.3',
      title: 'Petstore',
      content_type: contentType,
      operations: 6,
      resources: ['/pets'],
    })
    const got = await t.req('GET', `/api/providers/${provider}/openapi`, { key: t.secretKey })
    expect(got.headers.get('content-type')).toContain(contentType)
    expect(await got.text()).toBe(fixture(file))
    conn = await simulatedConnection(t, provider)
  })

  it('runs the CRUD cycle with state per connection', async () => {
    const created = await proxy(conn, 'POST', '/v1/pets', { name: 'Rex', status: 'available' })
    expect(created.status).toBe(201)
    expect(created.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(created.headers.get('switchyard-operation')).toBe('createPet')
    const rex = (await created.json()) as Record<string, unknown>
    expect(rex).toMatchObject({ id: 1, name: 'Rex', status: 'available' })
    expect(rex.created_at).toBe(new Date(t.clock.now()).toISOString())
    await proxy(conn, 'POST', '/v1/pets', { name: 'Tom', status: 'sold', tag: 'cat' })

    const got = await proxy(conn, 'GET', '/v1/pets/1')
    expect(got.status).toBe(200)
    expect(await got.json()).toEqual(rex)

    const page = await proxy(conn, 'GET', '/v1/pets?limit=1&offset=1')
    expect(((await page.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual(['Tom'])
    const all = await proxy(conn, 'GET', '/v1/pets')
    expect(((await all.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual(['Rex', 'Tom'])

    const patched = await proxy(conn, 'PATCH', '/v1/pets/1', { status: 'sold' })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toEqual({ ...rex, status: 'sold' })

    expect((await proxy(conn, 'DELETE', '/v1/pets/1')).status).toBe(204)
    const gone = await proxy(conn, 'GET', '/v1/pets/1')
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({
      code: expect.any(Number),
      message: expect.stringContaining("'1'"),
    })
  })

  it('refuses a request the document does not allow, in the declared error shape', async () => {
    const res = await proxy(conn, 'POST', '/v1/pets', { status: 'lost', name: 7 })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: number; message: string }
    expect(body.message).toContain('/status: must be one of')
    expect(body.message).toContain('/name: must be string')
    expect((await proxy(conn, 'GET', '/v1/pets?limit=zero')).status).toBe(400)
    const unknownPet = await proxy(conn, 'GET', '/v1/pets/abc')
    expect(unknownPet.status).toBe(400)
    expect(await unknownPet.json()).toMatchObject({ errors: [{ pointer: '/path/petId' }] })
  })

  it('answers other operations from the example', async () => {
    const res = await proxy(conn, 'GET', '/v1/store/inventory')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ available: 7, sold: 2 })
  })
})
