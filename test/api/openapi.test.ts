import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UI_PATHS } from '../../src/server/routes/ui.routes.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

type Operation = {
  operationId?: string
  security?: Array<Record<string, string[]>>
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>
}
type Document = {
  openapi: string
  servers?: Array<{ url: string }>
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme: string }> }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch']
let t: TestApp
let doc: Document
let operations: Array<{ method: string; path: string; op: Operation }>

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.req('GET', '/openapi.json')
  expect(res.status).toBe(200)
  doc = await res.json()
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  )
})
afterAll(() => t.close())

/** Needs an API key: an empty requirement (`{}`) marks the key optional, as on the public catalog. */
const needsApiKey = (op: Operation) =>
  (op.security?.some((s) => 'secretKey' in s || 'publishableKey' in s) ?? false) &&
  !op.security?.some((s) => Object.keys(s).length === 0)

describe('GET /openapi.json', () => {
  it('serves an OpenAPI 3.1 document without a key', () => {
    expect(doc.openapi).toBe('3.1.0')
  })

  it('is valid according to an independent OpenAPI validator', async () => {
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('documents force_refresh as a boolean query parameter', () => {
    const op = operations.find((o) => o.op.operationId === 'getConnectionCredentials')!.op as unknown as {
      parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>
    }
    const param = op.parameters.find((p) => p.name === 'force_refresh')!
    expect(param.in).toBe('query')
    expect(param.schema.type).toBe('boolean')
    expect(param.schema.enum).toBeUndefined()
  })

  it('marks id and created_at required in every search result item, the rest optional', () => {
    const searches = operations.filter((o) => o.path.endsWith('/search') && o.method === 'post')
    expect(searches.length).toBeGreaterThan(5)
    const schemas = (doc as unknown as { components: { schemas: Record<string, Envelope> } }).components
      .schemas
    type Envelope = { properties: { data: { items: { required?: string[] } } } }
    for (const { op } of searches) {
      const ref = (
        op as unknown as { responses: { 200: { content: Record<string, { schema: { $ref: string } }> } } }
      ).responses[200].content['application/json']!.schema.$ref
      const envelope = schemas[ref.split('/').pop()!]!
      expect(envelope.properties.data.items.required?.sort()).toEqual(['created_at', 'id'])
    }
  })

  it('names the origin it was fetched from as its server', () => {
    // app.request() addresses http://localhost; over real HTTP it is the URL the client used.
    expect(doc.servers).toEqual([{ url: 'http://localhost' }])
  })

  it('answers loopback Hosts only, like the rest of the API', async () => {
    for (const path of ['/openapi.json', '/docs', '/docs/assets/swagger-ui.css']) {
      const res = await t.req('GET', path, { headers: { host: 'evil.example' } })
      expect(res.status, path).toBe(403)
      expect((await res.json()).code).toBe('host_not_allowed')
    }
  })
})

describe('the document covers the API', () => {
  it('documents every route the app serves (the dashboard UI aside)', () => {
    // Parameter names do not matter; a trailing Hono wildcard is documented as a last path parameter.
    const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':').replace(/\/\*$/, '/:')
    const documented = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${shape(path)}`))
    const ui = new Set<string>(UI_PATHS)
    const served = t.app.routes.filter((r) => r.method !== 'ALL' && !ui.has(r.path))
    const missing = [...new Set(served.map((r) => `${r.method} ${r.path}`))].filter(
      (route) => !documented.has(shape(route)),
    )
    expect(missing).toEqual([])
  })

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId)
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('declares the three credentials as HTTP bearer security schemes', () => {
    const schemes = doc.components.securitySchemes
    for (const name of ['secretKey', 'publishableKey', 'adminToken']) {
      expect(schemes[name], name).toMatchObject({ type: 'http', scheme: 'bearer' })
    }
  })

  it('documents 401, 403 and 429 (with Retry-After and the RateLimit fields) on every API-key operation', () => {
    const keyed = operations.filter(({ op }) => needsApiKey(op))
    expect(keyed.length).toBeGreaterThan(8)
    for (const { method, path, op } of keyed) {
      const where = `${method} ${path}`
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403', '429']))
      expect(Object.keys(op.responses['429']!.headers ?? {}), where).toEqual(
        expect.arrayContaining(['Retry-After', 'RateLimit-Policy', 'RateLimit']),
      )
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) {
          expect(Object.keys(response.headers ?? {}), `${where} ${status}`).toContain('RateLimit')
        }
      }
    }
  })

  it('documents every error response as problem+json (the simulated provider speaks OAuth 2.0 errors)', () => {
    for (const { method, path, op } of operations.filter((o) => !o.path.startsWith('/simulator/'))) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) {
          expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toContain(
            'application/problem+json',
          )
        }
      }
    }
  })
})

describe('GET /docs', () => {
  it('serves the API reference page with its scripts and styles from this origin only', async () => {
    const res = await t.req('GET', '/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/)
    const html = await res.text()
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(urls.length).toBeGreaterThan(2)
    for (const url of urls) {
      expect(url, url).toMatch(/^\/docs\/assets\//)
      expect((await t.req('GET', url)).status, url).toBe(200)
    }
  })

  it('serves Swagger UI from node_modules with the right media types', async () => {
    const js = await t.req('GET', '/docs/assets/swagger-ui-bundle.js')
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await js.text()).length).toBeGreaterThan(100_000)
    const css = await t.req('GET', '/docs/assets/swagger-ui.css')
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
  })

  it('points Swagger UI at /openapi.json and turns off its online validator', async () => {
    const init = await (await t.req('GET', '/docs/assets/docs.js')).text()
    expect(init).toContain("url: '/openapi.json'")
    expect(init).toContain('validatorUrl: null')
  })

  it('serves only the files it lists: other names and path tricks are a 400', async () => {
    for (const path of [
      '/docs/assets/package.json',
      '/docs/assets/..%2F..%2Fpackage.json',
      '/docs/assets/swagger-ui.css%00.js',
    ]) {
      const res = await t.req('GET', path)
      expect(res.status, path).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
    }
  })
})
