import {
  type Args,
  allOf,
  type Ctx,
  emitTopic,
  inputOf,
  invalidVariable,
  pagedConnection,
  requireScope,
} from './context.js'
import { productOfVariant } from './products.js'
import { orderJson, orderNode } from './representations.js'
import { numOf, type StoredLineItem, type StoredOrder } from './state.js'

/** Orders: `orders(first, after, reverse)`, `order(id)`, and `orderCreate` (which sends `orders/create`). */

const FINANCIAL = ['PAID', 'PENDING', 'AUTHORIZED', 'REFUNDED', 'VOIDED'] as const

export function orders(ctx: Ctx, args: Args) {
  requireScope(ctx, 'orders', 'read_orders')
  return pagedConnection('order', allOf<StoredOrder>(ctx, 'order'), args, (o) => orderNode(ctx.state, o))
}

export function order(ctx: Ctx, args: Args) {
  requireScope(ctx, 'order', 'read_orders')
  if (typeof args.id !== 'string' || !args.id.startsWith('gid://'))
    throw invalidVariable(`Invalid global id '${String(args.id)}'`)
  const num = numOf(args.id, 'Order', ctx.state.order_base, ctx.state.next_order)
  const text = num === undefined ? undefined : ctx.objects.get('order', '', num)
  return text ? orderNode(ctx.state, JSON.parse(text) as StoredOrder) : null
}

const orderError = (field: string[], message: string, code = 'INVALID') => ({
  __typename: 'OrderCreateUserError',
  field,
  message,
  code,
})

type LineItemInput = {
  variantId?: unknown
  title?: unknown
  quantity?: unknown
  priceSet?: { shopMoney?: { amount?: unknown } }
}

/** One `OrderCreateLineItemInput`: a variant of a product of the shop, or a custom item (title, price). */
function lineItemOf(ctx: Ctx, li: LineItemInput, i: number): StoredLineItem | ReturnType<typeof orderError> {
  const at = ['order', 'lineItems', String(i)]
  if (typeof li.quantity !== 'number' || !Number.isInteger(li.quantity) || li.quantity < 1)
    return orderError([...at, 'quantity'], 'Quantity must be greater than or equal to 1')
  const amount = li.priceSet?.shopMoney?.amount
  if (amount !== undefined && !Number.isFinite(Number(amount)))
    throw invalidVariable(`Expected value for amount to be a Decimal, got ${JSON.stringify(amount)}.`)
  if (li.variantId !== undefined && li.variantId !== null) {
    const found = productOfVariant(ctx, li.variantId)
    if (!found)
      return orderError([...at, 'variantId'], 'Variant does not exist', 'PRODUCT_VARIANT_DOES_NOT_EXIST')
    return {
      title: found.title,
      quantity: li.quantity,
      price: String(amount ?? found.price),
      productNum: found.num,
    }
  }
  if (typeof li.title !== 'string' || !li.title.trim())
    return orderError([...at, 'title'], "Title can't be blank", 'BLANK')
  return { title: li.title, quantity: li.quantity, price: String(amount ?? '0.00'), productNum: null }
}

export function orderCreate(ctx: Ctx, args: Args) {
  requireScope(ctx, 'orderCreate', 'write_orders')
  const input = inputOf(args, 'order')
  const lines = input.lineItems
  if (!Array.isArray(lines) || lines.length === 0)
    return {
      order: null,
      userErrors: [orderError(['order', 'lineItems'], 'Line items must have at least 1 line item')],
    }
  const items: StoredLineItem[] = []
  for (const [i, li] of lines.entries()) {
    if (typeof li !== 'object' || li === null)
      throw invalidVariable('Expected lineItems to be a list of input objects.')
    const item = lineItemOf(ctx, li as LineItemInput, i)
    if ('code' in item) return { order: null, userErrors: [item] }
    items.push(item)
  }
  const financial = input.financialStatus ?? 'PAID'
  if (!FINANCIAL.includes(financial as StoredOrder['financialStatus']))
    throw invalidVariable(`Expected "${String(financial)}" to be one of: ${FINANCIAL.join(', ')}`)
  if (input.email !== undefined && input.email !== null && typeof input.email !== 'string')
    throw invalidVariable('Expected value for email to be a String.')
  const { state } = ctx
  const stored: StoredOrder = {
    num: state.next_order,
    email: (input.email as string | undefined) ?? null,
    currencyCode: typeof input.currency === 'string' ? input.currency : state.shop.currencyCode,
    financialStatus: financial as StoredOrder['financialStatus'],
    lineItems: items,
    createdAt: new Date(ctx.nowMs).toISOString(),
  }
  state.next_order += 1
  ctx.objects.put('order', '', stored.num, stored)
  ctx.saveState(state)
  emitTopic(ctx, 'orders/create', orderJson(state, stored))
  return { order: orderNode(state, stored), userErrors: [] }
}
