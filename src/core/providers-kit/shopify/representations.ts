import { gid, type ShopifyState, type StoredOrder, type StoredProduct } from './state.js'

/** Shopify's objects as its GraphQL Admin API and its (REST-shaped) webhooks show them. */

/** GraphQL's `Decimal`/`Money` as Shopify writes it: `45.0`, `19.99`. */
const decimal = (amount: number) => (Number.isInteger(amount) ? amount.toFixed(1) : String(amount))
/** The REST resources' prices: `45.00`. */
const cents = (amount: number) => amount.toFixed(2)

const moneySet = (amount: number, currencyCode: string) => {
  const money = { __typename: 'MoneyV2', amount: decimal(amount), currencyCode }
  return { __typename: 'MoneyBag', shopMoney: money, presentmentMoney: money }
}

/** A list as a Relay connection (`edges`/`nodes`/`pageInfo`), for lists that are not paged here. */
export const wholeConnection = (nodes: Array<Record<string, unknown>>) => ({
  edges: nodes.map((node) => ({ cursor: Buffer.from(String(node.id)).toString('base64'), node })),
  nodes,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
})

export const productId = (state: ShopifyState, p: StoredProduct) => state.product_base + p.num
const variantId = (state: ShopifyState, p: StoredProduct) => state.variant_base + p.num
export const orderId = (state: ShopifyState, o: StoredOrder) => state.order_base + o.num
const orderName = (o: StoredOrder) => `#${1000 + o.num}`
const orderTotal = (o: StoredOrder) =>
  Math.round(o.lineItems.reduce((sum, li) => sum + Number(li.price) * li.quantity, 0) * 100) / 100

export function shopNode(state: ShopifyState) {
  const { shop } = state
  return {
    __typename: 'Shop',
    id: gid('Shop', shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.myshopifyDomain,
    url: `https://${shop.myshopifyDomain}`,
    currencyCode: shop.currencyCode,
    enabledPresentmentCurrencies: [shop.currencyCode],
    ianaTimezone: 'Etc/UTC',
    timezoneAbbreviation: 'UTC',
    weightUnit: 'KILOGRAMS',
    createdAt: new Date(state.created_ms).toISOString(),
    plan: {
      __typename: 'ShopPlan',
      displayName: 'Development',
      partnerDevelopment: true,
      shopifyPlus: false,
    },
    primaryDomain: {
      __typename: 'Domain',
      host: shop.myshopifyDomain,
      url: `https://${shop.myshopifyDomain}`,
    },
  }
}

function variantNode(state: ShopifyState, p: StoredProduct) {
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', variantId(state, p)),
    legacyResourceId: String(variantId(state, p)),
    title: 'Default Title',
    displayName: `${p.title} - Default Title`,
    price: decimal(Number(p.price)),
    compareAtPrice: null,
    sku: '',
    position: 1,
    inventoryQuantity: 0,
    availableForSale: p.status === 'ACTIVE',
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }
}

export function productNode(state: ShopifyState, p: StoredProduct): Record<string, unknown> {
  const price = moneySet(Number(p.price), state.shop.currencyCode).shopMoney
  return {
    __typename: 'Product',
    id: gid('Product', productId(state, p)),
    legacyResourceId: String(productId(state, p)),
    title: p.title,
    handle: p.handle,
    descriptionHtml: p.descriptionHtml,
    description: p.descriptionHtml.replace(/<[^>]*>/g, ''),
    vendor: p.vendor,
    productType: p.productType,
    status: p.status,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: p.status === 'ACTIVE' ? p.createdAt : null,
    onlineStoreUrl: null,
    totalInventory: 0,
    tracksInventory: false,
    hasOnlyDefaultVariant: true,
    options: [{ __typename: 'ProductOption', name: 'Title', position: 1, values: ['Default Title'] }],
    priceRangeV2: { minVariantPrice: price, maxVariantPrice: price },
    variants: () => wholeConnection([variantNode(state, p)]),
  }
}

export function orderNode(state: ShopifyState, o: StoredOrder): Record<string, unknown> {
  const currency = o.currencyCode
  const total = orderTotal(o)
  return {
    __typename: 'Order',
    id: gid('Order', orderId(state, o)),
    legacyResourceId: String(orderId(state, o)),
    name: orderName(o),
    email: o.email,
    createdAt: o.createdAt,
    updatedAt: o.createdAt,
    processedAt: o.createdAt,
    cancelledAt: null,
    closed: false,
    test: false,
    currencyCode: currency,
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: 'UNFULFILLED',
    totalPriceSet: moneySet(total, currency),
    subtotalPriceSet: moneySet(total, currency),
    totalTaxSet: moneySet(0, currency),
    customer: null,
    lineItems: () =>
      wholeConnection(
        o.lineItems.map((li, i) => ({
          __typename: 'LineItem',
          id: gid('LineItem', orderId(state, o) * 10 + i),
          title: li.title,
          name: li.title,
          quantity: li.quantity,
          originalUnitPriceSet: moneySet(Number(li.price), currency),
          product: null,
          variant: null,
        })),
      ),
  }
}

/** The REST product a `products/create` or `products/update` webhook carries. */
export function productJson(state: ShopifyState, p: StoredProduct) {
  const id = productId(state, p)
  return {
    id,
    title: p.title,
    body_html: p.descriptionHtml,
    vendor: p.vendor,
    product_type: p.productType,
    created_at: p.createdAt,
    handle: p.handle,
    updated_at: p.updatedAt,
    published_at: p.status === 'ACTIVE' ? p.createdAt : null,
    template_suffix: null,
    published_scope: 'global',
    tags: p.tags.join(', '),
    status: p.status.toLowerCase(),
    admin_graphql_api_id: gid('Product', id),
    variants: [
      {
        id: variantId(state, p),
        product_id: id,
        title: 'Default Title',
        price: cents(Number(p.price)),
        sku: '',
        position: 1,
        inventory_policy: 'deny',
        inventory_quantity: 0,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
        admin_graphql_api_id: gid('ProductVariant', variantId(state, p)),
      },
    ],
    options: [{ product_id: id, name: 'Title', position: 1, values: ['Default Title'] }],
    images: [],
    image: null,
  }
}

/** The REST order an `orders/create` webhook carries. */
export function orderJson(state: ShopifyState, o: StoredOrder) {
  const id = orderId(state, o)
  const total = cents(orderTotal(o))
  return {
    id,
    admin_graphql_api_id: gid('Order', id),
    name: orderName(o),
    number: o.num,
    order_number: 1000 + o.num,
    email: o.email,
    created_at: o.createdAt,
    updated_at: o.createdAt,
    processed_at: o.createdAt,
    currency: o.currencyCode,
    financial_status: o.financialStatus.toLowerCase(),
    fulfillment_status: null,
    confirmed: true,
    test: false,
    total_price: total,
    subtotal_price: total,
    total_tax: '0.00',
    line_items: o.lineItems.map((li, i) => ({
      id: id * 10 + i,
      admin_graphql_api_id: gid('LineItem', id * 10 + i),
      title: li.title,
      name: li.title,
      quantity: li.quantity,
      price: cents(Number(li.price)),
      product_id: li.productNum === null ? null : state.product_base + li.productNum,
      variant_id: li.productNum === null ? null : state.variant_base + li.productNum,
    })),
  }
}
