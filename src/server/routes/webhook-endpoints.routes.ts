import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../../core/webhook-endpoints/webhook-endpoints.schema.js'
import { webhookEndpointsSearchable } from '../../core/webhook-endpoints/webhook-endpoints.searchable.js'
import type { AppEnv } from '../env.js'
import { DELETED, errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Webhook endpoints'

/**
 * Outbound webhook endpoints: create, get, update, delete, search. Registering them also starts
 * the dispatcher, so only a process that serves the API delivers (CLI commands never do).
 */
export function registerWebhookEndpointRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { webhookEndpoints, search } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId
  core.dispatcher.start()

  const create = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/webhook-endpoints',
    tags: [TAG],
    summary: "Subscribe a URL to the gateway's own events (signed per Standard Webhooks)",
    operationId: 'createWebhookEndpoint',
    request: {
      body: { content: { 'application/json': { schema: CreateWebhookEndpointSchema } }, required: true },
    },
    responses: {
      201: json(WebhookEndpointWithSecretSchema, 'The endpoint, with its signing secret.'),
      ...errors(413, 415),
    },
  })
  app.openapi(create, (c) => c.json(webhookEndpoints.create(ws(c), c.req.valid('json')), 201))

  registerSearchRoute(app, core, {
    path: '/api/webhook-endpoints/search',
    tag: TAG,
    item: WebhookEndpointSchema,
    envelopeName: 'WebhookEndpointPage',
    summary: 'List webhook endpoints (the secret is only on create and get)',
    operationId: 'searchWebhookEndpoints',
    run: (workspaceId, request) => search.searchForRequest(webhookEndpointsSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/webhook-endpoints/{id}',
    tags: [TAG],
    summary: 'Get a webhook endpoint with its signing secret',
    operationId: 'getWebhookEndpoint',
    request: { params: IdParamSchema },
    responses: { 200: json(WebhookEndpointWithSecretSchema, 'The endpoint.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(webhookEndpoints.get(ws(c), c.req.valid('param').id), 200))

  const update = keyRoute(core, 'secret', [], {
    method: 'patch',
    path: '/api/webhook-endpoints/{id}',
    tags: [TAG],
    summary: 'Update a webhook endpoint (`status: active` re-enables one that was disabled)',
    operationId: 'updateWebhookEndpoint',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateWebhookEndpointSchema } }, required: true },
    },
    responses: {
      200: json(WebhookEndpointWithSecretSchema, 'The updated endpoint.'),
      ...errors(404, 413, 415),
    },
  })
  app.openapi(update, (c) =>
    c.json(webhookEndpoints.update(ws(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/webhook-endpoints/{id}',
    tags: [TAG],
    summary: 'Delete a webhook endpoint (its delivery log stays)',
    operationId: 'deleteWebhookEndpoint',
    request: { params: IdParamSchema },
    responses: { 204: DELETED, ...errors(404) },
  })
  app.openapi(remove, (c) => {
    webhookEndpoints.remove(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
