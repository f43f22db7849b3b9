import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  bodyOf,
  type Ctx,
  invalid,
  isAnswer,
  type Json,
  listAnswer,
  loadAny,
  notFound,
  ok,
  pagingOf,
  type Stored,
  save,
} from './context.js'
import { appendBlocks, blockContent } from './objects.js'

/** The page or block `:id` names, as a parent of blocks; an answer when there is none. */
function parentOf(ctx: Ctx): Stored | ProxyAnswer {
  const parent = loadAny(ctx, ctx.params.id)
  return parent ?? notFound(ctx, 'block', ctx.params.id!)
}

const childrenOf = (ctx: Ctx, id: string): Stored[] =>
  ctx.objects
    .page('child', id, 'live', 100_000, 0, 'asc')
    .rows.map((r) => loadAny(ctx, (JSON.parse(r) as { id: string }).id)!)

/** GET /v1/blocks/:id/children: a page's or block's blocks, in order, `page_size` after `start_cursor`. */
export function listChildren(ctx: Ctx): ProxyAnswer {
  const parent = parentOf(ctx)
  if (isAnswer(parent)) return parent
  const paging = pagingOf(ctx, {})
  if (isAnswer(paging)) return paging
  return listAnswer(ctx, childrenOf(ctx, parent.id), paging, 'block')
}

/** PATCH /v1/blocks/:id/children: appends up to 100 blocks; answers the new blocks. */
export function appendChildren(ctx: Ctx): ProxyAnswer {
  const parent = parentOf(ctx)
  if (isAnswer(parent)) return parent
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const children = body.children
  if (!Array.isArray(children) || children.length === 0 || children.length > 100)
    return invalid(ctx, 'body failed validation: body.children should be an array of 1 to 100 blocks.')
  if (body.after !== undefined)
    return invalid(
      ctx,
      'body failed validation: body.after is not simulated (blocks are appended at the end).',
    )
  if (parent.in_trash === true)
    return invalid(ctx, "Can't edit block that is archived. You must unarchive the block before editing.")
  const contents = children.map(blockContent)
  const bad = contents.find((c) => typeof c === 'string')
  if (bad) return invalid(ctx, bad)
  const made = appendBlocks(
    ctx,
    { kind: parent.object === 'page' ? 'page' : 'block', id: parent.id },
    contents as Array<{ type: string; content: Json }>,
  )
  if (parent.object === 'block' && parent.has_children !== true) save(ctx, { ...parent, has_children: true })
  return ok(ctx, {
    object: 'list',
    results: made,
    next_cursor: null,
    has_more: false,
    type: 'block',
    block: {},
  })
}
