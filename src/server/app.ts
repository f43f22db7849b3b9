import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { Core } from '../core/core.js'
import type { AppEnv } from './env.js'
import { JSON_BODY_LIMIT, limitBody } from './middleware/body-limit.js'
import { hostCheck } from './middleware/host-check.js'
import { createLiteralPathGuard, notFound, rejectOtherMethods } from './middleware/not-found.js'
import { rejectMalformedEncoding } from './middleware/percent-encoding.js'
import { createErrorHandler } from './middleware/problem.js'
import { requestId } from './middleware/request-id.js'
import { validationHook } from './middleware/validation.js'
import { registerHealth } from './routes/health.js'
import { OPENAPI_DOCUMENT_PATH } from './routes/openapi-docs.routes.js'
import { CASSETTE_BODY_LIMIT, CASSETTE_IMPORT_PATH } from './routes/recordings.routes.js'

export interface AppDeps {
  core: Core
  logger?: Pick<Console, 'error' | 'warn' | 'info'>
}

/** Paths a browser on another origin may call (never with credentials). */
export const CORS_PATHS = ['/providers', '/providers/*', '/auth-sessions', '/install-sessions']

type App = OpenAPIHono<AppEnv>
type RegisterRoutes = (app: App, core: Core) => void

/**
 * The API's route groups, in registration order, after the webhook capture and /health. Each
 * module is loaded when an app is assembled (the bundler turns these imports into lazy module
 * initialisers, no separate files): see staged-start.ts.
 */
const ROUTE_GROUPS: ReadonlyArray<() => Promise<RegisterRoutes>> = [
  async () => (await import('./routes/docs.routes.js')).registerDocsRoutes,
  async () => (await import('./routes/api-keys.routes.js')).registerApiKeyRoutes,
  async () => (await import('./routes/catalog.routes.js')).registerCatalogRoutes,
  async () => (await import('./routes/providers.routes.js')).registerProviderRoutes,
  async () => (await import('./routes/openapi-docs.routes.js')).registerOpenApiDocRoutes,
  async () => (await import('./routes/provider-configs.routes.js')).registerProviderConfigRoutes,
  async () => (await import('./routes/reset.routes.js')).registerResetRoutes,
  async () => (await import('./routes/trigger.routes.js')).registerTriggerRoutes,
  async () => (await import('./routes/events-wait.routes.js')).registerEventWaitRoutes,
  async () => (await import('./routes/events.routes.js')).registerEventRoutes,
  async () => (await import('./routes/webhook-endpoints.routes.js')).registerWebhookEndpointRoutes,
  async () => (await import('./routes/sessions.routes.js')).registerSessionRoutes,
  async () => (await import('./routes/oauth.routes.js')).registerOAuthRoutes,
  async () => (await import('./routes/simulator.routes.js')).registerSimulatorRoutes,
  async () => (await import('./routes/sync.routes.js')).registerSyncRoutes,
  async () => (await import('./routes/connections.routes.js')).registerConnectionRoutes,
  async () => (await import('./routes/faults.routes.js')).registerFaultRoutes,
  async () => (await import('./routes/installations.routes.js')).registerInstallationRoutes,
  async () => (await import('./routes/recordings.routes.js')).registerRecordingRoutes,
  async () => (await import('./routes/mock-routes.routes.js')).registerMockRouteRoutes,
  async () => (await import('./routes/proxy.routes.js')).registerProxyRoutes,
  async () => (await import('./routes/admin.routes.js')).registerAdminRoutes,
  async () => (await import('./routes/workspace.routes.js')).registerWorkspaceRoutes,
  // Last: the UI's paths never shadow the API's.
  async () => {
    const { registerUiRoutes } = await import('./routes/ui.routes.js')
    return (app) => registerUiRoutes(app)
  },
]

/** The app-wide middleware, in order: request id, Host check, 405s, CORS on the public paths, body limits. */
function applyMiddleware(app: App) {
  app.use('*', requestId())
  app.use('*', hostCheck())
  app.use('*', rejectOtherMethods(app))
  app.use('*', createLiteralPathGuard(app as never))
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
  const jsonLimit = limitBody(JSON_BODY_LIMIT)
  // Cassettes carry whole recorded bodies, OpenAPI documents run to megabytes: their routes set
  // their own, larger limits.
  const ownLimit = (path: string) => path === CASSETTE_IMPORT_PATH || OPENAPI_DOCUMENT_PATH.test(path)
  app.use('/api/*', (c, next) => (ownLimit(c.req.path) ? next() : jsonLimit(c, next)))
  app.use(CASSETTE_IMPORT_PATH, limitBody(CASSETTE_BODY_LIMIT))
  app.use('/auth-sessions', limitBody(JSON_BODY_LIMIT))
  app.use('/install-sessions', limitBody(JSON_BODY_LIMIT))
}

/**
 * Each request sees what other connections committed before it (Core.freshReads). Over HTTP the
 * memos look again at each turn of the event loop, and a request's bytes arrive after whatever was
 * committed before it was sent, so only a request made in process (`app.request`, no socket) asks.
 */
const freshReads =
  (core: Core): MiddlewareHandler =>
  (c, next) => {
    if (!(c.env as { incoming?: unknown } | undefined)?.incoming) core.freshReads()
    return next()
  }

/** Error and not-found handling. */
function finish(app: App, deps: AppDeps): App {
  app.onError(createErrorHandler(deps.logger ?? console, deps.core.disk.classify))
  app.notFound(notFound)
  return app
}

const newApp = (): App => new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never })

/**
 * Builds the whole HTTP app on the given core. No listening, no process state: tests call
 * `app.request()`. `between` is awaited before each route group (see staged-start.ts).
 */
export async function createApp(deps: AppDeps, between?: () => Promise<void>): Promise<App> {
  const app = newApp()
  app.use('*', freshReads(deps.core))
  app.use('*', rejectMalformedEncoding())
  // First, before any app-wide middleware: webhook capture is the hot path and needs none of it.
  const { registerWebhookCapture } = await import('./routes/webhook-capture.routes.js')
  registerWebhookCapture(app, deps.core)
  applyMiddleware(app)
  registerHealth(app, deps.core)
  for (const group of ROUTE_GROUPS) {
    await between?.()
    ;(await group())(app, deps.core)
  }
  return finish(app, deps)
}

/** /health alone, behind the whole app's middleware, error and not-found handling (see staged-start.ts). */
export function createHealthApp(deps: AppDeps): App {
  const app = newApp()
  app.use('*', freshReads(deps.core))
  app.use('*', rejectMalformedEncoding())
  applyMiddleware(app)
  registerHealth(app, deps.core)
  return finish(app, deps)
}
export type { App }
