import type { ProxyAnswer } from '../../proxy/answerers.js'
import { answer, queryOf } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { DEFAULT_VERSION, stripeError, stripeHeaders } from './errors.js'
import { idOf, type Kind, numOf, type StripeState } from './state.js'

export type Ctx = SimulationContext<StripeState>
export type Json = Record<string, unknown>
/** A form-encoded parameter: a string, or nested `a[b]=…` / `a[0]=…` values. */
export type Param = string | { [key: string]: Param }

const headerOf = (ctx: Ctx, name: string) => ctx.call.headers.find(([n]) => n.toLowerCase() === name)?.[1]

/** The version the client asked for (echoed back, as Stripe does), else the account's default. */
export const versionOf = (ctx: Ctx) => headerOf(ctx, 'stripe-version') ?? DEFAULT_VERSION
export const idempotencyKeyOf = (ctx: Ctx) => headerOf(ctx, 'idempotency-key')
export const headersOf = (ctx: Ctx) => stripeHeaders(ctx.ids, versionOf(ctx))

export const ok = (ctx: Ctx, body: unknown, status = 200) => answer(status, body, headersOf(ctx))
export const missing = (ctx: Ctx, param: string) =>
  stripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    { code: 'parameter_missing', param },
    headersOf(ctx),
  )
export const invalid = (ctx: Ctx, param: string, message: string, code = 'parameter_invalid_string') =>
  stripeError(400, 'invalid_request_error', message, { code, param }, headersOf(ctx))
export const noSuch = (ctx: Ctx, kind: Kind, id: string, param = 'id') =>
  stripeError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    { code: 'resource_missing', param },
    headersOf(ctx),
  )

/**
 * Stripe's form encoding (`metadata[plan]=pro`, `expand[0]=customer`, `expand[]=customer`) as
 * nested objects; arrays stay objects keyed by index, `list` reads them.
 */
export function parseForm(text: string): Record<string, Param> {
  const out: Record<string, Param> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key]
    let at: Record<string, Param> = out
    for (const [i, part] of path.entries()) {
      const name = part === '' ? String(Object.keys(at).length) : part
      if (i === path.length - 1) at[name] = value
      else {
        const next = at[name]
        const child = typeof next === 'object' ? next : {}
        at[name] = child
        at = child
      }
    }
  }
  return out
}

/** A JSON value as form parameters would carry it (numbers and booleans as text). */
const asParam = (v: unknown): Param =>
  v !== null && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asParam(x)]))
    : String(v ?? '')

/**
 * The call's parameters: the query for GET and DELETE, the form body otherwise; a JSON object body
 * (what `seed` and fixtures send) is read the same way.
 */
export function paramsOf(ctx: Ctx): Record<string, Param> {
  if (ctx.call.method === 'GET' || ctx.call.method === 'DELETE') return parseForm(ctx.call.query)
  const text = ctx.call.body.toString('utf8').trim()
  if (text.startsWith('{')) {
    try {
      return asParam(JSON.parse(text)) as Record<string, Param>
    } catch {
      // Not JSON after all: read it as a form.
    }
  }
  return parseForm(text)
}

export const str = (p: Param | undefined) => (typeof p === 'string' ? p : undefined)
export const list = (p: Param | undefined): string[] =>
  typeof p === 'string' ? [p] : p ? Object.values(p).filter((v): v is string => typeof v === 'string') : []
/** `metadata[k]=v` as Stripe keeps it: strings, and an empty value unsets the key. */
export function metadataOf(p: Param | undefined, base: Record<string, string> = {}): Record<string, string> {
  if (typeof p !== 'object') return base
  const out = { ...base }
  for (const [k, v] of Object.entries(p)) {
    if (typeof v !== 'string') continue
    if (v === '') delete out[k]
    else out[k] = v
  }
  return out
}
/** A whole number parameter; NaN when present and not one. */
export const int = (p: Param | undefined) =>
  p === undefined ? undefined : typeof p === 'string' && /^-?\d+$/.test(p) ? Number(p) : Number.NaN

export const nowSeconds = (ctx: Ctx) => Math.floor(ctx.nowMs / 1000)

/** A new object id of a kind (the counter is saved with the state). */
export function newId(ctx: Ctx, kind: Kind): { id: string; num: number } {
  const num = ctx.state.next[kind]++
  ctx.saveState(ctx.state)
  return { id: idOf(ctx.state, kind, num), num }
}

/** Stores an object; `live` objects are the ones lists show (a deleted customer is not). */
export function save(ctx: Ctx, kind: Kind, object: Json & { id: string }, live = true) {
  const num = numOf(ctx.state, kind, object.id)!
  ctx.objects.put(kind, '', num, object, live ? 'live' : 'deleted')
}

export function load<T = Json>(ctx: Ctx, kind: Kind, id: string | undefined): T | undefined {
  const num = numOf(ctx.state, kind, id)
  if (num === undefined) return undefined
  const text = ctx.objects.get(kind, '', num)
  return text === undefined ? undefined : (JSON.parse(text) as T)
}

/** Every live object of a kind, newest first. */
export const allOf = (ctx: Ctx, kind: Kind): Json[] =>
  ctx.objects.page(kind, '', 'live', 100_000, 0).rows.map((r) => JSON.parse(r) as Json)

/**
 * A list answer in Stripe's shape, `{object:"list", data, has_more, url}`: newest first, `limit`
 * (1–100, 10 by default) after `starting_after` or before `ending_before`.
 */
export function listAnswer(ctx: Ctx, kind: Kind, url: string, items = allOf(ctx, kind)): ProxyAnswer {
  const params = paramsOf(ctx)
  const limit = int(params.limit) ?? 10
  if (Number.isNaN(limit) || limit < 1 || limit > 100)
    return invalid(
      ctx,
      'limit',
      'Invalid integer: limit must be between 1 and 100',
      'parameter_invalid_integer',
    )
  const after = str(params.starting_after)
  const before = str(params.ending_before)
  const cursor = after ?? before
  const at = cursor === undefined ? -1 : items.findIndex((i) => i.id === cursor)
  if (cursor !== undefined && at < 0)
    return noSuch(ctx, kind, cursor, after !== undefined ? 'starting_after' : 'ending_before')
  let data: Json[]
  let more: boolean
  if (before !== undefined) {
    data = items.slice(Math.max(0, at - limit), at)
    more = at - limit > 0
  } else {
    data = items.slice(at + 1, at + 1 + limit)
    more = at + 1 + limit < items.length
  }
  return ok(ctx, { object: 'list', data, has_more: more, url })
}

export { queryOf }
