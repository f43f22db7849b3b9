import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

type Operation = {
  tags?: string[]
  description?: string
  security?: Array<Record<string, string[]>>
  responses: Record<string, { headers?: Record<string, unknown> }>
}
type Document = {
  info: { contact?: { name?: string }; license?: { name: string; identifier?: string } }
  tags?: Array<{ name: string; description?: string }>
  paths: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch']
let t: TestApp
let doc: Document
let operations: Array<{ method: string; path: string; op: Operation }>

beforeAll(async () => {
  t = await createTestApp()
  doc = (await (await t.req('GET', '/openapi.json')).json()) as Document
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  )
})
afterAll(() => t.close())

const where = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`
const searchOps = () => operations.filter(({ method, path }) => method === 'post' && path.endsWith('/search'))

describe('the document describes itself and every operation', () => {
  it('names a contact and the license of package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(doc.info.contact?.name).toBeTruthy()
    expect(doc.info.license).toEqual({ name: pkg.license, identifier: pkg.license })
  })

  it('gives every operation tags and a description, and describes every tag', () => {
    const described = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]))
    const missing = operations.flatMap((o) => [
      ...(o.op.tags?.length ? [] : [`${where(o)}: no tags`]),
      ...(o.op.description ? [] : [`${where(o)}: no description`]),
      ...(o.op.tags ?? [])
        .filter((tag) => !described.get(tag))
        .map((tag) => `${where(o)}: tag ${tag} undescribed`),
    ])
    expect(missing).toEqual([])
  })

  it('states the security of every operation; public ones carry security: []', () => {
    expect(operations.filter((o) => !Array.isArray(o.op.security)).map(where)).toEqual([])
    const publicOps = operations.filter((o) => o.op.security?.length === 0).map(where)
    for (const op of [
      'GET /health',
      'GET /openapi.json',
      'POST /webhooks/{provider}',
      'GET /oauth/callback',
    ]) {
      expect(publicOps).toContain(op)
    }
  })

  it('public operations answer without a key (never 401)', async () => {
    for (const o of operations.filter((o) => o.op.security?.length === 0 && o.method === 'get')) {
      const res = await t.req('GET', o.path.replace(/\{\w+\}/g, 'nope'))
      expect(res.status, where(o)).not.toBe(401)
      await res.body?.cancel()
    }
  })

  it('every operation has a 2xx response, unless it only ever redirects', () => {
    const without = operations.filter(
      ({ op }) => !Object.keys(op.responses).some((s) => /^[23]\d\d$/.test(s)),
    )
    expect(without.map(where)).toEqual([])
  })

  it('every operation declares 405 with Allow; loopback-only ones 403', () => {
    expect(operations.filter(({ op }) => !op.responses['405']?.headers?.Allow).map(where)).toEqual([])
    const anyHost = (path: string) => path.startsWith('/webhooks/') || path === '/oauth/callback'
    expect(operations.filter((o) => !anyHost(o.path) && !o.op.responses['403']).map(where)).toEqual([])
  })

  it('every operation that takes a body declares 413, and 415 unless it takes any media type', () => {
    const withBody = operations.filter(
      ({ op, path }) =>
        'requestBody' in op && !path.startsWith('/webhooks/') && !path.startsWith('/simulator/'),
    )
    expect(withBody.length).toBeGreaterThan(10)
    // The proxy passes any content type on to the provider (`*/*`), so it never answers 415.
    const anyType = (op: (typeof withBody)[number]['op']) =>
      Object.keys((op as { requestBody?: { content?: object } }).requestBody?.content ?? {}).includes('*/*')
    const missing = withBody.filter(
      ({ op }) => !op.responses['413'] || (!op.responses['415'] && !anyType(op)),
    )
    expect(missing.map(where)).toEqual([])
  })

  it('the simulated token endpoint declares the 413 it answers over 64 KiB', async () => {
    expect(doc.paths['/simulator/{provider}/token']?.post?.responses['413']).toBeDefined()
    const res = await t.req('POST', '/simulator/github/token', {
      raw: `a=${'x'.repeat(70_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(413)
  })
})

describe('search operations declare every status they answer', () => {
  const STATUSES = ['200', '400', '401', '403', '405', '413', '415', '429']

  it('declares them', () => {
    expect(searchOps().length).toBeGreaterThanOrEqual(6)
    const missing = searchOps().flatMap((o) =>
      STATUSES.filter((s) => !o.op.responses[s]).map((s) => `${where(o)}: ${s}`),
    )
    expect(missing).toEqual([])
  })

  it('answers each of them for real', async () => {
    const limited = await createTestApp({ rateLimited: true })
    try {
      for (const { path } of searchOps()) {
        const seen = new Set<number>()
        const post = (options: Parameters<TestApp['req']>[2]) => t.req('POST', path, options)
        seen.add((await post({ key: t.secretKey, body: {} })).status)
        seen.add((await post({ key: t.secretKey, body: { limit: 0 } })).status)
        seen.add((await post({ body: {} })).status)
        seen.add((await post({ key: t.publishableKey, body: {} })).status)
        seen.add((await t.req('GET', path, { key: t.secretKey })).status)
        seen.add((await post({ key: t.secretKey, body: { query: 'x'.repeat(1024 * 1024 + 1) } })).status)
        seen.add(
          (await post({ key: t.secretKey, raw: '{}', headers: { 'content-type': 'text/plain' } })).status,
        )
        expect([...seen].sort(), path).toEqual([200, 400, 401, 403, 405, 413, 415])
      }
      let last: Response | undefined
      for (let i = 0; i < 61; i++)
        last = await limited.req('POST', '/api/connections/search', { key: limited.secretKey, body: {} })
      expect(last!.status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
