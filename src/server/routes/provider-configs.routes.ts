import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  CreateProviderConfigSchema,
  ProviderConfigSchema,
  UpdateProviderConfigSchema,
} from '../../core/provider-configs/provider-configs.schema.js'
import { providerConfigsSearchable } from '../../core/provider-configs/provider-configs.searchable.js'
import type { AppEnv } from '../env.js'
import { DELETED, errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Provider configs'

/** Provider configs: create, get, update, delete, search. Secrets go in, never come out. */
export function registerProviderConfigRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { providerConfigs, search } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  const create = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/provider-configs',
    tags: [TAG],
    summary: 'Create a provider config',
    operationId: 'createProviderConfig',
    request: {
      body: { content: { 'application/json': { schema: CreateProviderConfigSchema } }, required: true },
    },
    responses: {
      201: json(ProviderConfigSchema, 'The new config (secrets shown only as *_set).'),
      ...errors(413, 415),
    },
  })
  app.openapi(create, (c) => c.json(providerConfigs.create(ws(c), c.req.valid('json')), 201))

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/provider-configs/{id}',
    tags: [TAG],
    summary: 'Get a provider config',
    operationId: 'getProviderConfig',
    request: { params: IdParamSchema },
    responses: { 200: json(ProviderConfigSchema, 'The config.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(providerConfigs.get(ws(c), c.req.valid('param').id), 200))

  const update = keyRoute(core, 'secret', [], {
    method: 'patch',
    path: '/api/provider-configs/{id}',
    tags: [TAG],
    summary: 'Update a provider config (null clears a field)',
    operationId: 'updateProviderConfig',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateProviderConfigSchema } }, required: true },
    },
    responses: { 200: json(ProviderConfigSchema, 'The updated config.'), ...errors(404, 413, 415) },
  })
  app.openapi(update, (c) =>
    c.json(providerConfigs.update(ws(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/provider-configs/{id}',
    tags: [TAG],
    summary: 'Delete a provider config',
    operationId: 'deleteProviderConfig',
    request: { params: IdParamSchema },
    responses: { 204: DELETED, ...errors(404) },
  })
  app.openapi(remove, (c) => {
    providerConfigs.remove(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  registerSearchRoute(app, core, {
    path: '/api/provider-configs/search',
    tag: TAG,
    item: ProviderConfigSchema,
    envelopeName: 'ProviderConfigPage',
    summary: 'Search provider configs',
    operationId: 'searchProviderConfigs',
    run: (workspaceId, request) => search.searchForRequest(providerConfigsSearchable, workspaceId, request),
  })
}
