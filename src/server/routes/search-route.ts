import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { MAX_LIMIT } from '../../core/search/search.limits.js'
import type { SearchPage, SearchRequest } from '../../core/search/search.schema.js'
import {
  type SearchableItemSchema,
  SearchRequestSchema,
  searchEnvelopeSchema,
  searchItemSchema,
} from '../../core/search/search.schema.js'
import type { AppEnv } from '../env.js'
import { emptyJsonBodyIsEmptyObject, rejectReservedKeys } from '../middleware/json-body.js'
import { json, keyRoute } from '../openapi.js'

/** One search: the page, or its promise when it runs on the read thread (db/off-loop-reads.ts). */
type SearchRun = (
  workspaceId: string,
  request: SearchRequest,
) => SearchPage<unknown> | Promise<SearchPage<unknown>>

const registered = new WeakMap<Core, Map<string, SearchRun>>()

function routesOf(core: Core): Map<string, SearchRun> {
  let routes = registered.get(core)
  if (!routes) {
    routes = new Map()
    registered.set(core, routes)
  }
  return routes
}

/** The search endpoints registered for this core, by path: what the search lane (search-fast-lane.ts) may take. */
export const searchRoutesOf = (core: Core): ReadonlyMap<string, SearchRun> => routesOf(core)

/**
 * Registers `POST <path>` as a search endpoint: the shared request body, the shared envelope, a
 * secret key, and one call into the core.
 */
export function registerSearchRoute(
  app: OpenAPIHono<AppEnv>,
  core: Core,
  options: {
    path: string
    tag: string
    /** The whole item schema: the answer's items are partial except the always-selected fields. */
    item: SearchableItemSchema
    envelopeName: string
    summary: string
    operationId: string
    run: SearchRun
  },
) {
  routesOf(core).set(options.path, options.run)
  const route = keyRoute(core, 'secret', [emptyJsonBodyIsEmptyObject(), rejectReservedKeys()], {
    method: 'post',
    path: options.path,
    tags: [options.tag],
    summary: options.summary,
    description: `${options.summary}: the shared search request (filter, sort, fields, cursor or offset paging) and envelope. An empty body (or none) is the first page in the default order. An unknown field, operator or value is a 400 naming it and what is allowed; \`limit\` above ${MAX_LIMIT} is clamped. Other methods on this path answer 405.`,
    operationId: options.operationId,
    request: {
      body: { content: { 'application/json': { schema: SearchRequestSchema } }, required: false },
    },
    responses: {
      200: json(
        searchEnvelopeSchema(searchItemSchema(options.item), options.envelopeName),
        'One page of results.',
      ),
    },
  })
  app.openapi(route, async (c) => {
    const request = c.req.valid('json') as SearchRequest
    return c.json((await options.run(c.get('principal').workspaceId, request)) as never, 200)
  })
}
