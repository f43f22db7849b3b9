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
import { registerApiKeyRoutes } from './routes/api-keys.routes.js'
import { registerEventRoutes } from './routes/events.routes.js'
import { registerMetaRoutes } from './routes/meta.routes.js'
import { registerPendingSearchRoutes } from './routes/pending-search.routes.js'
import { registerProviderConfigRoutes } from './routes/provider-configs.routes.js'

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

  app.use('*', requestId())
  app.use('*', hostCheck())
  for (const path of CORS_PATHS) {
    app.use(path, cors({ origin: '*', credentials: false, maxAge: 600 }))
  }
  app.use('/api/*', limitBody(JSON_BODY_LIMIT))
  app.use('/auth-sessions', limitBody(JSON_BODY_LIMIT))
  app.use('/install-sessions', limitBody(JSON_BODY_LIMIT))

  registerMetaRoutes(app)
  registerApiKeyRoutes(app, deps.core)
  registerProviderConfigRoutes(app, deps.core)
  registerEventRoutes(app, deps.core)
  registerPendingSearchRoutes(app, deps.core)

  app.onError(createErrorHandler(logger))
  app.notFound(createNotFoundHandler(app as never))
  return app
}
export type App = ReturnType<typeof createApp>
