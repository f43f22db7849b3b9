import type { ProxyAnswer } from '../../proxy/answerers.js'
import { answer, isAnswer, jsonBodyOf, queryOf } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { notionError, notionHeaders } from './errors.js'
import { idOf, type Kind, type NotionState, parseId } from './state.js'

export type Ctx = SimulationContext<NotionState>
export type Json = Record<string, unknown>
export type Stored = Json & { id: string }

export const ok = (ctx: Ctx, body: Json, status = 200) => {
  const requestId = ctx.ids.uuid()
  return answer(status, { ...body, request_id: requestId }, notionHeaders(requestId))
}
export const invalid = (ctx: Ctx, message: string) => notionError(400, 'validation_error', message, ctx.ids)

const NOUN: Record<Kind | 'user', string> = {
  page: 'page',
  database: 'database',
  data_source: 'data source',
  block: 'block',
  user: 'user',
}
export const notFound = (ctx: Ctx, kind: Kind | 'user', id: string) =>
  notionError(
    404,
    'object_not_found',
    `Could not find ${NOUN[kind]} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    ctx.ids,
  )

/** The call's JSON object body (`{}` when empty); malformed JSON is Notion's `invalid_json`. */
export function bodyOf(ctx: Ctx): Json | ProxyAnswer {
  return jsonBodyOf<Json>(
    ctx.call,
    (problem) =>
      problem.kind === 'malformed'
        ? notionError(400, 'invalid_json', 'Error parsing JSON body.', ctx.ids)
        : invalid(ctx, 'body failed validation: body should be an object.'),
    { empty: {}, objectOnly: true },
  )
}
export { isAnswer }

export const isoNow = (ctx: Ctx) => new Date(Math.floor(ctx.nowMs / 1000) * 1000).toISOString()

/** A new object id of a kind (the counter is saved with the state). */
export function newId(ctx: Ctx, kind: Kind): string {
  const num = ctx.state.next++
  ctx.saveState(ctx.state)
  return idOf(ctx.state, kind, num)
}

/**
 * Stores an object. Blocks are also listed under their parent (the scope of `child`); trashed
 * objects keep their id but leave search and query results.
 */
export function save(ctx: Ctx, object: Stored) {
  const at = parseId(ctx.state, object.id)!
  const live = object.in_trash === true ? 'trash' : 'live'
  ctx.objects.put(at.kind, '', at.num, object, live)
  if (at.kind === 'block') ctx.objects.put('child', parentIdOf(object), at.num, { id: object.id }, live)
}

/** The id of the page or block an object sits under ('' for the workspace). */
export function parentIdOf(object: Json): string {
  const parent = (object.parent ?? {}) as Json
  return String(parent.page_id ?? parent.block_id ?? '')
}

export function load(ctx: Ctx, kind: Kind, id: string | undefined): Stored | undefined {
  const at = parseId(ctx.state, id)
  if (!at || at.kind !== kind) return undefined
  const text = ctx.objects.get(kind, '', at.num)
  return text === undefined ? undefined : (JSON.parse(text) as Stored)
}

/** The object of a kind the path's `:id` names, or Notion's 404. */
export const target = (ctx: Ctx, kind: Kind): Stored | ProxyAnswer =>
  load(ctx, kind, ctx.params.id) ?? notFound(ctx, kind, ctx.params.id!)

/** A GET of one object by its id (a trashed one is still found, with `in_trash: true`). */
export const retrieve =
  (kind: Kind) =>
  (ctx: Ctx): ProxyAnswer => {
    const found = target(ctx, kind)
    return isAnswer(found) ? found : ok(ctx, found)
  }

/** The page or block an id names, whichever it is. */
export const loadAny = (ctx: Ctx, id: string | undefined) => {
  const kind = parseId(ctx.state, id)?.kind
  return kind === 'page' || kind === 'block' ? load(ctx, kind, id) : undefined
}

/** Every live object of a kind, oldest first. */
export const allOf = (ctx: Ctx, kind: Kind): Stored[] =>
  ctx.objects.page(kind, '', 'live', 100_000, 0, 'asc').rows.map((r) => JSON.parse(r) as Stored)

/** The user objects answers name as creator and editor. */
export const botUser = (ctx: Ctx) => ({ object: 'user', id: ctx.state.botId })

/** Notion's rich text from what a client sends (`{text:{content}}`), with its defaults filled in. */
export function richText(items: unknown): Json[] {
  if (!Array.isArray(items)) return []
  return items.map((item: Json) => {
    const text = (item.text ?? {}) as Json
    const content = String(text.content ?? item.plain_text ?? '')
    return {
      type: 'text',
      text: { content, link: text.link ?? null },
      annotations: {
        bold: false,
        italic: false,
        strikethrough: false,
        underline: false,
        code: false,
        color: 'default',
        ...((item.annotations as Json | undefined) ?? {}),
      },
      plain_text: content,
      href: (text.link as Json | null | undefined)?.url ?? null,
    }
  })
}
export const plainOf = (items: unknown) =>
  Array.isArray(items) ? items.map((i: Json) => String(i.plain_text ?? '')).join('') : ''

/** The page size and start cursor of a list call, from the body (POST) or the query (GET). */
export function pagingOf(ctx: Ctx, body: Json): { size: number; cursor?: string } | ProxyAnswer {
  const query = queryOf(ctx.call)
  const rawSize = body.page_size ?? query.get('page_size') ?? 100
  const size = Number(rawSize)
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return invalid(
      ctx,
      `body failed validation: body.page_size should be ≤ \`100\`, instead was \`${rawSize}\`.`,
    )
  const cursor = (body.start_cursor ?? query.get('start_cursor') ?? undefined) as string | undefined
  return { size, ...(cursor && { cursor }) }
}

/**
 * Notion's list answer: `{object:"list", results, next_cursor, has_more, type, [type]:{}}`. The
 * cursor is the id of the next result, so it stays valid while items are added after it.
 */
export function listAnswer(
  ctx: Ctx,
  items: Stored[],
  paging: { size: number; cursor?: string },
  type: string,
) {
  const at = paging.cursor === undefined ? 0 : items.findIndex((i) => i.id === paging.cursor)
  if (at < 0) return invalid(ctx, `start_cursor provided is invalid: ${paging.cursor}`)
  const results = items.slice(at, at + paging.size)
  const next = items[at + paging.size]
  return ok(ctx, {
    object: 'list',
    results,
    next_cursor: next?.id ?? null,
    has_more: next !== undefined,
    type,
    [type]: {},
  })
}
