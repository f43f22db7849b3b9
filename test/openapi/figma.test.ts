import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { customProvider, putDocument, simulatedConnection } from './helpers.js'

/**
 * Figma's published OpenAPI 3.1 document (`@figma/rest-api-spec`, YAML), a real provider's document
 * beside GitHub's 3.0 one (Stripe's is not on the npm registry): it loads, its resources are
 * inferred, and its webhooks resource runs a CRUD cycle with its own error shape.
 */
const text = readFileSync(
  createRequire(import.meta.url).resolve('@figma/rest-api-spec/openapi/openapi.yaml'),
  'utf8',
)
let t: TestApp
let conn: string
const proxy = (method: string, path: string, body?: unknown) =>
  t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp()
  await customProvider(t, 'figma-doc')
})
afterAll(() => t.close())

describe("Figma's OpenAPI document", () => {
  it('loads as YAML, OpenAPI 3.1, with its resources inferred', async () => {
    const res = await putDocument(t, 'figma-doc', text, 'application/yaml')
    expect(res.status, await res.clone().text()).toBe(200)
    const info = (await res.json()) as { openapi: string; operations: number; resources: string[] }
    expect(info.openapi).toBe('3.1.0')
    expect(info.operations).toBeGreaterThan(40)
    expect(info.resources).toContain('/v2/webhooks')
    conn = await simulatedConnection(t, 'figma-doc')
  })

  it('answers a read from its schema, naming the operation', async () => {
    const res = await proxy('GET', '/v1/me')
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-operation')).toBe('getMe')
    expect(await res.json()).toMatchObject({ id: expect.any(String), email: expect.any(String) })
  })

  it('refuses a create missing required fields in its own error shape', async () => {
    const res = await proxy('POST', '/v2/webhooks', { event_type: 'FILE_UPDATE' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: boolean; status: number; message: string }
    expect(body).toMatchObject({ error: true, status: 400 })
    expect(body.message).toContain('/endpoint')
  })

  it('creates, reads and deletes a webhook, then 404', async () => {
    const created = await proxy('POST', '/v2/webhooks', {
      event_type: 'FILE_UPDATE',
      context: 'team',
      context_id: '123',
      endpoint: 'https://example.test/figma',
      passcode: 'secret',
    })
    expect(created.status, await created.clone().text()).toBe(200)
    const hook = (await created.json()) as { id: string; endpoint: string }
    expect(hook.endpoint).toBe('https://example.test/figma')
    const got = await proxy('GET', `/v2/webhooks/${hook.id}`)
    expect(got.status).toBe(200)
    expect(await got.json()).toEqual(hook)
    expect((await proxy('DELETE', `/v2/webhooks/${hook.id}`)).status).toBe(200)
    const gone = await proxy('GET', `/v2/webhooks/${hook.id}`)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('switchyard-operation')).toBe('getWebhook')
  })
})
