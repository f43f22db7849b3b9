import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  CreateProviderSchema,
  ProviderSchema,
  UpdateProviderSchema,
} from '../../core/providers/providers.schema.js'
import type { AppEnv } from '../env.js'
import { DELETED, errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Providers'

/** Provider search (catalog + custom) and the workspace's custom providers: create, get, update, delete. */
export function registerProviderRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { providers } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  registerSearchRoute(app, core, {
    path: '/api/providers/search',
    tag: TAG,
    item: ProviderSchema,
    envelopeName: 'ProviderPage',
    summary: 'Search providers (catalog and custom), ranked by relevance with `query`',
    operationId: 'searchProviders',
    run: (workspaceId, request) => providers.search(workspaceId, request),
  })

  const create = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/providers',
    tags: [TAG],
    summary: 'Create a custom provider',
    description:
      "A provider of this workspace only, searchable beside the catalog. Its id (a slug of the name when omitted) must not be taken by the catalog or another of the workspace's providers (409).",
    operationId: 'createProvider',
    request: { body: { content: { 'application/json': { schema: CreateProviderSchema } }, required: true } },
    responses: { 201: json(ProviderSchema, 'The new provider.'), ...errors(409, 413, 415) },
  })
  app.openapi(create, (c) => c.json(providers.create(ws(c), c.req.valid('json')), 201))

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/providers/{id}',
    tags: [TAG],
    summary: 'Get a provider (catalog or custom)',
    operationId: 'getCustomProvider',
    request: { params: IdParamSchema },
    responses: { 200: json(ProviderSchema, 'The provider.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(providers.get(ws(c), c.req.valid('param').id), 200))

  const update = keyRoute(core, 'secret', [], {
    method: 'patch',
    path: '/api/providers/{id}',
    tags: [TAG],
    summary: 'Update a custom provider',
    description: 'Catalog providers are read-only (403). `null` clears webhooks and docs_url.',
    operationId: 'updateProvider',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateProviderSchema } }, required: true },
    },
    responses: { 200: json(ProviderSchema, 'The updated provider.'), ...errors(404, 413, 415) },
  })
  app.openapi(update, (c) =>
    c.json(providers.update(ws(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/providers/{id}',
    tags: [TAG],
    summary: 'Delete a custom provider',
    description:
      'Catalog providers are read-only (403); a provider still used by a provider config is a 409.',
    operationId: 'deleteProvider',
    request: { params: IdParamSchema },
    responses: { 204: DELETED, ...errors(404, 409) },
  })
  app.openapi(remove, (c) => {
    providers.remove(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
