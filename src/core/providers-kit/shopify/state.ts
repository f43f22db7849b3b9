import type { Connection } from '../../connections/connections.schema.js'
import { hashNumber } from '../kit/hash.js'

/** The simulated shop: its name and domain, id bases and counters (objects live in simulation_objects). */
export interface ShopifyState {
  shop: { id: number; name: string; myshopifyDomain: string; email: string; currencyCode: string }
  created_ms: number
  /** A product's numeric id is `product_base + n`, a variant's `variant_base + n`, an order's `order_base + n`. */
  product_base: number
  variant_base: number
  order_base: number
  next_product: number
  next_order: number
}

/** A product as stored (numbered from 1 in the order of creation). */
export interface StoredProduct {
  num: number
  title: string
  handle: string
  descriptionHtml: string
  vendor: string
  productType: string
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT'
  tags: string[]
  price: string
  createdAt: string
  updatedAt: string
}

export interface StoredLineItem {
  title: string
  quantity: number
  price: string
  productNum: number | null
}

export interface StoredOrder {
  num: number
  email: string | null
  currencyCode: string
  financialStatus: 'PAID' | 'PENDING' | 'AUTHORIZED' | 'REFUNDED' | 'VOIDED'
  lineItems: StoredLineItem[]
  createdAt: string
}

/** Where a base of 13-digit ids starts for this connection (`seed` names the kind). */
const baseOf = (seed: string) => 7_000_000_000_000 + hashNumber(seed, 0, 999_999) * 1_000_000

/**
 * A shop named after the connection's `shop` param (the `{shop}` of its API base URL), else its
 * tenant: `acme` is `acme.myshopify.com`, called "Acme".
 */
export function initialState(connection: Connection, nowMs: number): ShopifyState {
  const handle =
    (connection.params?.shop ?? connection.tenant_id)
      .toLowerCase()
      .replace(/\.myshopify\.com$/, '')
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'switchyard'
  const name = handle.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
  return {
    shop: {
      id: baseOf(`${connection.id}:shop`) / 1_000_000,
      name,
      myshopifyDomain: `${handle}.myshopify.com`,
      email: `owner@${handle}.example`,
      currencyCode: 'USD',
    },
    created_ms: Math.floor(nowMs / 1000) * 1000,
    product_base: baseOf(`${connection.id}:product`),
    variant_base: baseOf(`${connection.id}:variant`),
    order_base: baseOf(`${connection.id}:order`),
    next_product: 1,
    next_order: 1,
  }
}

/** `gid://shopify/<Type>/<n>`, Shopify's global ids. */
export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`

/** The number (from 1) a global id of this type names, given the type's base; undefined otherwise. */
export function numOf(ref: unknown, type: string, base: number, next: number): number | undefined {
  if (typeof ref !== 'string') return undefined
  const match = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(ref)
  const num = match ? Number(match[1]) - base : Number.NaN
  return Number.isInteger(num) && num >= 1 && num < next ? num : undefined
}
