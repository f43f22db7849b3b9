import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { InstallationSchema } from '../../core/installations/installations.schema.js'
import { installationsSearchable } from '../../core/installations/installations.searchable.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute, REVOKED } from '../openapi.js'
import { registerSearchRoute } from './search-route.js'

const TAG = 'Installations'

/** Installations: search, get, revoke. */
export function registerInstallationRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { installations, search } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  registerSearchRoute(app, core, {
    path: '/api/installations/search',
    tag: TAG,
    item: InstallationSchema,
    envelopeName: 'InstallationPage',
    summary: 'Search installations',
    operationId: 'searchInstallations',
    run: (workspaceId, request) => search.searchForRequest(installationsSearchable, workspaceId, request),
  })

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/installations/{id}',
    tags: [TAG],
    summary: 'Get an installation',
    operationId: 'getInstallation',
    request: { params: IdParamSchema },
    responses: { 200: json(InstallationSchema, 'The installation.'), ...errors(404) },
  })
  app.openapi(get, (c) => c.json(installations.get(ws(c), c.req.valid('param').id), 200))

  const revoke = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/installations/{id}',
    tags: [TAG],
    summary: 'Revoke (uninstall) an installation, permanently',
    operationId: 'revokeInstallation',
    request: { params: IdParamSchema },
    responses: { 204: REVOKED, ...errors(404) },
  })
  app.openapi(revoke, (c) => {
    installations.revoke(ws(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
