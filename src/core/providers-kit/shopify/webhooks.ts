import { fake, type Sample, type SampleBuilder } from '../../triggers/samples/sample.js'
import type { SimulationIds } from '../kit/ids.js'

/**
 * Shopify's webhooks: the REST resource itself as the body, the topic and shop in headers
 * (`X-Shopify-Topic`, `X-Shopify-Shop-Domain`, `X-Shopify-Webhook-Id`, `X-Shopify-API-Version`,
 * all of which `shopify.webhooks.validate` requires). `X-Shopify-Hmac-Sha256` is added where every
 * webhook is signed, with the config's secret.
 */
export const SHOPIFY_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/cancelled',
  'products/create',
  'products/update',
  'products/delete',
  'customers/create',
  'customers/update',
  'app/uninstalled',
] as const

export interface ShopifyDelivery {
  topic: string
  shopDomain: string
  apiVersion: string
  body: Record<string, unknown>
}

export function shopifyDelivery(d: ShopifyDelivery, nowMs: number, ids: SimulationIds): Sample {
  return {
    body: d.body,
    headers: {
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': d.topic,
      'X-Shopify-Shop-Domain': d.shopDomain,
      'X-Shopify-Webhook-Id': ids.uuid(),
      'X-Shopify-Event-Id': ids.uuid(),
      'X-Shopify-API-Version': d.apiVersion,
      'X-Shopify-Triggered-At': new Date(nowMs).toISOString(),
    },
  }
}

const order = (nowMs: number) => ({
  id: fake.number(13),
  admin_graphql_api_id: `gid://shopify/Order/${fake.number(13)}`,
  name: '#1001',
  order_number: 1001,
  email: 'jenny.rosen@example.com',
  created_at: fake.iso(nowMs),
  currency: 'USD',
  financial_status: 'paid',
  fulfillment_status: null,
  total_price: '49.00',
  subtotal_price: '45.00',
  total_tax: '4.00',
  line_items: [{ id: fake.number(13), title: 'Switchyard mug', quantity: 1, price: '45.00', sku: 'MUG-1' }],
  customer: {
    id: fake.number(13),
    email: 'jenny.rosen@example.com',
    first_name: 'Jenny',
    last_name: 'Rosen',
  },
})

const product = (nowMs: number) => ({
  id: fake.number(13),
  title: 'Switchyard mug',
  handle: 'switchyard-mug',
  status: 'active',
  vendor: 'Switchyard',
  created_at: fake.iso(nowMs),
  updated_at: fake.iso(nowMs),
  variants: [{ id: fake.number(13), price: '45.00', sku: 'MUG-1', inventory_quantity: 12 }],
})

const SAMPLES: Record<string, (nowMs: number) => Record<string, unknown>> = {
  orders: order,
  products: product,
  customers: (n) => ({
    id: fake.number(13),
    email: 'jenny.rosen@example.com',
    first_name: 'Jenny',
    created_at: fake.iso(n),
  }),
  app: () => ({ id: fake.number(11), name: 'Switchyard demo shop', domain: 'switchyard-demo.myshopify.com' }),
}

/** `switchyard trigger shopify orders/create`: the resource of the topic, with Shopify's headers. */
export const shopifySample: SampleBuilder = ({ type, nowMs }) =>
  shopifyDelivery(
    {
      topic: type,
      shopDomain: 'switchyard-demo.myshopify.com',
      apiVersion: '2024-07',
      body: SAMPLES[type.split('/')[0] ?? '']?.(nowMs) ?? {
        id: fake.number(13),
        created_at: fake.iso(nowMs),
      },
    },
    nowMs,
    { uuid: fake.uuid, hex: fake.hex },
  )
