import type { Handler } from '../kit/provider-kit.js'
import { routeTable } from '../kit/routes.js'
import { appendChildren, listChildren } from './blocks.js'
import type { Ctx } from './context.js'
import { queryDataSource, retrieveDatabase, retrieveDataSource, search } from './databases.js'
import { startWorkspace } from './objects.js'
import { createPage, retrievePage, updatePage } from './pages.js'
import type { NotionState } from './state.js'
import { listUsers, retrieveUser, usersMe } from './users.js'

/** Every call first makes what a new workspace shares with the integration (once). */
const started =
  (handler: Handler<NotionState>): Handler<NotionState> =>
  (ctx: Ctx) => {
    startWorkspace(ctx)
    return handler(ctx)
  }

/** Notion's ids: UUIDs, with or without dashes. */
const ID = { id: /^[0-9a-fA-F-]{32,36}$/ }

/** The simulated API under `/v1`: search, pages, databases and data sources, blocks, users. */
export const route = routeTable<NotionState>(
  (
    [
      ['POST', '/v1/search', search],
      ['POST', '/v1/pages', createPage],
      ['GET', '/v1/pages/:id', retrievePage],
      ['PATCH', '/v1/pages/:id', updatePage],
      ['GET', '/v1/databases/:id', retrieveDatabase],
      ['GET', '/v1/data_sources/:id', retrieveDataSource],
      ['POST', '/v1/data_sources/:id/query', queryDataSource],
      ['GET', '/v1/blocks/:id/children', listChildren],
      ['PATCH', '/v1/blocks/:id/children', appendChildren],
      ['GET', '/v1/users/me', usersMe],
      ['GET', '/v1/users', listUsers],
      ['GET', '/v1/users/:id', retrieveUser],
    ] as const
  ).map(([method, path, handler]) => [method, path, started(handler)] as const),
  { params: ID },
)
