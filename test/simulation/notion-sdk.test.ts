import {
  APIErrorCode,
  APIResponseError,
  Client,
  collectPaginatedAPI,
  isFullPage,
  iteratePaginatedAPI,
} from '@notionhq/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulated Notion: @notionhq/client's Client with
 * `baseUrl: <gateway>/proxy/<connection_id>` (it adds `/v1` itself) and a Switchyard secret key as
 * its auth. Retries are off where a test expects the refusal itself.
 */
const data = tempDir('switchyard-notion-sdk-')
let server: RunningServer
let key: string
let conn: string
let notion: Client

const clientFor = (connectionId: string, retry = true) =>
  new Client({ auth: key, baseUrl: `${server.url}/proxy/${connectionId}`, ...(!retry && { retry: false }) })
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (e: unknown) => e as APIResponseError,
  )
const addFault = (connectionId: string, fault: Record<string, unknown>) =>
  fetch(`${server.url}/api/connections/${connectionId}/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })

const text = (content: string) => [{ text: { content } }]
const task = (name: string, points: number, status: string, done = false) => ({
  Name: { title: text(name) },
  Points: { number: points },
  Status: { select: { name: status } },
  Done: { checkbox: done },
})
let sourceId: string
let startPageId: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  conn = await simulatedConnect(server, 'notion', 'acme')
  notion = clientFor(conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@notionhq/client against the simulated Notion', () => {
  it("the catalog's base URL is the SDK's own default, so the same paths work live", async () => {
    const provider = (await (await fetch(`${server.url}/providers/notion`)).json()) as {
      api: { base_url: string }
    }
    expect(provider.api.base_url).toBe('https://api.notion.com')
  })

  it('users.me, search, databases and data sources: a new workspace shares a page and a database', async () => {
    const me = await notion.users.me({})
    expect(me).toMatchObject({ object: 'user', type: 'bot', bot: { workspace_name: 'acme workspace' } })
    const pages = await notion.search({ filter: { property: 'object', value: 'page' } })
    expect(pages.results).toHaveLength(1)
    const [page] = pages.results
    startPageId = page!.id
    expect(isFullPage(page!) && page.properties.title).toMatchObject({
      title: [{ plain_text: 'Getting started' }],
    })
    const sources = await notion.search({
      query: 'task',
      filter: { property: 'object', value: 'data_source' },
    })
    expect(sources.results.map((s) => s.object)).toEqual(['data_source'])
    sourceId = sources.results[0]!.id
    const source = await notion.dataSources.retrieve({ data_source_id: sourceId })
    expect(Object.keys(source.properties).sort()).toEqual(['Done', 'Name', 'Points', 'Status'])
    const databaseId = (source as unknown as { parent: { database_id: string } }).parent.database_id
    const database = await notion.databases.retrieve({ database_id: databaseId })
    expect(database).toMatchObject({ object: 'database', data_sources: [{ id: sourceId, name: 'Tasks' }] })
    expect(database.id.replace(/-/g, '')).toBe(databaseId.replace(/-/g, ''))
  })

  it('pages create, retrieve and update, in a data source and under a page', async () => {
    const created = await notion.pages.create({
      parent: { data_source_id: sourceId },
      properties: task('Write the docs', 3, 'In progress'),
    })
    expect(created).toMatchObject({
      object: 'page',
      parent: { type: 'data_source_id', data_source_id: sourceId },
      properties: { Points: { type: 'number', number: 3 }, Status: { select: { name: 'In progress' } } },
    })
    const updated = await notion.pages.update({
      page_id: created.id,
      properties: { Done: { checkbox: true }, Status: { select: { name: 'Done' } } },
    })
    expect(updated).toMatchObject({ properties: { Done: { checkbox: true }, Points: { number: 3 } } })
    const again = await notion.pages.retrieve({ page_id: created.id })
    expect(again).toMatchObject({ properties: { Status: { select: { name: 'Done' } } } })
    const child = await notion.pages.create({
      parent: { page_id: startPageId },
      properties: { title: { title: text('Notes') } },
      children: [{ paragraph: { rich_text: text('First line') } }],
    })
    const blocks = await notion.blocks.children.list({ block_id: child.id })
    expect(blocks.results).toMatchObject([
      { type: 'paragraph', paragraph: { rich_text: [{ plain_text: 'First line' }] } },
    ])
    const trashed = await notion.pages.update({ page_id: child.id, in_trash: true })
    expect(trashed).toMatchObject({ in_trash: true })
    const found = await notion.search({ query: 'Notes' })
    expect(found.results).toEqual([])
  })

  it('dataSources.query: filter, sorts, and paging through collectPaginatedAPI', async () => {
    await notion.pages.create({
      parent: { data_source_id: sourceId },
      properties: task('Fix the build', 5, 'Not started'),
    })
    await notion.pages.create({
      parent: { data_source_id: sourceId },
      properties: task('Plan the release', 8, 'Not started'),
    })
    await notion.pages.create({
      parent: { data_source_id: sourceId },
      properties: task('Review the fix', 2, 'In progress'),
    })
    const open = await notion.dataSources.query({
      data_source_id: sourceId,
      filter: {
        and: [
          { property: 'Done', checkbox: { equals: false } },
          {
            or: [
              { property: 'Name', title: { contains: 'fix' } },
              { property: 'Points', number: { greater_than: 6 } },
            ],
          },
        ],
      },
      sorts: [{ property: 'Points', direction: 'descending' }],
    })
    const names = (r: { results: unknown[] }) =>
      r.results.map(
        (p) =>
          (p as { properties: { Name: { title: Array<{ plain_text: string }> } } }).properties.Name.title[0]!
            .plain_text,
      )
    expect(names(open)).toEqual(['Plan the release', 'Fix the build', 'Review the fix'])
    const inProgress = await notion.dataSources.query({
      data_source_id: sourceId,
      filter: { property: 'Status', select: { equals: 'In progress' } },
    })
    expect(names(inProgress)).toEqual(['Review the fix'])
    // A third level of compound filters is Notion's validation_error (it also bounds the walk).
    const leaf = { property: 'Done', checkbox: { equals: false } }
    await expect(
      notion.dataSources.query({
        data_source_id: sourceId,
        filter: { and: [{ or: [{ and: [leaf] }] }] } as never,
      }),
    ).rejects.toMatchObject({ code: 'validation_error', status: 400 })
    const firstPage = await notion.dataSources.query({ data_source_id: sourceId, page_size: 2 })
    expect(firstPage).toMatchObject({ has_more: true, type: 'page_or_data_source' })
    const next = await notion.dataSources.query({
      data_source_id: sourceId,
      page_size: 2,
      start_cursor: firstPage.next_cursor!,
    })
    expect(next.results[0]!.id).toBe(firstPage.next_cursor)
    const all = await collectPaginatedAPI(notion.dataSources.query, {
      data_source_id: sourceId,
      page_size: 1,
      sorts: [{ timestamp: 'created_time', direction: 'ascending' }],
    })
    expect(names({ results: all })).toEqual([
      'Write the docs',
      'Fix the build',
      'Plan the release',
      'Review the fix',
    ])
  })

  it('blocks.children append and list, paged with iteratePaginatedAPI', async () => {
    const appended = await notion.blocks.children.append({
      block_id: startPageId,
      children: [
        { to_do: { rich_text: text('Ship it'), checked: false } },
        { bulleted_list_item: { rich_text: text('One') } },
        { type: 'divider', divider: {} },
      ],
    })
    expect(appended.results.map((b) => (b as { type: string }).type)).toEqual([
      'to_do',
      'bulleted_list_item',
      'divider',
    ])
    const types: string[] = []
    for await (const block of iteratePaginatedAPI(notion.blocks.children.list, {
      block_id: startPageId,
      page_size: 2,
    }))
      types.push((block as { type: string }).type)
    expect(types).toEqual(['heading_2', 'paragraph', 'to_do', 'bulleted_list_item', 'divider'])
  })

  it("errors arrive in Notion's shape as APIResponseError, and change nothing", async () => {
    const missing = await failure(notion.pages.retrieve({ page_id: '00000000-0000-4000-8000-000000000000' }))
    expect(missing).toBeInstanceOf(APIResponseError)
    expect(missing).toMatchObject({ status: 404, code: APIErrorCode.ObjectNotFound })
    expect(missing!.message).toMatch(/Could not find page with ID/)
    const before = await collectPaginatedAPI(notion.dataSources.query, { data_source_id: sourceId })
    const badProperty = await failure(
      notion.pages.create({ parent: { data_source_id: sourceId }, properties: { Nope: { number: 1 } } }),
    )
    expect(badProperty).toMatchObject({
      status: 400,
      code: APIErrorCode.ValidationError,
      message: 'Nope is not a property that exists.',
    })
    const badOption = await failure(
      notion.pages.create({ parent: { data_source_id: sourceId }, properties: task('x', 1, 'Someday') }),
    )
    expect(badOption).toMatchObject({ code: APIErrorCode.ValidationError })
    const badBlock = await failure(
      notion.pages.create({
        parent: { data_source_id: sourceId },
        properties: task('Has a bad block', 1, 'Done'),
        children: [{ paragraph: {} } as never],
      }),
    )
    expect(badBlock).toMatchObject({ code: APIErrorCode.ValidationError })
    const badFilter = await failure(
      notion.dataSources.query({
        data_source_id: sourceId,
        filter: { property: 'Ghost', checkbox: { equals: true } },
      }),
    )
    expect(badFilter).toMatchObject({ status: 400, code: APIErrorCode.ValidationError })
    const badSize = await failure(notion.search({ page_size: 500 }))
    expect(badSize).toMatchObject({ code: APIErrorCode.ValidationError })
    const after = await collectPaginatedAPI(notion.dataSources.query, { data_source_id: sourceId })
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id))
    const raw = await fetch(`${server.url}/proxy/${conn}/v1/pages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'notion-version': '2025-09-03',
      },
      body: '{not json',
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({ object: 'error', status: 400, code: 'invalid_json' })
  })

  it("faults: rate_limit is Notion's 429 rate_limited with Retry-After; server_error, expiry, revocation", async () => {
    const other = await simulatedConnect(server, 'notion', 'faulty')
    const client = clientFor(other, false)
    expect((await addFault(other, { kind: 'rate_limit', count: 1 })).status).toBe(201)
    const limited = await failure(client.users.me({}))
    expect(limited).toBeInstanceOf(APIResponseError)
    expect(limited).toMatchObject({ status: 429, code: APIErrorCode.RateLimited })
    expect((limited!.headers as Headers).get('retry-after')).toBe('1')
    expect((await addFault(other, { kind: 'server_error', count: 1, status: 500 })).status).toBe(201)
    expect(await failure(client.users.me({}))).toMatchObject({
      status: 500,
      code: APIErrorCode.InternalServerError,
    })
    // The SDK's own retry honours Retry-After and gets through a single rate limit.
    expect((await addFault(other, { kind: 'rate_limit', count: 1 })).status).toBe(201)
    expect((await clientFor(other).users.me({})).object).toBe('user')
    expect((await addFault(other, { kind: 'latency', ms: 10, count: 1 })).status).toBe(201)
    expect((await client.users.me({})).type).toBe('bot')
    // An expired token is refreshed by the proxy once, so the call goes through.
    expect((await addFault(other, { kind: 'expire_token' })).status).toBe(201)
    expect((await client.users.me({})).type).toBe('bot')
    expect((await addFault(other, { kind: 'revoke_access' })).status).toBe(201)
    expect(await failure(client.users.me({}))).toMatchObject({ status: 401, code: APIErrorCode.Unauthorized })
  })
})
