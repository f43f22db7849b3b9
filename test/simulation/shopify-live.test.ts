import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { shopifyThroughGateway } from './shopify-client.js'

/**
 * The README's admin-api-client configuration on a real connection: a local API stands in for the
 * shop (its catalog-like entry has the shop's host as base URL and Shopify's token header), so the
 * same client calls reach `{base}/admin/api/<version>/graphql.json` once, with the connection's token
 * in X-Shopify-Access-Token and the gateway key nowhere.
 */
let dp: DataPlane
beforeAll(async () => {
  dp = await startDataPlane()
})
afterAll(() => dp.close())

describe('@shopify/admin-api-client through the proxy, live', () => {
  it('sends the path once under the base URL with the connection token in X-Shopify-Access-Token', async () => {
    const patched = await dp.gateway.api('PATCH', '/api/providers/local-api', {
      api: { base_url: dp.api.url, token_header: 'X-Shopify-Access-Token' },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    const id = await dp.connect()
    const client = shopifyThroughGateway(dp.gateway.server, id, dp.secretKey)
    await client.request('{ shop { name } }')
    const seen = dp.api.seen.at(-1)!
    expect(seen.url).toBe('/admin/api/2026-10/graphql.json')
    const token = (
      (await (
        await fetch(`${dp.gateway.server.url}/api/connections/${id}/credentials`, {
          headers: { authorization: `Bearer ${dp.secretKey}` },
        })
      ).json()) as { access_token: string }
    ).access_token
    expect(seen.headers['x-shopify-access-token']).toBe(token)
    expect(JSON.stringify(seen.headers)).not.toContain(dp.secretKey)
    expect(JSON.parse(seen.body.toString())).toEqual({ query: '{ shop { name } }' })
  })
})
