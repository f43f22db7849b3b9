import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { customProvider, fixture, putDocument } from './helpers.js'

/** Documents the gateway refuses: 400 with every problem by JSON pointer, and nothing stored. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await customProvider(t, 'shop')
})
afterAll(() => t.close())

const refused = async (res: Response) => {
  expect(res.status).toBe(400)
  expect(res.headers.get('content-type')).toContain('application/problem+json')
  expect(count(t, 'openapi_documents')).toBe(0)
  return ((await res.json()) as { errors: Array<{ pointer: string; detail: string }> }).errors
}

describe('an invalid OpenAPI document', () => {
  it('lists every problem by JSON pointer', async () => {
    const doc = JSON.parse(fixture('petstore.json'))
    delete doc.info.title
    doc.paths['/pets'].get.responses = 'none'
    doc.paths['/pets/{petId}'].parameters[0].in = 'body'
    const errors = await refused(await putDocument(t, 'shop', JSON.stringify(doc), 'application/json'))
    const pointers = errors.map((e) => e.pointer)
    expect(pointers).toContain('/info/title')
    expect(pointers).toContain('/paths/~1pets/get/responses')
    expect(pointers).toContain('/paths/~1pets~1{petId}/parameters/0/in')
  })

  it('refuses external and dangling $refs, naming them', async () => {
    const doc = JSON.parse(fixture('petstore.json'))
    doc.components.schemas.Pet.properties.owner = { $ref: 'https://example.com/owner.json' }
    doc.components.schemas.Pet.properties.toy = { $ref: '#/components/schemas/Toy' }
    const errors = await refused(await putDocument(t, 'shop', JSON.stringify(doc), 'application/json'))
    expect(errors).toEqual([
      {
        pointer: '/components/schemas/Pet/properties/owner/$ref',
        detail: expect.stringContaining("external $ref 'https://example.com/owner.json'"),
      },
      {
        pointer: '/components/schemas/Pet/properties/toy/$ref',
        detail: expect.stringContaining('points at nothing'),
      },
    ])
  })

  it('refuses what is not OpenAPI 3.0/3.1, not JSON/YAML, or not an object', async () => {
    expect(await refused(await putDocument(t, 'shop', '{"swagger":"2.0"}', 'application/json'))).toEqual([
      { pointer: '/openapi', detail: expect.stringContaining('3.0.x or 3.1.x') },
    ])
    await refused(await putDocument(t, 'shop', '{"openapi":', 'application/json'))
    await refused(await putDocument(t, 'shop', 'openapi: [3.0', 'application/yaml'))
    await refused(await putDocument(t, 'shop', '- 1\n- 2\n', 'text/yaml'))
    const yamlBomb = `a: &a [x, x, x, x, x, x, x, x]\n${Array.from({ length: 200 }, (_, i) => `k${i}: [*a, *a]`).join('\n')}\n`
    await refused(await putDocument(t, 'shop', yamlBomb, 'application/yaml'))
    const plain = await putDocument(t, 'shop', fixture('petstore.yaml'), 'text/plain')
    expect(plain.status).toBe(415)
  })

  it('is a 404 for an unknown provider, and GET/DELETE are 404 when there is no document', async () => {
    expect((await putDocument(t, 'nope', fixture('petstore.json'), 'application/json')).status).toBe(404)
    expect((await t.req('GET', '/api/providers/shop/openapi', { key: t.secretKey })).status).toBe(404)
    expect((await t.req('DELETE', '/api/providers/shop/openapi', { key: t.secretKey })).status).toBe(404)
    expect((await putDocument(t, 'shop', fixture('petstore.json'), 'application/json')).status).toBe(200)
    expect((await t.req('DELETE', '/api/providers/shop/openapi', { key: t.secretKey })).status).toBe(204)
    expect((await t.req('DELETE', '/api/providers/shop/openapi', { key: t.secretKey })).status).toBe(404)
  })

  it('accepts a document over the 1 MiB JSON limit of the rest of the API', async () => {
    const doc = JSON.parse(fixture('petstore.json'))
    doc.info.description = 'x'.repeat(2 * 1024 * 1024)
    const res = await putDocument(t, 'shop', JSON.stringify(doc), 'application/json')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { size: number }).size).toBeGreaterThan(2 * 1024 * 1024)
  })
})
