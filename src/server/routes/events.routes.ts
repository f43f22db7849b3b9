import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { streamSSE } from 'hono/streaming'
import { describeRef } from '../../core/common/describe-ref.js'
import type { Core } from '../../core/core.js'
import {
  DeliverySchema,
  RecordDeliverySchema,
  ReplaySchema,
} from '../../core/deliveries/deliveries.schema.js'
import { deliveriesSearchable } from '../../core/deliveries/deliveries.searchable.js'
import { AppError } from '../../core/errors.js'
import { CapturedRequestSchema, type EventFilter, EventSchema } from '../../core/events/events.schema.js'
import { eventsSearchable } from '../../core/events/events.searchable.js'
import { exportChunks } from '../../core/events/export-format.js'
import { VERSION } from '../../core/version.js'
import type { AppEnv } from '../env.js'
import { bearerToken, WORKSPACE_HEADER } from '../middleware/auth.js'
import { problemBody } from '../middleware/problem.js'
import { errors, IdParamSchema, json, keyRoute } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Events'
/** A comment line this often keeps proxies and idle timeouts from closing a quiet stream. */
const HEARTBEAT_MS = 15_000
/**
 * A quiet stream re-checks its credential this often (and every batch is checked before it is
 * sent), so a key revoked or a data folder reset, also by another process, ends it within a second.
 * One hash and one indexed read: negligible beside the stream's socket.
 */
const RECHECK_MS = 1_000

const list = (description: string) =>
  z
    .string()
    .max(2000)
    .regex(/^[^,]+(,[^,]+)*$/, 'a comma-separated list')
    .optional()
    .openapi({ description })
const timestamp = z.string().datetime({ offset: true }).optional()

const FilterQuerySchema = z.object({
  provider: list('Provider ids, comma-separated.'),
  type: list('Event types (`webhook.received`, `connection.created`), comma-separated.'),
  provider_event_type: list(
    "The provider's own event types (`push`, `invoice.paid`), comma-separated. Each filter matches only its field, as in search.",
  ),
  signature: z
    .string()
    .regex(/^(valid|invalid|unverified)(,(valid|invalid|unverified))*$/, 'valid, invalid or unverified')
    .optional(),
  source: z
    .string()
    .regex(/^(webhook|gateway|upstream)(,(webhook|gateway|upstream))*$/, 'webhook, gateway or upstream')
    .optional(),
  duplicates: z.enum(['include', 'exclude', 'only']).optional().openapi({
    description:
      'Captures marked `duplicate_of` (a sender message id seen before): `include` (the default), `exclude` them, or `only` them.',
  }),
})

const StreamQuerySchema = FilterQuerySchema.extend({
  last_event_id: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'Resume after this event (like Last-Event-ID).' }),
  access_token: z.string().max(500).optional().openapi({
    description:
      'The API key or admin token, for EventSource (which cannot send headers). This endpoint only.',
  }),
  workspace: z.string().max(100).optional().openapi({ description: 'Workspace for the admin token.' }),
})

const ExportQuerySchema = FilterQuerySchema.extend({
  format: z.enum(['ndjson', 'har']).default('ndjson'),
  since: timestamp.openapi({ description: 'created_at at or after (ISO 8601).' }),
  until: timestamp.openapi({ description: 'created_at before (ISO 8601).' }),
})

// An intersection, not `.extend()`: the document draws it as `allOf: [$ref Event, …]` (core's schemas
// carry zod's own `.meta()`, from which zod-to-openapi inlines an extension).
export const EventDetailSchema = EventSchema.and(
  z.object({
    request: describeRef(CapturedRequestSchema.nullable(), 'The captured request; null for domain events.'),
    deliveries: z
      .array(DeliverySchema)
      .openapi({ description: 'Forward, replay and endpoint attempts, oldest first.' }),
  }),
).openapi('EventDetail')

const split = (value: string | undefined) => value?.split(',').map((v) => v.trim())
const toFilter = (
  q: z.infer<typeof FilterQuerySchema> & { since?: string; until?: string },
): EventFilter => ({
  provider: split(q.provider),
  type: split(q.type),
  provider_event_type: split(q.provider_event_type),
  signature: split(q.signature),
  source: split(q.source),
  since: q.since && new Date(q.since).toISOString(),
  until: q.until && new Date(q.until).toISOString(),
  duplicates: q.duplicates === 'include' ? undefined : q.duplicates,
})

/** EventSource cannot send headers: take the credential (and workspace) from the query instead. */
const credentialsFromQuery = (): MiddlewareHandler => async (c, next) => {
  const token = c.req.query('access_token')
  if (token && !c.req.header('authorization')) {
    const headers = new Headers(c.req.raw.headers)
    headers.set('authorization', `Bearer ${token}`)
    const workspace = c.req.query('workspace')
    if (workspace && !headers.has(WORKSPACE_HEADER)) headers.set(WORKSPACE_HEADER, workspace)
    c.req.raw = new Request(c.req.raw, { headers })
  }
  return next()
}

/** The event log: search, live stream, export, get (with the request and deliveries), body, replay. */
export function registerEventRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { events, search, deliveries } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  registerSearchRoute(app, core, {
    path: '/api/events/search',
    tag: TAG,
    item: EventSchema,
    envelopeName: 'EventPage',
    summary: 'Search events',
    operationId: 'searchEvents',
    run: (workspaceId, request) => search.searchForRequest(eventsSearchable, workspaceId, request),
  })

  app.use('/api/events/stream', credentialsFromQuery())
  const stream = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/stream',
    tags: [TAG],
    summary: 'Live stream of committed events (Server-Sent Events)',
    description:
      'Each SSE message has `id` = event id and `data` = the event JSON. Reconnect with `Last-Event-ID` (or ' +
      '`last_event_id`) to receive what was missed first. A `: ping` comment every 15 s keeps it open. ' +
      'The credential is checked again every second and before every batch: once the key is revoked (or ' +
      'the data folder reset, for the admin token) the stream ends with one `event: error` message whose ' +
      'data is the problem document (`code` `api_key_revoked`, `unauthorized`, …).',
    operationId: 'streamEvents',
    request: { query: StreamQuerySchema },
    responses: {
      200: {
        description: 'An endless text/event-stream.',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  })
  app.openapi(stream, (c) => {
    const query = c.req.valid('query')
    const granted = c.get('principal')
    const token = bearerToken(c.req.header('authorization') ?? '')
    const workspaceName = c.req.header(WORKSPACE_HEADER)
    /** The problem that ends the stream, once its credential no longer grants it. */
    const refusal = (): AppError | undefined => {
      try {
        core.auth.recheck(token, workspaceName, granted)
        return undefined
      } catch (err) {
        if (err instanceof AppError) return err
        throw err
      }
    }
    const feed = events.feed(ws(c), toFilter(query), c.req.header('last-event-id') ?? query.last_event_id)
    return streamSSE(c, async (sse) => {
      sse.onAbort(() => feed.close())
      await sse.write(': connected\nretry: 2000\n\n')
      let quiet = 0
      for (;;) {
        const batch = await feed.next(RECHECK_MS)
        if (batch === null || sse.aborted) break
        const refused = refusal()
        if (refused) {
          await sse.writeSSE({ event: 'error', data: JSON.stringify(problemBody(refused, c.req.path)) })
          break
        }
        if (batch.length === 0) {
          quiet += RECHECK_MS
          if (quiet >= HEARTBEAT_MS) {
            quiet = 0
            await sse.write(': ping\n\n')
          }
          continue
        }
        quiet = 0
        for (const event of batch) await sse.writeSSE({ id: event.id, data: JSON.stringify(event) })
      }
      feed.close()
    }) as never
  })

  const exportRoute = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/export',
    tags: [TAG],
    summary: 'Export events as NDJSON (all) or HAR 1.2 (captured webhooks)',
    operationId: 'exportEvents',
    request: { query: ExportQuerySchema },
    responses: {
      200: {
        description: 'The export, streamed in commit order.',
        content: {
          'application/x-ndjson': { schema: z.string() },
          'application/json': { schema: z.string() },
        },
      },
    },
  })
  app.openapi(exportRoute, (c) => {
    const query = c.req.valid('query')
    const chunks = exportChunks(events.exportAll(ws(c), toFilter(query)), query.format, {
      name: 'Switchyard',
      version: VERSION,
    })
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
    })
    const har = query.format === 'har'
    return new Response(body, {
      headers: {
        'content-type': har ? 'application/json' : 'application/x-ndjson',
        'content-disposition': `attachment; filename="switchyard-events.${har ? 'har' : 'ndjson'}"`,
      },
    }) as never
  })

  registerSearchRoute(app, core, {
    path: '/api/deliveries/search',
    tag: TAG,
    item: DeliverySchema,
    envelopeName: 'DeliveryPage',
    summary: 'Search delivery attempts (forwards, replays, outbound endpoints)',
    operationId: 'searchDeliveries',
    run: (workspaceId, request) => search.searchForRequest(deliveriesSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/{id}',
    tags: [TAG],
    summary: 'Get an event with its captured request and delivery attempts',
    operationId: 'getEvent',
    request: { params: IdParamSchema },
    responses: { 200: json(EventDetailSchema, 'The event.'), ...errors(404) },
  })
  app.openapi(get, (c) => {
    const id = c.req.valid('param').id
    const event = events.get(ws(c), id)
    return c.json(
      { ...event, request: events.request(ws(c), id), deliveries: deliveries.forEvent(ws(c), id) } as never,
      200,
    )
  })

  const body = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/events/{id}/body',
    tags: [TAG],
    summary: 'The raw body of a captured webhook, with its original content type',
    operationId: 'getEventBody',
    request: { params: IdParamSchema },
    responses: {
      200: {
        description: 'The exact bytes received.',
        content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errors(404),
    },
  })
  app.openapi(body, (c) => {
    const raw = events.rawRequest(ws(c), c.req.valid('param').id)
    const headers = new Headers({
      // Captured bytes are hostile by default: never let a browser run them on the gateway's origin.
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'content-type': 'application/octet-stream',
    })
    try {
      if (raw.content_type) headers.set('content-type', raw.content_type)
    } catch {
      // A content type the platform refuses to echo stays application/octet-stream.
    }
    return new Response(new Uint8Array(raw.body), { status: 200, headers }) as never
  })

  const replay = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/events/{id}/replay',
    tags: [TAG],
    summary: 'Re-deliver a captured webhook, as captured or with changes (headers, body, a fresh signature)',
    operationId: 'replayEvent',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: ReplaySchema } }, required: false },
    },
    responses: {
      201: json(
        DeliverySchema,
        'The recorded attempt (whatever the target answered). For an edited replay its `event_id` is the new ' +
          '`webhook.replayed` event.',
      ),
      ...errors(404, 409, 413, 415),
    },
  })
  app.openapi(replay, async (c) => {
    const input = (c.req.valid('json') as z.infer<typeof ReplaySchema> | undefined) ?? {}
    return c.json(await deliveries.replay(ws(c), c.req.valid('param').id, input), 201)
  })

  const record = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/events/{id}/deliveries',
    tags: [TAG],
    summary: 'Record a forwarding attempt made outside the gateway (used by `switchyard listen`)',
    operationId: 'recordDelivery',
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: RecordDeliverySchema } }, required: true },
    },
    responses: { 201: json(DeliverySchema, 'The recorded attempt.'), ...errors(404, 413, 415) },
  })
  app.openapi(record, (c) =>
    c.json(deliveries.recordForward(ws(c), c.req.valid('param').id, c.req.valid('json')), 201),
  )
}
