import { UserFacingError } from '../kit/graphql.js'
import { decodeCursor, encodeCursor } from '../kit/pagination.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import type { ShopifyState } from './state.js'
import { shopifyDelivery } from './webhooks.js'

export type Ctx = SimulationContext<ShopifyState>
export type Args = Record<string, unknown>

/** A top-level GraphQL error (`extensions.code`), as opposed to a mutation's `userErrors`. */
export const graphqlError = (message: string, code: string) => new UserFacingError(message, 'graphql', code)

export const invalidVariable = (message: string) => graphqlError(message, 'INVALID_VARIABLE')

/** Refuses a field the connection's scopes do not grant (`write_*` implies `read_*`). */
export function requireScope(ctx: Ctx, field: string, scope: string) {
  const write = scope.replace(/^read_/, 'write_')
  if (ctx.scopes.includes(scope) || ctx.scopes.includes(write)) return
  throw graphqlError(
    `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
    'ACCESS_DENIED',
  )
}

/** Every stored object of a kind, oldest first (a shop's products or orders, parsed). */
export const allOf = <T>(ctx: Ctx, kind: string): T[] =>
  ctx.objects.page(kind, '', null, 100_000, 0, 'asc').rows.map((r) => JSON.parse(r) as T)

/**
 * A Relay connection over `items` (ascending by number), paged with `first`/`after`, `reverse`
 * turning the order round; a cursor names an item's number and kind, so one of another list is refused.
 */
export function pagedConnection<T extends { num: number }>(
  kind: string,
  items: readonly T[],
  args: Args,
  toNode: (item: T) => Record<string, unknown>,
) {
  if (args.last !== undefined && args.last !== null)
    throw graphqlError(
      'Backward paging (last/before) is not simulated; page with first/after.',
      'BAD_REQUEST',
    )
  const first = args.first
  if (first === undefined || first === null)
    throw graphqlError('you must provide one of first or last', 'BAD_REQUEST')
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 0)
    throw invalidVariable(
      `Argument 'first' on Field '${kind}s' has an invalid value (${String(first)}). Expected type 'Int'.`,
    )
  if (first > 250)
    throw graphqlError(
      'first cannot exceed 250. To query larger amounts of data with fewer limits, bulk operations should be used instead.',
      'MAX_INPUT_SIZE_EXCEEDED',
    )
  const reverse = args.reverse === true
  const ordered = reverse ? [...items].reverse() : items
  const after = decodeCursor(args.after ?? undefined, kind)
  if (after === null || (after !== undefined && !/^\d+$/.test(after)))
    throw graphqlError('Invalid cursor for current pagination sort.', 'BAD_REQUEST')
  // Keyset: the items past the cursor's (which may since have left the list) in the list's order.
  const past = (num: number) => after === undefined || (reverse ? num < Number(after) : num > Number(after))
  const start = ordered.findIndex((i) => past(i.num))
  const rest = start === -1 ? [] : ordered.slice(start)
  const page = rest.slice(0, first)
  const edges = page.map((item) => ({ cursor: encodeCursor(kind, item.num), node: toNode(item) }))
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage: page.length < rest.length,
      hasPreviousPage: after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  }
}

/** Sends a webhook of `topic` about the shop, at the API version the call was made with. */
export function emitTopic(ctx: Ctx, topic: string, body: Record<string, unknown>) {
  ctx.emit(
    shopifyDelivery(
      {
        topic,
        shopDomain: ctx.state.shop.myshopifyDomain,
        apiVersion: ctx.params.version ?? '2024-10',
        body,
      },
      ctx.nowMs,
      ctx.ids,
    ),
  )
}

/** A mutation's input object (`product:`/`order:`, or the older `input:`). */
export function inputOf(args: Args, ...names: string[]): Args {
  for (const name of names) {
    const value = args[name]
    if (value === undefined || value === null) continue
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidVariable(`Variable ${name} must be an input object.`)
    return value as Args
  }
  throw invalidVariable(`Argument '${names[0]}' is required.`)
}

export const userError = (field: string[], message: string) => ({ __typename: 'UserError', field, message })
