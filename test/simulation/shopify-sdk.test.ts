import '@shopify/shopify-api/adapters/node'
import { ApiVersion, shopifyApi } from '@shopify/shopify-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, simulatedConnect } from './helpers.js'
import { type ShopifyClient, shopifyThroughGateway } from './shopify-client.js'

/**
 * @shopify/admin-api-client against the simulated Shopify Admin GraphQL API through /proxy; every
 * webhook the calls cause is checked with @shopify/shopify-api's own `shopify.webhooks.validate`.
 */
const SECRET = 'shopify-app-secret-41c9'
const SCOPES = ['read_products', 'write_products', 'read_orders', 'write_orders']
const data = tempDir('switchyard-shopify-sdk-')
let server: RunningServer
let key: string
let conn: string
let shopify: ShopifyClient

const api = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const CREATE = `mutation ($product: ProductCreateInput!) {
  productCreate(product: $product) { product { id title handle status tags vendor } userErrors { field message } }
}`
const UPDATE = `mutation ($product: ProductUpdateInput!) {
  productUpdate(product: $product) { product { id title status } userErrors { field message } }
}`
const PAGE = `query ($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query) {
    edges { cursor node { id title } }
    pageInfo { hasNextPage endCursor }
  }
}`
const ORDER = `mutation ($order: OrderCreateOrderInput!) {
  orderCreate(order: $order) { order { id name totalPriceSet { shopMoney { amount currencyCode } } } userErrors { field message } }
}`

type Page = {
  products: {
    edges: Array<{ node: { title: string } }>
    pageInfo: { hasNextPage: boolean; endCursor: string | null }
  }
}

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  expect((await api('/api/provider-configs', { provider: 'shopify', webhook_secret: SECRET })).status).toBe(
    201,
  )
  conn = await simulatedConnect(server, 'shopify', 'acme-tenant', {
    scopes: SCOPES,
    params: { shop: 'acme' },
  })
  shopify = shopifyThroughGateway(server, conn, key)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@shopify/admin-api-client against the simulated Shopify', () => {
  it('shop: the shop named by the connection, with the query cost in extensions', async () => {
    const res = await shopify.request('{ shop { name myshopifyDomain currencyCode } }')
    expect(res.errors).toBeUndefined()
    expect(res.data).toEqual({
      shop: { name: 'Acme', myshopifyDomain: 'acme.myshopify.com', currencyCode: 'USD' },
    })
    const cost = (res.extensions as { cost: Record<string, unknown> }).cost
    expect(cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: 1 })
    expect(cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 })
  })

  it('productCreate, product(id) and productUpdate change the shop; userErrors change nothing', async () => {
    const created = await shopify.request(CREATE, {
      variables: { product: { title: 'Switchyard Mug', status: 'ACTIVE', tags: ['kitchen'] } },
    })
    const product = created.data.productCreate.product
    expect(created.data.productCreate.userErrors).toEqual([])
    expect(product).toMatchObject({
      title: 'Switchyard Mug',
      handle: 'switchyard-mug',
      status: 'ACTIVE',
      tags: ['kitchen'],
      vendor: 'Acme',
    })
    expect(product.id).toMatch(/^gid:\/\/shopify\/Product\/\d{13}$/)
    const updated = await shopify.request(UPDATE, {
      variables: { product: { id: product.id, title: 'Switchyard Mug XL', status: 'DRAFT' } },
    })
    expect(updated.data.productUpdate).toEqual({
      product: { id: product.id, title: 'Switchyard Mug XL', status: 'DRAFT' },
      userErrors: [],
    })
    const again = await shopify.request(
      'query ($id: ID!) { product(id: $id) { title status variants(first: 5) { nodes { title price } } } }',
      {
        variables: { id: product.id },
      },
    )
    expect(again.data.product).toEqual({
      title: 'Switchyard Mug XL',
      status: 'DRAFT',
      variants: { nodes: [{ title: 'Default Title', price: '0.0' }] },
    })
    const blank = await shopify.request(CREATE, { variables: { product: { title: ' ' } } })
    expect(blank.data.productCreate).toEqual({
      product: null,
      userErrors: [{ field: ['title'], message: "Title can't be blank" }],
    })
    const missing = await shopify.request(UPDATE, {
      variables: { product: { id: 'gid://shopify/Product/1', title: 'x' } },
    })
    expect(missing.data.productUpdate.userErrors).toEqual([
      { field: ['id'], message: 'Product does not exist' },
    ])
    const none = await shopify.request('{ product(id: "gid://shopify/Product/42") { id } }')
    expect(none.data).toEqual({ product: null })
    const count = await shopify.request('{ products(first: 250) { nodes { id } } }')
    expect(count.data.products.nodes).toHaveLength(1)
  })

  it('products pages with first/after and filters with the query subset', async () => {
    for (const [title, status] of [
      ['Hoodie', 'ACTIVE'],
      ['Mug warmer', 'ACTIVE'],
      ['Sticker pack', 'ARCHIVED'],
      ['Mugshot poster', 'DRAFT'],
    ])
      await shopify.request(CREATE, { variables: { product: { title, status } } })
    const titles: string[] = []
    let after: string | null = null
    for (let pages = 0; pages < 5; pages++) {
      const res: { data?: Page } = await shopify.request<Page>(PAGE, { variables: { first: 2, after } })
      const page = res.data!.products
      titles.push(...page.edges.map((e) => e.node.title))
      if (!page.pageInfo.hasNextPage) break
      after = page.pageInfo.endCursor
    }
    expect(titles).toEqual(['Switchyard Mug XL', 'Hoodie', 'Mug warmer', 'Sticker pack', 'Mugshot poster'])
    const search = async (query: string) =>
      (await shopify.request<Page>(PAGE, { variables: { first: 10, query } })).data!.products.edges.map(
        (e) => e.node.title,
      )
    expect(await search('title:mug*')).toEqual(['Switchyard Mug XL', 'Mug warmer', 'Mugshot poster'])
    expect(await search('title:mug* AND status:active')).toEqual(['Mug warmer'])
    expect(await search('status:archived,draft')).toEqual([
      'Switchyard Mug XL',
      'Sticker pack',
      'Mugshot poster',
    ])
    expect(await search('hoodie')).toEqual(['Hoodie'])
    const newest = await shopify.request(
      '{ products(first: 2, reverse: true) { nodes { title } pageInfo { endCursor } } }',
    )
    expect(newest.data.products.nodes).toEqual([{ title: 'Mugshot poster' }, { title: 'Sticker pack' }])
    const older = await shopify.request(
      'query ($after: String) { products(first: 1, after: $after, reverse: true) { nodes { title } } }',
      {
        variables: { after: newest.data.products.pageInfo.endCursor },
      },
    )
    expect(older.data.products.nodes).toEqual([{ title: 'Mug warmer' }])
    const foreign = await shopify.request(
      'query ($after: String) { orders(first: 1, after: $after) { nodes { id } } }',
      {
        variables: { after: newest.data.products.pageInfo.endCursor },
      },
    )
    expect(foreign.errors?.graphQLErrors?.[0]?.message).toBe('Invalid cursor for current pagination sort.')
  })

  it('orderCreate and orders(first, after): orders of the shop, oldest first', async () => {
    const product = (
      await shopify.request(
        '{ products(first: 1, query: "title:hoodie") { nodes { variants(first: 1) { nodes { id } } } } }',
      )
    ).data.products.nodes[0]
    const variantId = product.variants.nodes[0].id
    const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } })
    for (const [email, lineItems] of [
      ['jenny@example.com', [{ variantId, quantity: 2, priceSet: money('55.00') }]],
      ['wile@example.com', [{ title: 'Gift wrap', quantity: 1, priceSet: money('4.50') }]],
      ['hank@example.com', [{ variantId, quantity: 1, priceSet: money('55.00') }]],
    ] as const) {
      const res = await shopify.request(ORDER, { variables: { order: { email, lineItems } } })
      expect(res.data.orderCreate.userErrors).toEqual([])
    }
    const first = await shopify.request(
      '{ orders(first: 2) { nodes { name email totalPriceSet { shopMoney { amount } } } pageInfo { hasNextPage endCursor } } }',
    )
    expect(first.data.orders.nodes).toEqual([
      { name: '#1001', email: 'jenny@example.com', totalPriceSet: { shopMoney: { amount: '110.0' } } },
      { name: '#1002', email: 'wile@example.com', totalPriceSet: { shopMoney: { amount: '4.5' } } },
    ])
    const rest = await shopify.request(
      'query ($after: String) { orders(first: 2, after: $after) { nodes { name } pageInfo { hasNextPage } } }',
      {
        variables: { after: first.data.orders.pageInfo.endCursor },
      },
    )
    expect(rest.data.orders).toEqual({ nodes: [{ name: '#1003' }], pageInfo: { hasNextPage: false } })
    const empty = await shopify.request(ORDER, { variables: { order: { lineItems: [] } } })
    expect(empty.data.orderCreate.userErrors[0]).toMatchObject({ field: ['order', 'lineItems'] })
  })

  it("refusals arrive in Shopify's shapes and change nothing", async () => {
    const bad = await shopify.request('{ product(id: "42") { id } }')
    expect(bad.errors?.graphQLErrors?.[0]).toMatchObject({ message: "Invalid global id '42'" })
    const big = await shopify.request('{ products(first: 251) { nodes { id } } }')
    expect(big.errors?.graphQLErrors?.[0]?.message).toMatch(/^first cannot exceed 250/)
    const costly = await shopify.request(
      '{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }',
    )
    expect(costly.errors?.graphQLErrors?.[0]?.extensions).toMatchObject({
      code: 'MAX_COST_EXCEEDED',
      maxCost: 1000,
    })
    const syntax = await shopify.request('{ products(first: 1) { nodes { id }')
    expect(syntax.errors?.networkStatusCode).toBe(200)
    expect(syntax.errors?.graphQLErrors?.[0]?.message).toMatch(/Syntax Error/)
    const status = await shopify.request(CREATE, {
      variables: { product: { title: 'Nope', status: 'LIVE' } },
    })
    expect(status.errors?.graphQLErrors?.[0]).toMatchObject({ extensions: { code: 'INVALID_VARIABLE' } })
    const raw = await fetch(`${server.url}/proxy/${conn}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'x-shopify-access-token': key, 'content-type': 'application/json' },
      body: '{"query": ',
    })
    expect(raw.status).toBe(400)
    expect(((await raw.json()) as { errors: unknown }).errors).toMatch(/^Invalid JSON/)
    const noQuery = await fetch(`${server.url}/proxy/${conn}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'x-shopify-access-token': key, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(await noQuery.json()).toEqual({ errors: { query: 'Required parameter missing or invalid' } })
    const reader = await simulatedConnect(server, 'shopify', 'reader', { scopes: ['read_products'] })
    const denied = await shopifyThroughGateway(server, reader, key).request(CREATE, {
      variables: { product: { title: 'x' } },
    })
    expect(denied.errors?.graphQLErrors?.[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' } })
    // The gateway's own refusals in Shopify's dialect: an unknown key (named by the client's
    // User-Agent), a connection that does not exist.
    const noKey = await shopifyThroughGateway(server, conn, 'sk_not_a_key').request('{ shop { name } }')
    expect(noKey.errors?.networkStatusCode).toBe(401)
    expect(await noKey.errors?.response?.json()).toMatchObject({
      errors: expect.any(String),
      switchyard: { status: 401 },
    })
    const nowhere = await shopifyThroughGateway(server, 'conn_doesnotexist', key).request('{ shop { name } }')
    expect(nowhere.errors?.networkStatusCode).toBe(404)
    expect(await nowhere.errors?.response?.json()).toMatchObject({ switchyard: { status: 404 } })
    expect(
      (await shopify.request('{ products(first: 250) { nodes { id } } }')).data.products.nodes,
    ).toHaveLength(5)
  })

  it('faults: rate_limit is THROTTLED, server_error a 500, expire_token and revoke_access a 401', async () => {
    const other = await simulatedConnect(server, 'shopify', 'faulty', { scopes: SCOPES })
    const client = shopifyThroughGateway(server, other, key)
    const fault = async (body: Record<string, unknown>) =>
      expect((await api(`/api/connections/${other}/faults`, body)).status).toBeLessThan(300)
    await fault({ kind: 'rate_limit', count: 1 })
    const throttled = await client.request('{ shop { name } }')
    expect(throttled.errors?.networkStatusCode).toBe(200)
    expect(throttled.errors?.graphQLErrors?.[0]).toMatchObject({
      message: 'Throttled',
      extensions: { code: 'THROTTLED' },
    })
    expect((throttled.extensions as { cost: { throttleStatus: unknown } }).cost.throttleStatus).toMatchObject(
      { currentlyAvailable: 0 },
    )
    expect((await client.request('{ shop { name } }')).data).toEqual({ shop: { name: 'Faulty' } })
    await fault({ kind: 'server_error', count: 1 })
    expect((await client.request('{ shop { name } }')).errors?.networkStatusCode).toBe(500)
    await fault({ kind: 'latency', ms: 50, count: 1 })
    expect((await client.request('{ shop { name } }')).data).toEqual({ shop: { name: 'Faulty' } })
    // An expired token is refreshed by the proxy once, so the call goes through.
    await fault({ kind: 'expire_token' })
    expect((await client.request('{ shop { name } }')).data).toEqual({ shop: { name: 'Faulty' } })
    await fault({ kind: 'revoke_access' })
    const revoked = await client.request('{ shop { name } }')
    expect(revoked.errors?.networkStatusCode).toBe(401)
    const body = await revoked.errors?.response?.json()
    expect(body).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    })
  })

  it('products/create, products/update and orders/create arrive signed so shopify.webhooks.validate accepts them', async () => {
    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db, 'shopify')
    const topics = hooks.map((h) => h.provider_event_type)
    expect(topics.slice(0, 3)).toEqual(['products/create', 'products/update', 'products/create'])
    expect(topics.filter((t) => t === 'orders/create')).toHaveLength(3)
    const app = shopifyApi({
      apiKey: 'switchyard-test',
      apiSecretKey: SECRET,
      apiVersion: ApiVersion.January26,
      isEmbeddedApp: false,
      hostName: 'localhost',
      logger: { log: () => {} },
    })
    for (const hook of hooks) {
      expect(hook.signature).toBe('valid')
      const rawBody = JSON.stringify(hook.body)
      const headers = Object.fromEntries(hook.headers.map(([n, v]) => [n.toLowerCase(), v]))
      const check = await app.webhooks.validate({
        rawBody,
        rawRequest: { headers } as never,
        rawResponse: {} as never,
      })
      expect(check).toMatchObject({ valid: true, domain: 'acme.myshopify.com', apiVersion: '2026-10' })
      const forged = await app.webhooks.validate({
        rawBody: rawBody.replace('"id"', '"Id"'),
        rawRequest: { headers } as never,
        rawResponse: {} as never,
      })
      expect(forged.valid).toBe(false)
    }
    const order = hooks.find((h) => h.provider_event_type === 'orders/create')!
    expect(order.body).toMatchObject({ name: '#1001', email: 'jenny@example.com', total_price: '110.00' })
  })
})
