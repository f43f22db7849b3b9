import { fake, type SampleBuilder } from './sample.js'

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

const SHOPIFY: Record<string, (nowMs: number) => Record<string, unknown>> = {
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

/** Shopify: the topic (`orders/create`) in X-Shopify-Topic, the resource itself as the body. */
export const shopify: SampleBuilder = ({ type, nowMs }) => {
  const resource = type.split('/')[0] ?? ''
  return {
    body: SHOPIFY[resource]?.(nowMs) ?? { id: fake.number(13), created_at: fake.iso(nowMs) },
    headers: {
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': type,
      'X-Shopify-Shop-Domain': 'switchyard-demo.myshopify.com',
      'X-Shopify-Webhook-Id': fake.uuid(),
      'X-Shopify-Event-Id': fake.uuid(),
      'X-Shopify-API-Version': '2024-07',
      'X-Shopify-Triggered-At': fake.iso(nowMs),
    },
  }
}
