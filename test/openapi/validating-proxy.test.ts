import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * The validating proxy: a real connection of `local-api` (a local HTTP server whose answers do
 * not match the document attached to the provider) with `validate_against_openapi: true`. The
 * mismatches are reported in the proxy.request event and the Switchyard-Validation header; the
 * provider's answer reaches the client unchanged.
 */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Local API', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A thing.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    '/echo': {
      post: {
        operationId: 'echo',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['title'] } } },
        },
        responses: {
          '200': {
            description: 'The body, back.',
            content: { 'application/json': { schema: { type: 'object', required: ['title'] } } },
          },
        },
      },
    },
  },
}

let dp: DataPlane
let conn: string
const events = async () => {
  dp.gateway.server.core.proxy.flush()
  const found = await dp.gateway.api('POST', '/api/events/search', {
    filter: { type: { eq: 'proxy.request' }, connection_id: { eq: conn } },
    limit: 100,
  })
  return (found.body.data as Array<{ data: Record<string, unknown> }>).map((e) => e.data)
}

beforeAll(async () => {
  dp = await startDataPlane()
  const put = await fetch(`${dp.gateway.server.url}/api/providers/local-api/openapi`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${dp.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(DOCUMENT),
  })
  expect(put.status).toBe(200)
  conn = await dp.connect()
})
afterAll(() => dp.close())

describe('validate_against_openapi', () => {
  it('is off by default: no header, no validation in the event', async () => {
    const res = await dp.proxy(conn, '/things/7')
    expect(res.headers.get('switchyard-validation')).toBeNull()
    await res.text()
    expect((await events()).at(0)).not.toHaveProperty('validation')
  })

  it('reports a request and an answer that break the document, without changing the answer', async () => {
    const on = await dp.gateway.api('PATCH', `/api/provider-configs/${dp.configId}`, {
      validate_against_openapi: true,
    })
    expect(on.status).toBe(200)
    expect(on.body.validate_against_openapi).toBe(true)

    const res = await dp.proxy(conn, '/things/seven')
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('live')
    expect(res.headers.get('switchyard-validation')).toBe('failed')
    expect(await res.json()).toEqual({ method: 'GET', url: '/v1/things/seven' })
    const event = (await events()).find((e) => e.path === '/things/seven')!
    expect(event.validation).toEqual({
      request: [{ pointer: '/path/id', detail: 'must be integer' }],
      response: [
        { pointer: '/id', detail: "missing required field 'id'" },
        { pointer: '/name', detail: "missing required field 'name'" },
      ],
    })
  })

  it('passes an exchange that matches', async () => {
    const res = await dp.proxy(conn, '/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'hello' }),
    })
    expect(res.headers.get('switchyard-validation')).toBe('passed')
    expect(await res.json()).toEqual({ title: 'hello' })
    const event = (await events()).find((e) => e.path === '/echo')!
    expect(event.validation).toEqual({ request: [], response: [] })
  })

  it('names an operation the document does not have', async () => {
    const res = await dp.proxy(conn, '/unknown')
    expect(res.headers.get('switchyard-validation')).toBe('failed')
    await res.text()
    const event = (await events()).find((e) => e.path === '/unknown')!
    expect(event.validation).toMatchObject({
      request: [{ pointer: '', detail: expect.stringContaining('no operation') }],
    })
  })
})
