import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { ConnectionSchema, RefreshQuerySchema } from '../../core/connections/connections.schema.js'
import { connectionsSearchable } from '../../core/connections/connections.searchable.js'
import { CredentialsSchema } from '../../core/connections/credentials.js'
import type { Core } from '../../core/core.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute, ProblemSchema, REVOKED } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Connections'

/** Connections: search, get, refresh, revoke. Tokens never leave the gateway. */
export function registerConnectionRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { connections, search } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  registerSearchRoute(app, core, {
    path: '/api/connections/search',
    tag: TAG,
    item: ConnectionSchema,
    envelopeName: 'ConnectionPage',
    summary: 'Search connections',
    operationId: 'searchConnections',
    run: (workspaceId, request) => search.searchForRequest(connectionsSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/connections/{id}',
    tags: [TAG],
    summary: 'Get a connection',
    operationId: 'getConnection',
    request: { params: IdParamSchema },
    responses: { 200: json(ConnectionSchema, 'The connection (never its tokens).'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(connections.get(ws(c), c.req.valid('param').id), 200))

  const refresh = keyRoute(core, 'secret', [], {
    method: 'post',
    path: '/api/connections/{id}/refresh',
    tags: [TAG],
    summary: 'Refresh the access token',
    description:
      'Uses the refresh token. If the provider refuses it, the connection moves to needs_reauth (answered with 200 and the new status); re-authorize through an auth session with connection_id.',
    operationId: 'refreshConnection',
    request: { params: IdParamSchema, query: RefreshQuerySchema },
    responses: {
      200: json(ConnectionSchema, 'The connection after the attempt: active (refreshed) or needs_reauth.'),
      ...errors(404, 409),
      502: {
        description:
          'The provider could not be reached or failed; the connection is unchanged (`upstream_error`).',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      },
    },
  })
  app.openapi(refresh, async (c) =>
    c.json(
      await connections.refresh(ws(c), c.req.valid('param').id, {
        origin: new URL(c.req.url).origin,
        simulate: c.req.valid('query').simulate,
      }),
      200,
    ),
  )

  const credentials = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/connections/{id}/credentials',
    tags: [TAG],
    summary: "Get a connection's access token",
    description:
      'For your backend: the access token, its type, expiry and scopes. When it has expired or expires within 60 s and there is a refresh token, it is refreshed first (one refresh at a time per connection, however many calls wait for it); `force_refresh=true` refreshes regardless. A refused refresh moves the connection to needs_reauth (409 `needs_reauth`); a revoked connection is a 409 `connection_revoked`. Tokens never appear in logs, events or exports.',
    operationId: 'getConnectionCredentials',
    request: {
      params: IdParamSchema,
      query: z.object({
        // A query string carries text: `true`/`false` are taken and turned into a boolean.
        force_refresh: z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .optional()
          .openapi({
            type: 'boolean',
            description: 'Refresh the token first even when it is not about to expire (`true` or `false`).',
          }),
      }),
    },
    responses: {
      200: json(CredentialsSchema, 'The credentials.'),
      ...errors(404, 409),
      502: {
        description:
          'A refresh was due and the provider could not be reached (`upstream_error`); nothing changed.',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      },
    },
  })
  app.openapi(credentials, async (c) =>
    c.json(
      await core.credentials.get(ws(c), c.req.valid('param').id, {
        origin: new URL(c.req.url).origin,
        forceRefresh: c.req.valid('query').force_refresh === true,
        readBy: c.get('principal').keyId,
      }),
      200,
      // A token must not linger in a browser or proxy cache.
      { 'cache-control': 'no-store' },
    ),
  )

  const revoke = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/connections/{id}',
    tags: [TAG],
    summary: 'Revoke a connection (permanent; its tokens are erased)',
    operationId: 'revokeConnection',
    request: { params: IdParamSchema },
    responses: { 204: REVOKED, ...errors(404) },
  })
  app.openapi(revoke, (c) => {
    connections.revoke(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
