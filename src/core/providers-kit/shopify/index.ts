import type { ProviderKit, ProviderSimulation, ProviderWebhooks } from '../kit/provider-kit.js'
import { shopifyDialect } from './errors.js'
import { route } from './routes.js'
import { shopifyScheme } from './scheme.js'
import { shopifySeed } from './seed.js'
import { initialState, type ShopifyState } from './state.js'
import { shopifyTokens } from './tokens.js'
import { shopifyAccountView, shopifyExampleCalls } from './view.js'
import { SHOPIFY_TOPICS, shopifySample } from './webhooks.js'

/**
 * The simulated Shopify Admin GraphQL API (shop, products with search and paging, productCreate,
 * productUpdate, orders, orderCreate) with its cost-based throttling and its `products/*` and
 * `orders/create` webhooks. A new shop is named after the connection's `shop` param (else its tenant)
 * and starts empty.
 */
export const shopifySimulation: ProviderSimulation<ShopifyState> = {
  provider: 'shopify',
  initialState,
  route,
  errors: shopifyDialect,
  accountView: shopifyAccountView,
  exampleCalls: shopifyExampleCalls,
  ownerScopes: ['read_products', 'write_products', 'read_orders', 'write_orders'],
  // GraphQL refusals are HTTP 200 with `errors`, and a mutation's with `userErrors`.
  refused: (status, body) => {
    if (status >= 400) return true
    const b = body as { errors?: unknown; data?: Record<string, { userErrors?: unknown[] } | null> }
    return (
      b?.errors !== undefined || Object.values(b?.data ?? {}).some((v) => (v?.userErrors?.length ?? 0) > 0)
    )
  },
}

const shopifyWebhooks = {
  types: SHOPIFY_TOPICS,
  sample: shopifySample,
  typeHeader: 'x-shopify-topic',
} satisfies ProviderWebhooks

/** The registry entry. */
export const shopify = {
  id: 'shopify',
  simulation: shopifySimulation,
  scheme: shopifyScheme,
  webhooks: shopifyWebhooks,
  seed: shopifySeed,
  tokens: shopifyTokens,
} as const satisfies ProviderKit
