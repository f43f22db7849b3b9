import { botUser, type Ctx, isoNow, type Json, newId, richText, type Stored, save } from './context.js'
import type { Schema } from './properties.js'

/** The schema of a page outside any data source: its title. */
export const PLAIN_PAGE: Schema = { title: { id: 'title', name: 'title', type: 'title', title: {} } }

const slug = (title: string) => title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')
export const urlOf = (title: string, id: string) =>
  `https://www.notion.so/${slug(title) ? `${slug(title)}-` : ''}${id.replace(/-/g, '')}`

const stamps = (ctx: Ctx) => {
  const now = isoNow(ctx)
  const by = botUser(ctx)
  return { created_time: now, last_edited_time: now, created_by: by, last_edited_by: by }
}

/** A new page object (not yet saved) with already validated property values. */
export function makePage(ctx: Ctx, parent: Json, properties: Json, title: string): Stored {
  const id = newId(ctx, 'page')
  return {
    object: 'page',
    id,
    ...stamps(ctx),
    cover: null,
    icon: null,
    parent,
    archived: false,
    in_trash: false,
    is_locked: false,
    properties,
    url: urlOf(title, id),
    public_url: null,
  }
}

/** The block types the simulation keeps; their content is rich text (and `checked` for to_do). */
export const BLOCK_TYPES = [
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'bulleted_list_item',
  'numbered_list_item',
  'to_do',
  'quote',
  'callout',
  'divider',
] as const

/** Block content as Notion returns it; a string is why the input was refused. */
export function blockContent(input: unknown, at: number): { type: string; content: Json } | string {
  const block = (input ?? {}) as Json
  const type = String(block.type ?? BLOCK_TYPES.find((t) => t in block) ?? '')
  if (!(BLOCK_TYPES as readonly string[]).includes(type))
    return `body failed validation: body.children[${at}] should be a block of a simulated type (${BLOCK_TYPES.join(', ')}), instead was \`${type || 'undefined'}\`.`
  const given = (block[type] ?? {}) as Json
  if (type === 'divider') return { type, content: {} }
  if (!Array.isArray(given.rich_text))
    return `body failed validation: body.children[${at}].${type}.rich_text should be defined, instead was \`undefined\`.`
  const content: Json = { rich_text: richText(given.rich_text), color: given.color ?? 'default' }
  if (type === 'to_do') content.checked = given.checked === true
  return { type, content }
}

/** Saves new blocks (already checked with `blockContent`) under a page or block; returns them. */
export function appendBlocks(
  ctx: Ctx,
  parent: { kind: 'page' | 'block'; id: string },
  contents: Array<{ type: string; content: Json }>,
): Stored[] {
  return contents.map(({ type, content }) => {
    const block: Stored = {
      object: 'block',
      id: newId(ctx, 'block'),
      parent:
        parent.kind === 'page'
          ? { type: 'page_id', page_id: parent.id }
          : { type: 'block_id', block_id: parent.id },
      ...stamps(ctx),
      has_children: false,
      archived: false,
      in_trash: false,
      type,
      [type]: content,
    }
    save(ctx, block)
    return block
  })
}

const text = (content: string) => [{ text: { content } }]
const titleOf = (content: string) => ({
  title: { id: 'title', type: 'title', title: richText(text(content)) },
})

/** The Tasks data source's schema (the database a new workspace shares with the integration). */
const TASKS: Schema = {
  Name: { id: 'title', name: 'Name', type: 'title', title: {} },
  Done: { id: 'Dn%3D', name: 'Done', type: 'checkbox', checkbox: {} },
  Status: {
    id: 'St%3F',
    name: 'Status',
    type: 'select',
    select: {
      options: ['Not started', 'In progress', 'Done'].map((name, i) => ({
        id: `opt${i + 1}`,
        name,
        color: ['gray', 'blue', 'green'][i],
      })),
    },
  },
  Points: { id: 'Pt%40', name: 'Points', type: 'number', number: { format: 'number' } },
}

/**
 * What a new workspace has shared with the integration, made on its first call: a "Getting
 * started" page with two paragraphs, and under it a Tasks database with one data source.
 */
export function startWorkspace(ctx: Ctx) {
  if (ctx.state.started) return
  ctx.state.started = true
  ctx.saveState(ctx.state)
  const page = makePage(
    ctx,
    { type: 'workspace', workspace: true },
    titleOf('Getting started'),
    'Getting started',
  )
  save(ctx, page)
  appendBlocks(ctx, { kind: 'page', id: page.id }, [
    {
      type: 'heading_2',
      content: { rich_text: richText(text('Welcome')), color: 'default', is_toggleable: false },
    },
    {
      type: 'paragraph',
      content: { rich_text: richText(text('This page was shared with the integration.')), color: 'default' },
    },
  ])
  const databaseId = newId(ctx, 'database')
  const sourceId = newId(ctx, 'data_source')
  const title = richText(text('Tasks'))
  const common = {
    ...stamps(ctx),
    title,
    description: [],
    icon: null,
    cover: null,
    archived: false,
    in_trash: false,
  }
  save(ctx, {
    object: 'database',
    id: databaseId,
    ...common,
    parent: { type: 'page_id', page_id: page.id },
    is_inline: false,
    is_locked: false,
    data_sources: [{ id: sourceId, name: 'Tasks' }],
    url: urlOf('', databaseId),
    public_url: null,
  })
  save(ctx, {
    object: 'data_source',
    id: sourceId,
    ...common,
    properties: TASKS,
    parent: { type: 'database_id', database_id: databaseId },
    database_parent: { type: 'page_id', page_id: page.id },
    url: urlOf('', sourceId),
    public_url: null,
  })
}
