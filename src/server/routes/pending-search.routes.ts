import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import type { AppEnv } from '../env.js'
import { registerSearchRoute } from './search-route.js'

/**
 * Search endpoints whose resources arrive in later work: they already validate the shared
 * request and answer the shared envelope (empty), so clients and SDKs can be written against them.
 */
const PENDING = [
  { path: '/api/providers/search', tag: 'Providers', op: 'searchProviders', name: 'ProviderPage' },
  {
    path: '/api/provider-configs/search',
    tag: 'Provider configs',
    op: 'searchProviderConfigs',
    name: 'ProviderConfigPage',
  },
  {
    path: '/api/installations/search',
    tag: 'Installations',
    op: 'searchInstallations',
    name: 'InstallationPage',
  },
  { path: '/api/connections/search', tag: 'Connections', op: 'searchConnections', name: 'ConnectionPage' },
] as const

export function registerPendingSearchRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  for (const p of PENDING) {
    registerSearchRoute(app, core, {
      path: p.path,
      tag: p.tag,
      item: z.object({ id: z.string() }),
      envelopeName: p.name,
      summary: `Search ${p.tag.toLowerCase()}`,
      operationId: p.op,
      run: (_workspaceId, request) => ({
        data: [],
        has_more: false,
        limit: Math.min(request.limit ?? 50, 200),
      }),
    })
  }
}
