import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from 'zod'
import type { Core } from '../../core/core.js'
import {
  CreateMockRouteSchema,
  MockRouteSchema,
  UpdateMockRouteSchema,
} from '../../core/mock-routes/mock-routes.schema.js'
import { mockRoutesSearchable } from '../../core/mock-routes/mock-routes.searchable.js'
import type { AppEnv } from '../env.js'
import { DELETED, errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Mock routes'

const PRECEDENCE =
  "A simulated connection's proxied call is answered by the workspace's mock routes for its provider first, then the built-in simulation, then recordings (else 501 `simulation_unavailable`); a real connection in `replay` mode asks the mock routes before its recordings too (both are offline and deliberate). Among the enabled routes whose method (or `*`) and path pattern match, the most specific wins: segment by segment a literal beats a `:parameter`, which beats the trailing `*`; then an exact method beats `*`; then the newest. The answer carries `Switchyard-Proxy-Mode: mock`. Faults apply to the built-in simulation only."

const MockRouteListSchema = z
  .object({ data: z.array(MockRouteSchema) })
  .meta({ id: 'MockRouteList', description: 'Mock routes, by provider, path and method.' })

/** Mock routes: create, list, search, get, update, delete. */
export function registerMockRouteRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { mockRoutes } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  const create = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/mock-routes',
    tags: [TAG],
    summary: 'Create a mock route',
    description: `Declares how the proxy answers one method and path pattern of a provider's API, for a provider without a built-in simulation or to script an edge case. A bad path pattern, status, header or template is a 400 naming the field; nothing is stored. A workspace holds at most 1000 (409 \`conflict\` beyond). ${PRECEDENCE}`,
    operationId: 'createMockRoute',
    request: {
      body: { content: { 'application/json': { schema: CreateMockRouteSchema } }, required: true },
    },
    responses: { 201: json(MockRouteSchema, 'The new mock route.'), ...errors(409, 413, 415) },
  })
  app.openapi(create, (c) => c.json(mockRoutes.create(ws(c), c.req.valid('json')), 201))

  const list = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/mock-routes',
    tags: [TAG],
    summary: 'List mock routes',
    description: `Every mock route of the workspace (at most 1000), or of one provider, ordered by provider, path and method. ${PRECEDENCE}`,
    operationId: 'listMockRoutes',
    request: {
      query: z.object({
        provider: z.string().min(1).max(63).optional().meta({ description: 'Only this provider.' }),
      }),
    },
    responses: { 200: json(MockRouteListSchema, 'The mock routes.') },
  })
  app.openapi(list, (c) => c.json({ data: mockRoutes.list(ws(c), c.req.valid('query').provider) }, 200))

  registerSearchRoute(app, core, {
    path: '/api/mock-routes/search',
    tag: TAG,
    item: MockRouteSchema,
    envelopeName: 'MockRoutePage',
    summary: 'Search mock routes',
    operationId: 'searchMockRoutes',
    run: (workspaceId, request) => core.search.searchForRequest(mockRoutesSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/mock-routes/{id}',
    tags: [TAG],
    summary: 'Get a mock route',
    operationId: 'getMockRoute',
    request: { params: IdParamSchema },
    responses: { 200: json(MockRouteSchema, 'The mock route.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(mockRoutes.get(ws(c), c.req.valid('param').id), 200))

  const update = keyRoute(core, 'secret', [], {
    method: 'patch',
    path: '/api/mock-routes/{id}',
    tags: [TAG],
    summary: 'Update a mock route',
    description:
      'Changes the fields sent (`enabled: false` disables it without deleting it). The result is validated whole; a bad field is a 400 and nothing changes.',
    operationId: 'updateMockRoute',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateMockRouteSchema } }, required: true },
    },
    responses: { 200: json(MockRouteSchema, 'The updated mock route.'), ...errors(404, 413, 415) },
  })
  app.openapi(update, (c) =>
    c.json(mockRoutes.update(ws(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/mock-routes/{id}',
    tags: [TAG],
    summary: 'Delete a mock route',
    operationId: 'deleteMockRoute',
    request: { params: IdParamSchema },
    responses: { 204: DELETED, ...errors(404) },
  })
  app.openapi(remove, (c) => {
    mockRoutes.remove(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
