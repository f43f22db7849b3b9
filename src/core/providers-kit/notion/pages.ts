import type { ProxyAnswer } from '../../proxy/answerers.js'
import {
  bodyOf,
  type Ctx,
  invalid,
  isAnswer,
  isoNow,
  type Json,
  load,
  notFound,
  ok,
  plainOf,
  retrieve,
  type Stored,
  save,
  target,
} from './context.js'
import { appendBlocks, blockContent, makePage, PLAIN_PAGE } from './objects.js'
import { propertyValues, type Schema } from './properties.js'

/** Where a page goes, and the schema its properties follow; an answer when the parent is wrong. */
function placeOf(ctx: Ctx, parent: unknown): { parent: Json; schema: Schema } | ProxyAnswer {
  const p = (parent ?? {}) as Json
  if (typeof p.page_id === 'string') {
    if (!load(ctx, 'page', p.page_id)) return notFound(ctx, 'page', p.page_id)
    return { parent: { type: 'page_id', page_id: p.page_id }, schema: PLAIN_PAGE }
  }
  let sourceId = p.data_source_id as string | undefined
  if (typeof p.database_id === 'string' && sourceId === undefined) {
    const database = load(ctx, 'database', p.database_id)
    if (!database) return notFound(ctx, 'database', p.database_id)
    sourceId = (database.data_sources as Array<{ id: string }>)[0]?.id
  }
  if (typeof sourceId === 'string') {
    const source = load(ctx, 'data_source', sourceId)
    if (!source) return notFound(ctx, 'data_source', sourceId)
    const databaseId = (source.parent as Json).database_id
    return {
      parent: { type: 'data_source_id', data_source_id: source.id, database_id: databaseId },
      schema: source.properties as Schema,
    }
  }
  return invalid(
    ctx,
    'body failed validation. Fix one:\nbody.parent.page_id should be defined, instead was `undefined`.\nbody.parent.data_source_id should be defined, instead was `undefined`.',
  )
}

/** The schema a stored page's properties follow. */
function schemaOf(ctx: Ctx, page: Stored): Schema {
  const parent = page.parent as Json
  if (parent.type !== 'data_source_id') return PLAIN_PAGE
  return (load(ctx, 'data_source', String(parent.data_source_id))?.properties ?? PLAIN_PAGE) as Schema
}

export const titleOfPage = (page: Json) => {
  const title = Object.values((page.properties ?? {}) as Record<string, Json>).find((p) => p.type === 'title')
  return plainOf(title?.title)
}

/** POST /v1/pages: a page under a page or a data source, with its properties and first blocks. */
export function createPage(ctx: Ctx): ProxyAnswer {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const place = placeOf(ctx, body.parent)
  if (isAnswer(place)) return place
  const properties = propertyValues(body.properties ?? {}, place.schema)
  if (typeof properties === 'string') return invalid(ctx, properties)
  const children = body.children ?? []
  if (!Array.isArray(children) || children.length > 100)
    return invalid(ctx, 'body failed validation: body.children should be an array of at most 100 blocks.')
  const contents = children.map(blockContent)
  const bad = contents.find((c) => typeof c === 'string')
  if (bad) return invalid(ctx, bad)
  const page = makePage(ctx, place.parent, properties, titleOfPage({ properties }))
  save(ctx, page)
  appendBlocks(ctx, { kind: 'page', id: page.id }, contents as Array<{ type: string; content: Json }>)
  return ok(ctx, page)
}

/** GET /v1/pages/:id */
export const retrievePage = retrieve('page')

/** PATCH /v1/pages/:id: property values, `in_trash` (or the older `archived`). */
export function updatePage(ctx: Ctx): ProxyAnswer {
  const page = target(ctx, 'page')
  if (isAnswer(page)) return page
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const properties = propertyValues(body.properties, schemaOf(ctx, page), page.properties as Json)
  if (typeof properties === 'string') return invalid(ctx, properties)
  const trash = body.in_trash ?? body.archived
  if (trash !== undefined && typeof trash !== 'boolean')
    return invalid(
      ctx,
      `body failed validation: body.in_trash should be a boolean, instead was \`${JSON.stringify(trash)}\`.`,
    )
  if (page.in_trash === true && trash !== false)
    return invalid(ctx, "Can't edit block that is archived. You must unarchive the block before editing.")
  const updated: Stored = {
    ...page,
    properties,
    ...(trash !== undefined && { in_trash: trash, archived: trash }),
    last_edited_time: isoNow(ctx),
  }
  save(ctx, updated)
  return ok(ctx, updated)
}
