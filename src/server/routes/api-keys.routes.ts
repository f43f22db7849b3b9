import type { OpenAPIHono } from '@hono/zod-openapi'
import { ApiKeySchema, CreateApiKeySchema, CreatedApiKeySchema } from '../../core/api-keys/api-keys.schema.js'
import { apiKeysSearchable } from '../../core/api-keys/api-keys.searchable.js'
import type { Core } from '../../core/core.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute, REVOKED } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

/** POST /api/api-keys, POST /api/api-keys/search, DELETE /api/api-keys/{id}. */
export function registerApiKeyRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { apiKeys, search } = core
  // No operation answers a whole key since DELETE answers 204: name it, so the SDK has its type.
  // A clone: the registry calls `.openapi()`, which core's schemas lack when core loaded first.
  app.openAPIRegistry.register('ApiKey', ApiKeySchema.clone())

  const create = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/api-keys',
    tags: ['API keys'],
    summary: 'Create an API key (the full key is returned once)',
    operationId: 'createApiKey',
    request: { body: { content: { 'application/json': { schema: CreateApiKeySchema } }, required: true } },
    responses: { 201: json(CreatedApiKeySchema, 'The new key, with its full value.'), ...errors(413, 415) },
  })
  app.openapi(create, (c) => c.json(apiKeys.create(c.get('principal').workspaceId, c.req.valid('json')), 201))

  registerSearchRoute(app, core, {
    path: '/api/api-keys/search',
    tag: 'API keys',
    item: ApiKeySchema,
    envelopeName: 'ApiKeyPage',
    summary: 'List API keys (metadata only, never the key)',
    operationId: 'listApiKeys',
    run: (workspaceId, request) => search.searchForRequest(apiKeysSearchable, workspaceId, request),
  })

  const revoke = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/api-keys/{id}',
    tags: ['API keys'],
    summary: 'Revoke an API key (permanent; revoking twice is fine)',
    operationId: 'revokeApiKey',
    request: { params: IdParamSchema },
    responses: { 204: REVOKED, ...errors(404) },
  })
  app.openapi(revoke, (c) => {
    apiKeys.revoke(c.get('principal').workspaceId, c.req.valid('param').id)
    return c.body(null, 204)
  })
}
