import {
  type Args,
  allOf,
  type Ctx,
  emitTopic,
  inputOf,
  invalidVariable,
  pagedConnection,
  requireScope,
  userError,
} from './context.js'
import { productJson, productNode } from './representations.js'
import { matchesSearch, parseSearch } from './search.js'
import { numOf, type StoredProduct } from './state.js'

/** Products: `products(first, after, query, reverse)`, `product(id)`, `productCreate`, `productUpdate`. */

const STATUSES = ['ACTIVE', 'ARCHIVED', 'DRAFT'] as const

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'product'

/** A handle no other product has: the title's slug, then `-1`, `-2`… */
function freeHandle(ctx: Ctx, wanted: string, self: number | null) {
  const taken = new Set(
    allOf<StoredProduct>(ctx, 'product')
      .filter((p) => p.num !== self)
      .map((p) => p.handle),
  )
  let handle = wanted
  for (let n = 1; taken.has(handle); n++) handle = `${wanted}-${n}`
  return handle
}

const storedProduct = (ctx: Ctx, ref: unknown): StoredProduct | undefined => {
  const num = numOf(ref, 'Product', ctx.state.product_base, ctx.state.next_product)
  const text = num === undefined ? undefined : ctx.objects.get('product', '', num)
  return text ? (JSON.parse(text) as StoredProduct) : undefined
}

export function products(ctx: Ctx, args: Args) {
  requireScope(ctx, 'products', 'read_products')
  if (args.query !== undefined && args.query !== null && typeof args.query !== 'string')
    throw invalidVariable(
      "Argument 'query' on Field 'products' has an invalid value. Expected type 'String'.",
    )
  const terms = parseSearch((args.query as string | undefined) ?? '')
  const items = allOf<StoredProduct>(ctx, 'product').filter((p) => matchesSearch(p, terms))
  return pagedConnection('product', items, args, (p) => productNode(ctx.state, p))
}

export function product(ctx: Ctx, args: Args) {
  requireScope(ctx, 'product', 'read_products')
  if (typeof args.id !== 'string' || !args.id.startsWith('gid://'))
    throw invalidVariable(`Invalid global id '${String(args.id)}'`)
  const found = storedProduct(ctx, args.id)
  return found ? productNode(ctx.state, found) : null
}

/** The writable fields of a ProductCreateInput/ProductUpdateInput, checked; `errors` for what a user got wrong. */
function changesOf(input: Args, errors: ReturnType<typeof userError>[]): Partial<StoredProduct> {
  const out: Partial<StoredProduct> = {}
  for (const key of ['title', 'descriptionHtml', 'vendor', 'productType', 'handle'] as const) {
    if (!(key in input) || input[key] === null) continue
    if (typeof input[key] !== 'string') throw invalidVariable(`Expected value for ${key} to be a String.`)
    out[key] = input[key] as string
  }
  if ('title' in out && !out.title!.trim()) errors.push(userError(['title'], "Title can't be blank"))
  if ((out.title?.length ?? 0) > 255)
    errors.push(userError(['title'], 'Title is too long (maximum is 255 characters)'))
  if ('status' in input && input.status !== null) {
    if (!STATUSES.includes(input.status as StoredProduct['status']))
      throw invalidVariable(`Expected "${String(input.status)}" to be one of: ${STATUSES.join(', ')}`)
    out.status = input.status as StoredProduct['status']
  }
  if ('tags' in input && input.tags !== null) {
    const tags = typeof input.tags === 'string' ? input.tags.split(',') : input.tags
    if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string'))
      throw invalidVariable('Expected value for tags to be a list of String.')
    out.tags = (tags as string[]).map((t) => t.trim()).filter(Boolean)
  }
  return out
}

export function productCreate(ctx: Ctx, args: Args) {
  requireScope(ctx, 'productCreate', 'write_products')
  const input = inputOf(args, 'product', 'input')
  const errors: ReturnType<typeof userError>[] = []
  const changes = changesOf(input, errors)
  if (!changes.title) errors.push(userError(['title'], "Title can't be blank"))
  if (errors.length) return { product: null, userErrors: errors.slice(0, 1) }
  const { state } = ctx
  const iso = new Date(ctx.nowMs).toISOString()
  const num = state.next_product
  const stored: StoredProduct = {
    num,
    descriptionHtml: '',
    vendor: state.shop.name,
    productType: '',
    status: 'ACTIVE',
    tags: [],
    price: '0.00',
    createdAt: iso,
    updatedAt: iso,
    ...changes,
    title: changes.title!,
    handle: freeHandle(ctx, slug(changes.handle ?? changes.title!), null),
  }
  state.next_product += 1
  ctx.objects.put('product', '', num, stored)
  ctx.saveState(state)
  emitTopic(ctx, 'products/create', productJson(state, stored))
  return { product: productNode(state, stored), userErrors: [] }
}

export function productUpdate(ctx: Ctx, args: Args) {
  requireScope(ctx, 'productUpdate', 'write_products')
  const input = inputOf(args, 'product', 'input')
  const before = storedProduct(ctx, input.id)
  if (!before) return { product: null, userErrors: [userError(['id'], 'Product does not exist')] }
  const errors: ReturnType<typeof userError>[] = []
  const changes = changesOf(input, errors)
  if (errors.length) return { product: null, userErrors: errors.slice(0, 1) }
  const handle = changes.handle ? freeHandle(ctx, slug(changes.handle), before.num) : before.handle
  const after: StoredProduct = { ...before, ...changes, handle, updatedAt: new Date(ctx.nowMs).toISOString() }
  ctx.objects.put('product', '', after.num, after)
  emitTopic(ctx, 'products/update', productJson(ctx.state, after))
  return { product: productNode(ctx.state, after), userErrors: [] }
}

/** A product by its variant's global id (an order's line item names a variant). */
export function productOfVariant(ctx: Ctx, ref: unknown): StoredProduct | undefined {
  const num = numOf(ref, 'ProductVariant', ctx.state.variant_base, ctx.state.next_product)
  const text = num === undefined ? undefined : ctx.objects.get('product', '', num)
  return text ? (JSON.parse(text) as StoredProduct) : undefined
}
