import { randomUUID } from 'node:crypto'
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Core } from '../../core/core.js'
import { pairsOf } from '../../core/proxy/headers.js'
import {
  CaptureResponseSchema,
  type IncomingWebhook,
  WEBHOOK_BODY_LIMIT,
} from '../../core/webhooks/webhooks.schema.js'
import type { AppEnv } from '../env.js'
import { limitBody } from '../middleware/body-limit.js'
import { errors } from '../openapi.js'
import { handedOver } from './handover.js'

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const

/** What @hono/node-server passes as `c.env`: the raw Node request, when served over real HTTP. */
type NodeBindings = { incoming?: { rawHeaders: string[]; url?: string } } | undefined

/** Headers exactly as they arrived (original case, order and duplicates) when the transport has them. */
export function rawHeaders(c: Context<AppEnv>): Array<[string, string]> {
  const raw = (c.env as NodeBindings)?.incoming?.rawHeaders
  return raw ? pairsOf(raw) : [...c.req.raw.headers]
}

/** The request target as sent (path and raw query), before any normalisation. */
export function target(c: Context<AppEnv>): { path: string; query: string } {
  const sent =
    (c.env as NodeBindings)?.incoming?.url ?? new URL(c.req.url).pathname + new URL(c.req.url).search
  const q = sent.indexOf('?')
  return q === -1 ? { path: sent, query: '' } : { path: sent.slice(0, q), query: sent.slice(q + 1) }
}

const CAPTURE_DESCRIPTION =
  'Any content type up to 5 MiB, any Host, no API key. Stores the exact bytes, method, path, query and headers, ' +
  'verifies the signature when the provider config has a `webhook_secret`, and answers only after the event is ' +
  'committed. Provider verification handshakes (Slack url_verification, Zoom, Meta hub.challenge, Dropbox, ' +
  'Microsoft Graph, Asana, Okta, X CRC) get the answer the provider expects instead; Zoom and X tokens, which ' +
  'the gateway signs with the webhook secret, must be 1-256 base64/base64url characters, else 400 and nothing is ' +
  'stored (so a handshake cannot sign a forged body). An unknown provider id is ' +
  'still captured (signature `unverified`). POST is what providers send; GET, PUT, PATCH and DELETE, and ' +
  'sub-paths (`/webhooks/{provider}/anything`), are captured the same way.'

/** The OpenAPI description of one captured method on one path shape. */
function captureDoc(method: (typeof METHODS)[number], subPath: boolean) {
  const verb = method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete' | 'get'
  const title = `${method[0]}${method.slice(1).toLowerCase()}`
  return createRoute({
    method: verb,
    path: subPath ? '/webhooks/{provider}/{path}' : '/webhooks/{provider}',
    tags: ['Webhooks'],
    summary: `Capture an inbound webhook (${method}${subPath ? ', sub-path' : ''})`,
    operationId: `captureWebhook${method === 'POST' ? '' : title}${subPath ? 'SubPath' : ''}`,
    description: CAPTURE_DESCRIPTION,
    request: {
      params: z.object({
        provider: z.string().openapi({ param: { name: 'provider', in: 'path' }, example: 'github' }),
        ...(subPath && {
          path: z.string().openapi({ param: { name: 'path', in: 'path' }, description: 'Any further path.' }),
        }),
      }),
      query: z.object({
        workspace: z.string().optional().openapi({ description: 'Workspace name (default `default`).' }),
        tenant_id: z.string().optional().openapi({ description: 'Attributes the capture to a tenant.' }),
        connection_id: z.string().optional(),
        installation_id: z.string().optional(),
      }),
      ...(method !== 'GET' && {
        body: { content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } }, required: false },
      }),
    },
    responses: {
      200: {
        description: 'Stored and committed (`{id}`); or the handshake answer the provider expects.',
        content: {
          'application/json': { schema: CaptureResponseSchema },
          'text/plain': {
            schema: z.string().openapi({ description: 'An echoed challenge (Meta, Dropbox, Graph).' }),
          },
        },
        headers: { 'Switchyard-Event-Id': { schema: { type: 'string' }, description: 'The stored event.' } },
      },
      ...errors(400, 404, 413),
    },
  })
}

/**
 * Stores one request to a webhook URL, its body read: the workspace its query names (404 when
 * unknown), then the capture (webhooks.service.ts). Looked up after the body, in one synchronous
 * stretch. An unknown workspace rejects like any other refusal (never throws). Not an async
 * function: handing on ingest's own promise saves the answer two turns of the microtask queue, which
 * every capture of a group commit would wait for before the first answer goes out.
 */
export function captureOne(
  core: Core,
  request: Omit<IncomingWebhook, 'workspaceId'>,
): ReturnType<Core['webhooks']['ingest']> {
  let workspaceId: string
  try {
    workspaceId = core.webhooks.workspaceFor(new URLSearchParams(request.query).get('workspace') ?? undefined)
  } catch (err) {
    return Promise.reject(err)
  }
  return core.webhooks.ingest({ workspaceId, ...request })
}

/**
 * Inbound webhooks: public, any Host, not rate limited. Registered before the app-wide middleware
 * (see createApp), so a capture skips what it does not need; it sets its own Request-Id, in a plain
 * header list that @hono/node-server writes without building a Headers object (the hot path).
 */
export function registerWebhookCapture(app: OpenAPIHono<AppEnv>, core: Core) {
  for (const method of METHODS) {
    for (const subPath of [false, true]) app.openAPIRegistry.registerPath(captureDoc(method, subPath))
  }
  const bodyLimit = limitBody(WEBHOOK_BODY_LIMIT)
  const requestIdOnErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('requestId', randomUUID())
    await next()
    if (c.error || c.res.status >= 400) c.res.headers.set('request-id', c.get('requestId'))
  }

  const capture = async (c: Context<AppEnv>) => {
    const { path, query } = target(c)
    const { event, reply } = await (handedOver(c.env, 'captured')?.captured() ??
      captureOne(core, {
        provider: c.req.param('provider') ?? '',
        method: c.req.method,
        path,
        query,
        headers: rawHeaders(c),
        body: Buffer.from(await c.req.arrayBuffer()),
      }))
    const ids = { 'switchyard-event-id': event.id, 'request-id': c.get('requestId') }
    if (reply) {
      return new Response(reply.body, { status: reply.status, headers: { ...reply.headers, ...ids } })
    }
    return new Response(JSON.stringify({ id: event.id }), {
      status: 200,
      headers: { 'content-type': 'application/json', ...ids },
    })
  }
  for (const path of ['/webhooks/:provider', '/webhooks/:provider/*']) {
    app.on([...METHODS], path, requestIdOnErrors, bodyLimit, capture)
  }
}
