import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** core.apiBaseUrl: what the proxy will call for a connection, from its provider, config, params and metadata. */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const connect = async (body: Record<string, unknown>) =>
  (await simulatedFlow(t, { tenant_id: 'acme', ...body })).params.get('connection_id')!

describe('the API base URL of a connection', () => {
  it('a simulated Salesforce connection reaches its (plausible) org through instance_url', async () => {
    const id = await connect({ provider: 'salesforce' })
    expect(t.core.apiBaseUrl(t.workspaceId, id)).toBe('https://acme.my.salesforce.com')
  })

  it("the connection's provider config overrides it, with the session params filled in", async () => {
    const config = await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'zendesk', api_base_url: 'https://{subdomain}.zendesk-staging.example/api/v2' },
    })
    const configId = (await config.json()).id as string
    const id = await connect({
      provider: 'zendesk',
      provider_config_id: configId,
      params: { subdomain: 'acme' },
    })
    expect(t.core.apiBaseUrl(t.workspaceId, id)).toBe('https://acme.zendesk-staging.example/api/v2')
    await t.req('DELETE', `/api/provider-configs/${configId}`, { key: t.secretKey })
    expect(t.core.apiBaseUrl(t.workspaceId, id)).toBe('https://acme.zendesk.com/api/v2')
  })

  it('a connection without the value a placeholder needs is a conflict naming it', async () => {
    const id = await connect({ provider: 'shopify' })
    let error: unknown
    try {
      t.core.apiBaseUrl(t.workspaceId, id)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('conflict')
    expect((error as AppError).detail).toContain('{shop}')
  })
})
