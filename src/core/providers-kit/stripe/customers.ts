import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  allOf,
  type Ctx,
  type Json,
  listAnswer,
  load,
  metadataOf,
  newId,
  noSuch,
  nowSeconds,
  ok,
  paramsOf,
  save,
  str,
} from './context.js'
import { emitEvent } from './events.js'

const FIELDS = ['email', 'name', 'phone', 'description'] as const

/** A customer as the API returns it (the fields a client reads). */
function customerFrom(ctx: Ctx, id: string, params: ReturnType<typeof paramsOf>): Json & { id: string } {
  const fields = Object.fromEntries(FIELDS.map((f) => [f, str(params[f]) || null]))
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(ctx),
    currency: null,
    default_source: null,
    delinquent: false,
    ...fields,
    discount: null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataOf(params.metadata),
    next_invoice_sequence: 1,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

/** `POST /v1/customers`: every field is optional; emits `customer.created`. */
export function createCustomer(ctx: Ctx): ProxyAnswer {
  const customer = customerFrom(ctx, newId(ctx, 'customer').id, paramsOf(ctx))
  save(ctx, 'customer', customer)
  emitEvent(ctx, 'customer.created', customer)
  return ok(ctx, customer)
}

/** `GET /v1/customers/{id}`: a deleted customer answers `{id, object, deleted: true}`. */
export function retrieveCustomer(ctx: Ctx): ProxyAnswer {
  const id = ctx.params.id!
  const customer = load(ctx, 'customer', id)
  return customer ? ok(ctx, customer) : noSuch(ctx, 'customer', id)
}

/** `POST /v1/customers/{id}`: sets the given fields, merges metadata; emits `customer.updated`. */
export function updateCustomer(ctx: Ctx): ProxyAnswer {
  const id = ctx.params.id!
  const customer = load(ctx, 'customer', id)
  if (!customer || customer.deleted) return noSuch(ctx, 'customer', id)
  const params = paramsOf(ctx)
  const previous: Json = {}
  const next: Json & { id: string } = { ...customer, id }
  for (const f of FIELDS) {
    const value = str(params[f])
    if (value === undefined) continue
    previous[f] = customer[f]
    next[f] = value || null
  }
  if (params.metadata !== undefined) {
    previous.metadata = customer.metadata
    next.metadata = metadataOf(params.metadata, customer.metadata as Record<string, string>)
  }
  save(ctx, 'customer', next)
  if (Object.keys(previous).length > 0) emitEvent(ctx, 'customer.updated', next, previous)
  return ok(ctx, next)
}

/** `DELETE /v1/customers/{id}`: answers the deleted stub; emits `customer.deleted`. */
export function deleteCustomer(ctx: Ctx): ProxyAnswer {
  const id = ctx.params.id!
  const customer = load(ctx, 'customer', id)
  if (!customer || customer.deleted) return noSuch(ctx, 'customer', id)
  const stub = { id, object: 'customer', deleted: true }
  save(ctx, 'customer', stub, false)
  emitEvent(ctx, 'customer.deleted', customer)
  return ok(ctx, stub)
}

/** `GET /v1/customers`: newest first, optionally by exact `email`. */
export function listCustomers(ctx: Ctx): ProxyAnswer {
  const email = str(paramsOf(ctx).email)
  const customers = allOf(ctx, 'customer').filter((c) => !email || c.email === email)
  return listAnswer(ctx, 'customer', '/v1/customers', customers)
}
