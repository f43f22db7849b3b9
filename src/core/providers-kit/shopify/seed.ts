import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

const PATH = '/admin/api/2024-10/graphql.json'
const PRODUCT = `mutation ProductCreate($product: ProductCreateInput!) { productCreate(product: $product) { product { id variants(first: 1) { nodes { id } } } userErrors { field message } } }`
const ORDER = `mutation OrderCreate($order: OrderCreateOrderInput!) { orderCreate(order: $order) { order { id } userErrors { field message } } }`

const PRODUCTS = [
  { title: 'Switchyard mug', vendor: 'Switchyard', productType: 'Mugs', tags: ['kitchen'], price: '18.00' },
  {
    title: 'Offline-first hoodie',
    vendor: 'Switchyard',
    productType: 'Apparel',
    tags: ['apparel'],
    price: '55.00',
  },
  {
    title: 'Webhook sticker pack',
    vendor: 'Switchyard',
    productType: 'Stickers',
    tags: ['stickers'],
    price: '6.50',
  },
  {
    title: 'Gateway notebook (draft)',
    vendor: 'Switchyard',
    productType: 'Stationery',
    status: 'DRAFT',
    price: '12.00',
  },
]

type Created = { data?: { productCreate?: { product?: { variants?: { nodes?: Array<{ id: string }> } } } } }

/** `seed demo`'s simulated Shopify: a shop (`acme`) with products and orders made through its GraphQL API. */
export const shopifySeed: DemoSeed = {
  label: 'Shopify',
  made: 'products, orders',
  scopes: ['read_products', 'write_products', 'read_orders', 'write_orders'],
  own: { tenant: 'acme' },
  webhookTypes: ['orders/create', 'products/create'],
  fill(run) {
    const created = run(
      PRODUCTS.map(
        ({ price: _price, ...product }): SeedRequest => ({
          method: 'POST',
          path: PATH,
          body: { query: PRODUCT, variables: { product } },
        }),
      ),
    )
    const variants = created.map(
      (c) => (c.body as Created)?.data?.productCreate?.product?.variants?.nodes?.[0]?.id,
    )
    const lineItem = (i: number, quantity: number) => ({
      variantId: variants[i],
      quantity,
      priceSet: { shopMoney: { amount: PRODUCTS[i]!.price, currencyCode: 'USD' } },
    })
    const orders: SeedRequest[] = [
      [lineItem(0, 2), lineItem(2, 1)],
      [lineItem(1, 1)],
      [lineItem(0, 1), lineItem(1, 1), lineItem(2, 3)],
    ].map((lineItems, i) => ({
      method: 'POST',
      path: PATH,
      body: {
        query: ORDER,
        variables: {
          order: {
            email: ['jenny.rosen@example.com', 'wile.e@acme.example', 'hank@globex.example'][i],
            financialStatus: i === 1 ? 'PENDING' : 'PAID',
            lineItems,
          },
        },
      },
    }))
    return created.length + run(orders).length
  },
}
