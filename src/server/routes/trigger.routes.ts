import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { EventSchema } from '../../core/events/events.schema.js'
import {
  TriggerSchema,
  TriggerTypesQuerySchema,
  TriggerTypesSchema,
} from '../../core/triggers/triggers.schema.js'
import type { AppEnv } from '../env.js'
import { errors, json, keyRoute } from '../openapi.js'

/** The trigger that sends a realistic sample through the capture path, and the types it knows. */
export function registerTriggerRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const types = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/trigger/types',
    tags: ['Webhooks'],
    summary: 'The event types the trigger has realistic samples for',
    operationId: 'listTriggerTypes',
    request: { query: TriggerTypesQuerySchema },
    responses: { 200: json(TriggerTypesSchema, 'Known types, per provider or scheme.'), ...errors() },
  })
  app.openapi(types, (c) =>
    c.json(core.triggers.types(c.get('principal').workspaceId, c.req.valid('query').provider), 200),
  )

  const trigger = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/events/trigger',
    tags: ['Webhooks'],
    summary: 'Send a realistic, signed sample webhook through the ingest path',
    operationId: 'triggerEvent',
    request: { body: { content: { 'application/json': { schema: TriggerSchema } }, required: true } },
    responses: { 201: json(EventSchema, 'The captured sample event.'), ...errors(413, 415) },
  })
  app.openapi(trigger, async (c) => {
    const host = c.req.header('host') ?? '127.0.0.1'
    return c.json(
      (await core.triggers.trigger(c.get('principal').workspaceId, c.req.valid('json'), host)) as never,
      201,
    )
  })
}
