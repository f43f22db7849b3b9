import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

type Response_ = {
  headers?: Record<string, { required?: boolean }>
  content?: Record<string, { schema: object }>
}
type Operation = { security?: Array<Record<string, string[]>>; responses: Record<string, Response_> }
type Document = { paths: Record<string, Record<string, Operation>>; components: object }
const METHODS = ['get', 'put', 'post', 'delete', 'patch']

/**
 * Checks real responses against the served OpenAPI document: the status is documented for the
 * operation, the media type is one it lists, a JSON body validates against its schema (JSON Schema
 * 2020-12, as OpenAPI 3.1 uses), and the headers it marks required are present.
 */
function createConformanceChecker(doc: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const compiled = new Map<object, ValidateFunction>()
  const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
        op,
      })),
  )
  return {
    operationOf: (method: string, pathname: string) =>
      routes.find((r) => r.method === method && r.pattern.test(pathname)),

    /** Problems of one response (an empty list when it conforms). */
    async problems(method: string, pathname: string, res: Response): Promise<string[]> {
      const route = routes.find((r) => r.method === method && r.pattern.test(pathname))
      if (!route) return [`${method} ${pathname} is not a documented operation`]
      const where = `${method} ${route.path} → ${res.status}`
      const documented = route.op.responses[String(res.status)] ?? route.op.responses.default
      if (!documented) return [`${where}: status not documented`]
      const problems: string[] = []
      for (const [name, header] of Object.entries(documented.headers ?? {})) {
        if (header.required && !res.headers.has(name)) problems.push(`${where}: missing header ${name}`)
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim()
      if (type === 'text/event-stream') {
        // A stream never ends: its status, headers and media type are what can be checked.
        await res.body?.cancel()
        return documented.content?.[type] ? problems : [...problems, `${where}: event stream not documented`]
      }
      const text = await res.text()
      if (!documented.content)
        return text ? [...problems, `${where}: body where none is documented`] : problems
      const media = documented.content[type]
      if (!media) return [...problems, `${where}: content type '${type}' not documented`]
      if (!/^application\/([\w.-]+\+)?json$/.test(type)) return problems
      let validate = compiled.get(media.schema)
      if (!validate) {
        validate = ajv.compile({ ...media.schema, components: doc.components })
        compiled.set(media.schema, validate)
      }
      if (!validate(JSON.parse(text))) {
        problems.push(`${where}: body does not match: ${ajv.errorsText(validate.errors)}`)
      }
      return problems
    },
  }
}

let t: TestApp
let doc: Document
let checker: ReturnType<typeof createConformanceChecker>

beforeAll(async () => {
  t = await createTestApp()
  doc = await (await t.req('GET', '/openapi.json')).json()
  checker = createConformanceChecker(doc)
})
afterAll(() => t.close())

/** Sends through the app and returns the problems of the response against the document. */
async function send(method: string, path: string, options: Parameters<TestApp['req']>[2] = {}) {
  const res = await t.req(method, path, options)
  const problems = await checker.problems(method, new URL(path, 'http://x').pathname, res)
  return { status: res.status, problems }
}

describe('responses conform to the documented schemas', () => {
  it('the checker catches a body that breaks its schema (it can fail)', async () => {
    const fake = new Response(JSON.stringify({ data: 'not an array' }), {
      status: 200,
      headers: { 'content-type': 'application/json', 'ratelimit-policy': 'x', ratelimit: 'x' },
    })
    expect(await checker.problems('POST', '/api/api-keys/search', fake)).toEqual([
      expect.stringContaining('body does not match'),
    ])
  })

  it('API keys: create, list, revoke and their errors', async () => {
    const key = t.secretKey
    const created = await t.req('POST', '/api/api-keys', { key, body: { name: 'ci', role: 'secret' } })
    const id = (await created.clone().json()).id
    expect(await checker.problems('POST', '/api/api-keys', created)).toEqual([])
    const results = [
      await send('POST', '/api/api-keys/search', { key, body: {} }),
      await send('POST', '/api/api-keys/search', { key, body: { fields: ['id', 'name'], limit: 1 } }),
      await send('POST', '/api/api-keys/search', { key, body: { filter: { nope: { eq: 1 } } } }),
      await send('DELETE', `/api/api-keys/${id}`, { key }),
      await send('DELETE', '/api/api-keys/key_missing', { key }),
      await send('POST', '/api/api-keys', { key, body: { name: '', role: 'admin' } }),
      await send('POST', '/api/api-keys', { key, raw: 'name=x', headers: { 'content-type': 'text/plain' } }),
      await send('POST', '/api/api-keys', { key: t.publishableKey, body: { name: 'x', role: 'secret' } }),
      await send('POST', '/api/api-keys', { body: { name: 'x', role: 'secret' } }),
    ]
    expect(results.flatMap((r) => r.problems)).toEqual([])
  })

  it('provider configs: create, get, update, search, delete', async () => {
    const key = t.secretKey
    const created = await t.req('POST', '/api/provider-configs', {
      key,
      body: { provider: 'github', client_id: 'abc', client_secret: 'shh', scopes: ['repo'] },
    })
    expect(created.status).toBe(201)
    const id = (await created.clone().json()).id
    expect(await checker.problems('POST', '/api/provider-configs', created)).toEqual([])
    const results = [
      await send('GET', `/api/provider-configs/${id}`, { key }),
      await send('PATCH', `/api/provider-configs/${id}`, { key, body: { client_secret: null } }),
      await send('POST', '/api/provider-configs/search', { key, body: {} }),
      await send('DELETE', `/api/provider-configs/${id}`, { key }),
      await send('GET', `/api/provider-configs/${id}`, { key }),
    ]
    expect(results.flatMap((r) => r.problems)).toEqual([])
  })

  it('every search endpoint, with and without results', async () => {
    const key = t.secretKey
    const searches = doc.paths
      ? Object.keys(doc.paths).filter((p) => p.startsWith('/api/') && p.endsWith('/search'))
      : []
    expect(searches.length).toBeGreaterThanOrEqual(6)
    for (const path of searches) {
      const { problems } = await send('POST', path, { key, body: { limit: 2 } })
      expect(problems, path).toEqual([])
    }
  })

  it('meta: health, the document itself and the reference page', async () => {
    const results = [
      await send('GET', '/health'),
      await send('GET', '/openapi.json'),
      await send('GET', '/docs'),
      await send('GET', '/docs/assets/docs.js'),
    ]
    expect(results.flatMap((r) => r.problems)).toEqual([])
  })

  it('a 429 conforms, with its required headers', async () => {
    const limited = await createTestApp({ rateLimited: true })
    try {
      let last: Response | undefined
      for (let i = 0; i < 61; i++) {
        last = await limited.req('POST', '/api/events/search', { key: limited.secretKey, body: {} })
      }
      expect(last!.status).toBe(429)
      expect(await checker.problems('POST', '/api/events/search', last!)).toEqual([])
    } finally {
      await limited.close()
    }
  })

  it('every documented operation answers an unknown id, an empty body, and no key as documented', async () => {
    const problems: string[] = []
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue
        const concrete = path.replace(/\{\w+\}/g, 'nope')
        const admin =
          op.security?.some((s) => 'adminToken' in s) && !op.security.some((s) => 'secretKey' in s)
        const hasBody = !['get', 'delete'].includes(method)
        for (const key of [admin ? t.adminToken : t.secretKey, undefined]) {
          const r = await send(method.toUpperCase(), concrete, { key, ...(hasBody && { body: {} }) })
          problems.push(...r.problems)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
