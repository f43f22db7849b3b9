import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import type { TestApp } from '../helpers/app.js'

export const FIXTURES = join(import.meta.dirname, '../fixtures/openapi')
export const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8')

/** A custom provider of the test app's workspace, for a document to be attached to. */
export async function customProvider(t: TestApp, id: string) {
  const res = await t.req('POST', '/api/providers', {
    key: t.secretKey,
    body: {
      id,
      name: id,
      auth: {
        type: 'oauth2',
        authorization_url: 'http://127.0.0.1:9/authorize',
        token_url: 'http://127.0.0.1:9/token',
        scopes: ['read'],
      },
    },
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

/** Uploads a document as the given content type. */
export const putDocument = (t: TestApp, provider: string, text: string, contentType: string) =>
  t.req('PUT', `/api/providers/${provider}/openapi`, {
    key: t.secretKey,
    raw: text,
    headers: { 'content-type': contentType },
  })

/** A simulated connection of a provider, through the simulator's consent screen. */
export const simulatedConnection = async (t: TestApp, provider: string) =>
  (await simulatedFlow(t, { provider, tenant_id: 'acme' })).params.get('connection_id')!
