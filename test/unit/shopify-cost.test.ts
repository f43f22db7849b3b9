import { describe, expect, it } from 'vitest'
import { type Parsed, parseRequest } from '../../src/core/providers-kit/kit/graphql.js'
import { draw, MAXIMUM_AVAILABLE, queryCost, refund } from '../../src/core/providers-kit/shopify/cost.js'

/** The simulated Shopify's calculated query cost and its per-shop bucket, on a clock of its own. */
const parsed = (query: string, variables: Record<string, unknown> = {}) =>
  parseRequest(query, variables) as Parsed

describe("the simulated Shopify's query cost", () => {
  it('an object costs 1 plus its fields, a connection 2 plus its page size times a node, a mutation 10', () => {
    expect(queryCost(parsed('{ shop { name } }'))).toBe(1)
    const page = parsed(
      'query ($n: Int!) { products(first: $n) { nodes { id variants(first: 2) { nodes { id } } } pageInfo { hasNextPage } } }',
      { n: 10 },
    )
    expect(queryCost(page)).toBe(2 + 10 * (1 + 2 + 2 * 1))
    // As run: the nodes the answer holds.
    const data = { products: { nodes: [{ id: 'a', variants: { nodes: [{ id: 'v' }] } }], pageInfo: {} } }
    expect(queryCost(page, data)).toBe(2 + 1 * (1 + 2 + 1))
    expect(queryCost(parsed('mutation { productCreate(product: {title: "x"}) { product { id } } }'))).toBe(10)
  })

  it('draws from a 2000-point bucket restored at 100 a second; a query it cannot pay for draws nothing', () => {
    const shop = `test-shop-${Math.random()}`
    const t0 = 1_000_000
    for (let i = 0; i < 3; i++) expect(draw(shop, 600, t0)).not.toBeNull()
    expect(draw(shop, 600, t0)).toBeNull()
    expect(draw(shop, 200, t0)).toMatchObject({ currentlyAvailable: 0, maximumAvailable: MAXIMUM_AVAILABLE })
    // A second later 100 points are back: not enough for 150, enough for 100.
    expect(draw(shop, 150, t0 + 1000)).toBeNull()
    expect(draw(shop, 100, t0 + 1000)).toMatchObject({ currentlyAvailable: 0 })
    expect(refund(shop, 500, t0 + 1000)).toMatchObject({ currentlyAvailable: 500 })
    expect(draw(shop, 10, t0 + 1_000_000)).toMatchObject({ currentlyAvailable: MAXIMUM_AVAILABLE - 10 })
  })
})
