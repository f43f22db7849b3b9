import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type BodyProblem, isAnswer, jsonBodyOf, queryOf } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { graphError, graphHeaders } from './errors.js'
import { type GraphState, idOf, type Kind, numOf } from './state.js'

export type Ctx = SimulationContext<GraphState>
export type Json = Record<string, unknown> & { id: string }

const clientRequestIdOf = (ctx: Ctx) =>
  ctx.call.headers.find(([n]) => n.toLowerCase() === 'client-request-id')?.[1]
export const headersOf = (ctx: Ctx) => graphHeaders(ctx.ids, clientRequestIdOf(ctx))

/** An answer in Graph's headers; a `null` body is none (202, 204). */
export const ok = (ctx: Ctx, body: unknown, status = 200) => answer(status, body, headersOf(ctx))
export const fail = (ctx: Ctx, status: number, code: string, message: string) =>
  graphError(status, code, message, headersOf(ctx), ctx.nowMs)
export const badRequest = (ctx: Ctx, message: string, code = 'ErrorInvalidRequest') =>
  fail(ctx, 400, code, message)
export const notFound = (ctx: Ctx) =>
  fail(ctx, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.')

const BODY_MESSAGES: Record<BodyProblem['kind'], string> = {
  empty: 'Empty Payload. JSON content expected.',
  malformed:
    'Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.',
  not_object: 'Invalid request body: a JSON object was expected.',
}
/** The call's JSON object body, or Graph's 400 `BadRequest`. */
export const bodyOf = (ctx: Ctx) =>
  jsonBodyOf<Record<string, unknown>>(ctx.call, (p) => fail(ctx, 400, 'BadRequest', BODY_MESSAGES[p.kind]), {
    objectOnly: true,
  })

/** Graph's timestamps: `2026-11-26T10:00:58Z`. */
export const isoOf = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')

/** A new object id of a kind (the counter is saved with the state). */
export function newId(ctx: Ctx, kind: Kind): { id: string; num: number } {
  const num = ctx.state.next[kind]++
  ctx.saveState(ctx.state)
  return { id: idOf(ctx.state, kind, num), num }
}

/** The next change number (delta tokens name one). */
export function nextSeq(ctx: Ctx): number {
  ctx.state.seq += 1
  ctx.saveState(ctx.state)
  return ctx.state.seq
}

/** Stored items carry bookkeeping under `_` keys, which answers leave out. */
export const publicOf = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !k.startsWith('_')))

export function save(ctx: Ctx, kind: Kind, scope: string, item: Json, tag: 'live' | 'removed' = 'live') {
  ctx.objects.put(kind, scope, numOf(ctx.state, kind, item.id)!, item, tag)
}
export function load(ctx: Ctx, kind: Kind, scope: string, id: string | undefined): Json | undefined {
  const num = numOf(ctx.state, kind, id)
  const text = num === undefined ? undefined : ctx.objects.get(kind, scope, num)
  return text === undefined ? undefined : (JSON.parse(text) as Json)
}
/** Every stored item of a kind in a scope (live, or removed ones for delta), newest first. */
export const allOf = (ctx: Ctx, kind: Kind, scope: string, tag: 'live' | 'removed' = 'live'): Json[] =>
  ctx.objects.page(kind, scope, tag, 100_000, 0).rows.map((r) => JSON.parse(r) as Json)

/** `$top` (1–1000; `fallback` when absent) and `$skip`, or Graph's 400. */
export function pageParamsOf(ctx: Ctx, fallback: number): { top: number; skip: number } | ProxyAnswer {
  const q = queryOf(ctx.call)
  const read = (name: string, def: number, min: number) => {
    const raw = q.get(name)
    if (raw === null) return def
    return /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= 1000 ? Number(raw) : Number.NaN
  }
  const top = read('$top', fallback, 1)
  const skip = read('$skip', 0, 0)
  if (Number.isNaN(top)) return badRequest(ctx, `Invalid value '${q.get('$top')}' for $top.`, 'BadRequest')
  if (Number.isNaN(skip)) return badRequest(ctx, `Invalid value '${q.get('$skip')}' for $skip.`, 'BadRequest')
  return { top, skip }
}

/** The fields `$select` keeps (plus `id` and `@odata.etag`, as Graph does); all when absent. */
export function selectOf(ctx: Ctx): (item: Record<string, unknown>) => Record<string, unknown> {
  const raw = queryOf(ctx.call).get('$select')
  const publicItem = (item: Record<string, unknown>) => publicOf(item)
  if (!raw) return publicItem
  const fields = new Set(['id', '@odata.etag', ...raw.split(',').map((f) => f.trim())])
  return (item) => Object.fromEntries(Object.entries(publicOf(item)).filter(([k]) => fields.has(k)))
}

/**
 * A link to another page of the same call: an absolute URL back through the proxy when the gateway
 * is reached over HTTPS (as Graph's are), else the path under the API version (`/me/messages?…`),
 * which the SDK resolves against its own base URL (it only parses absolute `https://` links).
 */
export function pageLink(ctx: Ctx, set: Record<string, string>, drop: string[] = []): string {
  const q = queryOf(ctx.call)
  for (const name of drop) q.delete(name)
  for (const [name, value] of Object.entries(set)) q.set(name, value)
  const version = ctx.call.path.match(/^\/(v1\.0|beta)/)?.[1] ?? 'v1.0'
  const rest = ctx.call.path.slice(version.length + 1)
  const query = q.toString().replace(/%24/g, '$')
  if (ctx.call.origin.startsWith('https://'))
    return `${ctx.call.origin}/proxy/${ctx.call.connection.id}${ctx.call.path}?${query}`
  return `${rest}?${query}`
}

/** A collection answer: `{@odata.context, value, @odata.nextLink?}` for `$top` items after `$skip`. */
export function collection(ctx: Ctx, items: Json[], context: string, fallbackTop = 10): ProxyAnswer {
  const paging = pageParamsOf(ctx, fallbackTop)
  if (isAnswer(paging)) return paging
  const { top, skip } = paging
  const shape = selectOf(ctx)
  const value = items.slice(skip, skip + top).map(shape)
  const more = skip + top < items.length
  return ok(ctx, {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#${context}`,
    value,
    ...(more && { '@odata.nextLink': pageLink(ctx, { $skip: String(skip + top) }) }),
  })
}
