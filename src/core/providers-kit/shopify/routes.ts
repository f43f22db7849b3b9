import { execute, parseRequest, UserFacingError } from '../kit/graphql.js'
import { answer, isAnswer, jsonBodyOf } from '../kit/http.js'
import { routeTable } from '../kit/routes.js'
import type { Args, Ctx } from './context.js'
import { draw, queryCost, refund, SINGLE_QUERY_MAX, throttleStatusOf } from './cost.js'
import { graphqlErrors, httpError, shopifyHeaders, throttled } from './errors.js'
import { order, orderCreate, orders } from './orders.js'
import { product, productCreate, products, productUpdate } from './products.js'
import { shopNode } from './representations.js'
import type { ShopifyState } from './state.js'

/** The root Query and Mutation fields the simulation answers. */
const rootOf = (ctx: Ctx): Record<string, unknown> => ({
  shop: () => shopNode(ctx.state),
  products: (args: Args) => products(ctx, args),
  product: (args: Args) => product(ctx, args),
  orders: (args: Args) => orders(ctx, args),
  order: (args: Args) => order(ctx, args),
  productCreate: (args: Args) => productCreate(ctx, args),
  productUpdate: (args: Args) => productUpdate(ctx, args),
  orderCreate: (args: Args) => orderCreate(ctx, args),
})

const MISSING_QUERY = { query: 'Required parameter missing or invalid' }

/**
 * `POST /admin/api/{version}/graphql.json`: `{query, variables}`, answered `{data, extensions:
 * {cost}}`; the query's cost is drawn from the shop's bucket first (THROTTLED when it lacks it).
 */
function graphql(ctx: Ctx) {
  const headers = [
    ...shopifyHeaders(ctx.ids),
    ['x-shopify-api-version', ctx.params.version!] as [string, string],
  ]
  const body = jsonBodyOf<{ query?: unknown; variables?: unknown }>(
    ctx.call,
    (p) =>
      httpError(
        400,
        p.kind === 'malformed' ? `Invalid JSON in request body: ${p.detail}` : MISSING_QUERY,
        headers,
      ),
    { objectOnly: true },
  )
  if (isAnswer(body)) return body
  if (typeof body.query !== 'string' || !body.query.trim()) return httpError(400, MISSING_QUERY, headers)
  const variables = body.variables ?? {}
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables))
    return httpError(400, { variables: 'must be a JSON object' }, headers)
  const parsed = parseRequest(body.query, variables as Args)
  if (parsed instanceof Error)
    return answer(
      200,
      { errors: [{ message: parsed.message, locations: parsed.locations ?? [{ line: 1, column: 1 }] }] },
      headers,
    )
  const account = `${ctx.call.workspaceId}\u0000${ctx.call.connection.id}`
  const requested = queryCost(parsed)
  const cost = (actual: number | null, throttleStatus = throttleStatusOf(account, ctx.nowMs)) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus },
  })
  if (requested > SINGLE_QUERY_MAX) {
    const message = `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX}).`
    const errors = graphqlErrors({
      message,
      code: 'MAX_COST_EXCEEDED',
      extra: { cost: requested, maxCost: SINGLE_QUERY_MAX },
    })
    return answer(200, { errors, extensions: cost(null) }, headers)
  }
  if (!draw(account, requested, ctx.nowMs)) return answer(200, throttled(cost(null).cost), headers)
  const result = execute(rootOf(ctx), parsed)
  const actual = result.error ? requested : queryCost(parsed, result.data)
  const extensions = cost(actual, refund(account, requested - actual, ctx.nowMs))
  if (!result.error) return answer(200, { data: result.data, extensions }, headers)
  const { error, path } = result.error
  const code = error instanceof UserFacingError ? error.code : 'INTERNAL_SERVER_ERROR'
  return answer(
    200,
    { errors: graphqlErrors({ message: error.message, code, path }), data: null, extensions },
    headers,
  )
}

export const route = routeTable<ShopifyState>([['POST', '/admin/api/:version/graphql.json', graphql]], {
  params: { version: /^(\d{4}-\d{2}|unstable)$/ },
})
