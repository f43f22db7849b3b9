import { createAdminApiClient } from '@shopify/admin-api-client'
import type { RunningServer } from '../../src/server/index.js'
import { firstSecretKey } from '../helpers/server.js'

/**
 * The official Admin API client, unchanged, as the README shows it: it always calls
 * `https://<storeDomain>/admin/api/<version>/graphql.json` (it forces https and drops any path of
 * `storeDomain`), so its documented `customFetchApi` sends each request to
 * `<gateway>/proxy/{connection_id}/admin/api/<version>/graphql.json`; the secret key is its access token.
 */
export function shopifyThroughGateway(
  server: RunningServer,
  connectionId: string,
  key = firstSecretKey(server),
) {
  return createAdminApiClient({
    storeDomain: 'acme.myshopify.com',
    apiVersion: '2026-10',
    accessToken: key,
    customFetchApi: (url, init) => {
      const { pathname, search } = new URL(String(url))
      return fetch(`${server.url}/proxy/${connectionId}${pathname}${search}`, init)
    },
  })
}

export type ShopifyClient = ReturnType<typeof shopifyThroughGateway>
