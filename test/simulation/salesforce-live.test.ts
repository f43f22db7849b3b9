import { Connection } from 'jsforce'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '../../src/core/providers/catalog.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * The README's jsforce configuration on a real connection: a local API stands in for the org, and
 * the provider's base URL is Salesforce's catalog one, `{instance_url}` from the token response. The
 * SDK sends `/services/data/v62.0/…` under `<gateway>/proxy/<id>`; the org must get that path once.
 */
let dp: DataPlane
beforeAll(async () => {
  dp = await startDataPlane()
})
afterAll(() => dp.close())

describe('jsforce through the proxy, live', () => {
  it('reaches {instance_url}/services/data/v62.0/… with the path once', async () => {
    const salesforce = loadCatalog().providers.find((p) => p.id === 'salesforce')!
    const patched = await dp.gateway.api('PATCH', '/api/providers/local-api', {
      api: { base_url: salesforce.api!.base_url },
      placeholders: { instance_url: { source: 'metadata', description: 'The org URL.' } },
      auth: {
        type: 'oauth2',
        authorization_url: dp.oauth.authorizationUrl,
        token_url: dp.oauth.tokenUrl,
        scopes: ['read'],
        token_response: {
          metadata: { instance_url: { path: 'instance_url', example: 'https://acme.my.salesforce.com' } },
        },
      },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    dp.oauth.set({ shape: (standard) => ({ ...standard, instance_url: dp.api.url }) })
    const { result } = await dp.gateway.connect({ provider: 'local-api' })
    const id = result.get('connection_id')!
    expect(id).toMatch(/^conn_/)
    const sf = new Connection({
      instanceUrl: `${dp.gateway.server.url}/proxy/${id}`,
      accessToken: dp.secretKey,
      version: '62.0',
    })
    await sf.sobject('Account').retrieve('001000000000000AAA')
    expect(dp.api.seen.at(-1)!.url).toBe('/services/data/v62.0/sobjects/Account/001000000000000AAA')
  })
})
