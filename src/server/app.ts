import { OpenAPIHono } from '@hono/zod-openapi'
import { cors } from 'hono/cors'
import type { Core } from '../core/core.js'
import type { AppEnv } from './env.js'
import { JSON_BODY_LIMIT, limitBody } from './middleware/body-limit.js'
import { hostCheck } from './middleware/host-check.js'
import { createNotFoundHandler } from './middleware/not-found.js'
import { createErrorHandler } from './middleware/problem.js'
import { requestId } from './middleware/request-id.js'
import { validationHook } from './middleware/validation.js'
import { registerAdminRoutes } from './routes/admin.routes.js'
import { registerApiKeyRoutes } from './routes/api-keys.routes.js'
import { registerCatalogRoutes } from './routes/catalog.routes.js'
import { registerConnectionRoutes } from './routes/connections.routes.js'
import { registerDocsRoutes } from './routes/docs.routes.js'
import { registerEventRoutes } from './routes/events.routes.js'
import { registerInstallationRoutes } from './routes/installations.routes.js'
import { registerMetaRoutes } from './routes/meta.routes.js'
import { registerOAuthRoutes } from './routes/oauth.routes.js'
import { registerProviderConfigRoutes } from './routes/provider-configs.routes.js'
import { registerProviderRoutes } from './routes/providers.routes.js'
import { registerResetRoutes } from './routes/reset.routes.js'
import { registerSessionRoutes } from './routes/sessions.routes.js'
import { registerSimulatorRoutes } from './routes/simulator.routes.js'
import { registerSyncRoutes } from './routes/sync.routes.js'
import { registerUiRoutes } from './routes/ui.routes.js'
import { registerWebhookEndpointRoutes } from './routes/webhook-endpoints.routes.js'
import { registerWebhookCapture, registerWebhookRoutes } from './routes/webhooks.routes.js'

export interface AppDeps {
  core: Core
  logger?: Pick<Console, 'error' | 'warn' | 'info'>
}

/** Paths a browser on another origin may call (never with credentials). */
export const CORS_PATHS = ['/providers', '/providers/*', '/auth-sessions', '/install-sessions']

/** Builds the whole HTTP app on the given core. No listening, no process state: tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  const logger = deps.logger ?? console
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never })

  // First, before any app-wide middleware: webhook capture is the hot path and needs none of it.
  registerWebhookCapture(app, deps.core)
  app.use('*', requestId())
  app.use('*', hostCheck())
  for (const path of CORS_PATHS) {
    app.use(
      path,
      cors({
        origin: '*',
        credentials: false,
        maxAge: 600,
        exposeHeaders: ['Retry-After', 'RateLimit', 'RateLimit-Policy', 'Request-Id', 'ETag'],
      }),
    )
  }
  app.use('/api/*', limitBody(JSON_BODY_LIMIT))
  app.use('/auth-sessions', limitBody(JSON_BODY_LIMIT))
  app.use('/install-sessions', limitBody(JSON_BODY_LIMIT))

  registerMetaRoutes(app)
  registerDocsRoutes(app)
  registerApiKeyRoutes(app, deps.core)
  registerCatalogRoutes(app, deps.core)
  registerProviderRoutes(app, deps.core)
  registerProviderConfigRoutes(app, deps.core)
  registerResetRoutes(app, deps.core)
  registerWebhookRoutes(app, deps.core)
  registerEventRoutes(app, deps.core)
  registerWebhookEndpointRoutes(app, deps.core)
  registerSessionRoutes(app, deps.core)
  registerOAuthRoutes(app, deps.core)
  registerSimulatorRoutes(app, deps.core)
  registerSyncRoutes(app, deps.core)
  registerConnectionRoutes(app, deps.core)
  registerInstallationRoutes(app, deps.core)
  registerAdminRoutes(app, deps.core)
  registerUiRoutes(app) // last: the UI's paths never shadow the API's

  app.onError(createErrorHandler(logger))
  app.notFound(createNotFoundHandler(app as never))
  return app
}
export type App = ReturnType<typeof createApp>
