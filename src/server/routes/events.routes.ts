import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { eventsSearchable } from '../../core/events/events.repo.js'
import { EventSchema } from '../../core/events/events.schema.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Events'

/** The event log: search and get. */
export function registerEventRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { events, search } = core

  registerSearchRoute(app, core, {
    path: '/api/events/search',
    tag: TAG,
    item: EventSchema.partial(),
    envelopeName: 'EventPage',
    summary: 'Search events',
    operationId: 'searchEvents',
    run: (workspaceId, request) => search.search(eventsSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/{id}',
    tags: [TAG],
    summary: 'Get an event',
    operationId: 'getEvent',
    request: { params: IdParamSchema },
    responses: { 200: json(EventSchema, 'The event.'), ...errors(404) },
  })
  app.openapi(get, (c) =>
    c.json(events.get(c.get('principal').workspaceId, c.req.valid('param').id) as never, 200),
  )
}
