import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { loadCatalog } from '../../src/core/providers/catalog.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { PROVIDER_TOKEN_HEADERS } from '../../src/server/routes/proxy-key.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'
import { shopifyThroughGateway } from './shopify-client.js'

/** The simulated Shopify's state: `seed demo`, fixtures, the dashboard's view, reset, restart and snapshots. */
const PATH = '/admin/api/2024-10/graphql.json'
const PRODUCTS =
  '{ products(first: 50) { nodes { title status } } orders(first: 50) { nodes { name email } } }'
const CREATE =
  'mutation ($p: ProductCreateInput!) { productCreate(product: $p) { product { id } userErrors { message } } }'

describe('seed demo, fixtures and the view of the simulated Shopify', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const graphql = async (conn: string, query: string, variables?: unknown) => {
    const res = await t.req('POST', `/proxy/${conn}${PATH}`, { key: t.secretKey, body: { query, variables } })
    expect(res.status).toBe(200)
    return (await res.json()) as { data: Record<string, { nodes: Array<Record<string, unknown>> }> }
  }

  it('seeds products and orders through the GraphQL API, and the view shows them', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_shopify_requests).toBe(7)
    const [shop] = t.db
      .prepare("SELECT connection_id AS id FROM simulation_accounts WHERE provider = 'shopify'")
      .all() as Array<{ id: string }>
    const { data } = await graphql(shop!.id, PRODUCTS)
    expect(data.products!.nodes.map((p) => p.title)).toEqual([
      'Switchyard mug',
      'Offline-first hoodie',
      'Webhook sticker pack',
      'Gateway notebook (draft)',
    ])
    expect(data.orders!.nodes.map((o) => o.name)).toEqual(['#1001', '#1002', '#1003'])
    const res = await t.req('GET', `/api/connections/${shop!.id}/simulation`, { key: t.secretKey })
    const view = (await res.json()) as { sections: Array<{ title: string; rows: string[][] }> }
    expect(view.sections.map((s) => s.title)).toEqual(['Shop', 'Products', 'Orders'])
    expect(view.sections[0]!.rows[0]!.slice(0, 2)).toEqual(['Acme', 'acme.myshopify.com'])
    expect(view.sections[2]!.rows.map((r) => r[2])).toEqual(['92.50 USD', '55.00 USD', '42.50 USD'])
  })

  it('a fixture-declared Shopify connection answers, and a reset forgets its shop', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [
            {
              id: 'conn_acme_shopify',
              provider: 'shopify',
              tenant_id: 'fixture-shop',
              scopes: ['write_products'],
            },
          ],
        },
      ],
    })
    const made = await graphql('conn_acme_shopify', CREATE, { p: { title: 'Fixture tee' } })
    expect(made.data.productCreate).toMatchObject({ userErrors: [] })
    expect((await graphql('conn_acme_shopify', '{ shop { name } }')).data).toEqual({
      shop: { name: 'Fixture shop' },
    })
    const reset = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(reset.status).toBeLessThan(300)
    const left = t.db
      .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'shopify'")
      .get() as { n: number }
    expect(left.n).toBe(0)
  })

  it("the proxy takes a key in every header the catalog's providers take their token in", () => {
    const named = loadCatalog()
      .providers.flatMap((p) => (p.api?.token_header ? [p.api.token_header.toLowerCase()] : []))
      .sort()
    expect([...PROVIDER_TOKEN_HEADERS].sort()).toEqual([...new Set(named)])
  })
})

describe('the simulated shop across a restart and a snapshot', () => {
  const data = tempDir('switchyard-shopify-state-')
  afterAll(() => data.cleanup())

  it('keeps its products across a restart; a snapshot import brings back the shop it held', async () => {
    let server = await startQuietServer(data.dir)
    const key = firstSecretKey(server)
    const conn = await simulatedConnect(server, 'shopify', 'acme', { params: { shop: 'acme' } })
    const titles = async () =>
      (
        await shopifyThroughGateway(server, conn, key).request<{
          products: { nodes: Array<{ title: string }> }
        }>('{ products(first: 10) { nodes { title } } }')
      ).data!.products.nodes.map((p) => p.title)
    const create = (title: string) =>
      shopifyThroughGateway(server, conn, key).request(CREATE, { variables: { p: { title } } })
    await create('Kept mug')
    const snapshot = join(data.dir, 'shop.snapshot')
    await server.core.snapshots.export(snapshot)
    await create('After the snapshot')
    await server.close()
    server = await startQuietServer(data.dir)
    expect(await titles()).toEqual(['Kept mug', 'After the snapshot'])
    server.core.snapshots.import(snapshot)
    expect(await titles()).toEqual(['Kept mug'])
    await server.close()
  })
})
