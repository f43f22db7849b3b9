import type { ProviderSimulation } from '../kit/provider-kit.js'
import { orderJson, productId } from './representations.js'
import type { ShopifyState, StoredOrder, StoredProduct } from './state.js'

type View = Required<Pick<ProviderSimulation<ShopifyState>, 'accountView' | 'exampleCalls'>>

/** The most rows a section shows; the API panel pages through the rest. */
const SHOWN = 50
const PATH = '/admin/api/2024-10/graphql.json'

/** The shop, its newest products and orders, for the connection detail view. */
export const shopifyAccountView: View['accountView'] = (objects, state) => {
  const rows = <T>(kind: string) => objects.page(kind, '', null, SHOWN, 0).rows.map((r) => JSON.parse(r) as T)
  return [
    {
      title: 'Shop',
      columns: ['Name', 'Domain', 'Currency'],
      rows: [[state.shop.name, state.shop.myshopifyDomain, state.shop.currencyCode]],
    },
    {
      title: 'Products',
      columns: ['Id', 'Title', 'Status', 'Vendor', 'Tags'],
      rows: rows<StoredProduct>('product').map((p) => [
        `gid://shopify/Product/${productId(state, p)}`,
        p.title,
        p.status,
        p.vendor,
        p.tags.join(', '),
      ]),
    },
    {
      title: 'Orders',
      columns: ['Name', 'Email', 'Total', 'Financial status', 'Items'],
      rows: rows<StoredOrder>('order').map((o) => {
        const json = orderJson(state, o)
        return [
          json.name,
          o.email ?? '',
          `${json.total_price} ${o.currencyCode}`,
          o.financialStatus,
          String(o.lineItems.reduce((n, li) => n + li.quantity, 0)),
        ]
      }),
    },
  ]
}

export const shopifyExampleCalls: View['exampleCalls'] = [
  {
    label: 'The shop',
    method: 'POST',
    path: PATH,
    body: { query: '{ shop { name myshopifyDomain currencyCode } }' },
  },
  {
    label: 'First products',
    method: 'POST',
    path: PATH,
    body: {
      query: '{ products(first: 10) { nodes { id title status } pageInfo { hasNextPage endCursor } } }',
    },
  },
  {
    label: 'Active products whose title starts with "mug"',
    method: 'POST',
    path: PATH,
    body: { query: '{ products(first: 10, query: "title:mug* status:active") { nodes { id title } } }' },
  },
  {
    label: 'First orders',
    method: 'POST',
    path: PATH,
    body: {
      query: '{ orders(first: 10) { nodes { id name email totalPriceSet { shopMoney { amount } } } } }',
    },
  },
]
