import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import {
  ConnectQuerySchema,
  CreateAuthSessionSchema,
  CreateInstallSessionSchema,
  SessionCreatedSchema,
} from '../../core/sessions/sessions.schema.js'
import type { AppEnv } from '../env.js'
import { errors, IdParamSchema, json, keyRoute, ProblemSchema } from '../openapi.js'
import { flowHeaders, flowProblem, flowRedirect } from '../pages/flow-response.js'

const TAG = 'Sessions'
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema }, 'text/html': { schema: z.string() } },
})

/** POST /auth-sessions, POST /install-sessions (publishable or secret key) and GET /connect/{id} (the session URL). */
export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { sessions } = core
  const origin = (url: string) => new URL(url).origin

  const createAuth = keyRoute(core, 'session', [], {
    method: 'post',
    path: '/auth-sessions',
    tags: [TAG],
    summary: 'Create an OAuth auth session (publishable or secret key)',
    description:
      "Real mode when the provider config has client credentials (OAuth 2.0 code flow with PKCE S256), else the built-in simulator. The session lives 15 minutes and is used once. In real mode, `params` that choose the provider's host (a whole-host placeholder such as mattermost's `{instance}`, not a subdomain of a fixed domain such as Shopify's `{shop}`) need a secret key: 403 `forbidden` for a publishable key.",
    operationId: 'createAuthSession',
    request: {
      body: { content: { 'application/json': { schema: CreateAuthSessionSchema } }, required: true },
    },
    responses: {
      201: json(SessionCreatedSchema, 'Open `url` in a browser to start the flow.'),
      ...errors(409, 413, 415),
    },
  })
  app.openapi(createAuth, (c) =>
    c.json(
      sessions.create(
        c.get('principal').workspaceId,
        'auth',
        c.req.valid('json'),
        origin(c.req.url),
        c.get('principal').role,
      ),
      201,
    ),
  )

  const createInstall = keyRoute(core, 'session', [], {
    method: 'post',
    path: '/install-sessions',
    tags: [TAG],
    summary: 'Create an install session (publishable or secret key)',
    description:
      'An app-installation flow: the provider returns an installation id to the callback, which creates an installation. Real mode needs a provider with app_install auth and a config with client credentials.',
    operationId: 'createInstallSession',
    request: {
      body: { content: { 'application/json': { schema: CreateInstallSessionSchema } }, required: true },
    },
    responses: {
      201: json(SessionCreatedSchema, 'Open `url` in a browser to start the flow.'),
      ...errors(413, 415),
    },
  })
  app.openapi(createInstall, (c) =>
    c.json(
      sessions.create(
        c.get('principal').workspaceId,
        'install',
        c.req.valid('json'),
        origin(c.req.url),
        c.get('principal').role,
      ),
      201,
    ),
  )

  app.use('/connect/*', flowHeaders())
  const connect = createRoute({
    method: 'get',
    path: '/connect/{id}',
    tags: [TAG],
    summary: 'Start a session (the session URL; opened in a browser)',
    operationId: 'startSession',
    request: { params: IdParamSchema, query: ConnectQuerySchema },
    responses: {
      302: { description: "Redirect to the provider's authorization or install page, or to the simulator." },
      400: problem('Invalid `simulate` value, or `simulate` on a real-mode session.'),
      404: problem('No such session.'),
      409: problem('The session has already been used.'),
      410: problem('The session expired (`session_expired`).'),
    },
  })
  app.openapi(connect, async (c) => {
    try {
      return flowRedirect(
        await sessions.start(c.req.valid('param').id, c.req.valid('query').simulate),
      ) as never
    } catch (err) {
      return flowProblem(err, c.req.header('accept'), c.req.path) as never
    }
  })
}
