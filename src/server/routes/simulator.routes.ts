import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import { AuthorizeQuerySchema, InstallQuerySchema } from '../../core/simulator/simulator.schema.js'
import type { AppEnv } from '../env.js'
import { limitBody } from '../middleware/body-limit.js'
import { errors, ProblemSchema } from '../openapi.js'
import { consentPage } from '../pages/consent.page.js'
import { flowHeaders, flowProblem, flowRedirect } from '../pages/flow-response.js'

const TAG = 'Simulator'
const ProviderParamSchema = z.object({
  provider: z
    .string()
    .min(1)
    .max(63)
    .openapi({ param: { name: 'provider', in: 'path' } }),
})
const PROBLEM = {
  description: 'A request the simulator will not redirect back (unknown client, provider or redirect_uri).',
  content: { 'application/problem+json': { schema: ProblemSchema }, 'text/html': { schema: z.string() } },
}
const PAGE_RESPONSES = {
  200: { description: 'The simulated screen.', content: { 'text/html': { schema: z.string() } } },
  302: { description: 'Back to redirect_uri: the decision (simulate=…), or an OAuth error.' },
  400: PROBLEM,
  404: PROBLEM,
}

/** This request's URL with `simulate=<decision>`: the consent screen's three choices. */
const decisionLinks = (url: string) => {
  const link = (decision: string) => {
    const u = new URL(url)
    u.searchParams.set('simulate', decision)
    return `${u.pathname}${u.search}`
  }
  return { approve: link('approve'), deny: link('deny'), error: link('error') }
}

/** The provider simulator: consent and install screens and a token endpoint, served by the gateway. */
export function registerSimulatorRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { simulator } = core
  app.use('/simulator/*', flowHeaders())
  app.use('/simulator/*', limitBody(64 * 1024))
  const originOf = (url: string) => new URL(url).origin
  const respond = (
    c: { req: { header(n: string): string | undefined; path: string } },
    work: () => Response,
  ) => {
    try {
      return work() as never
    } catch (err) {
      return flowProblem(err, c.req.header('accept'), c.req.path) as never
    }
  }

  const authorize = createRoute({
    method: 'get',
    path: '/simulator/{provider}/authorize',
    tags: [TAG],
    summary: 'Simulated consent screen (the authorization endpoint)',
    description:
      'An OAuth 2.0 authorization endpoint that requires PKCE S256. Shows the consent screen, or decides at once with simulate=approve|deny|error.',
    operationId: 'simulatorAuthorize',
    request: { params: ProviderParamSchema, query: AuthorizeQuerySchema },
    responses: PAGE_RESPONSES,
  })
  app.openapi(authorize, (c) =>
    respond(c, () => {
      const query = c.req.valid('query')
      const checked = simulator.checkAuthorize(c.req.valid('param').provider, query, originOf(c.req.url))
      if (!checked.ok) return flowRedirect(checked.redirect)
      const { request } = checked
      if (query.simulate) return flowRedirect(simulator.decideAuthorize(request, query.simulate))
      return consentPage({
        kind: 'auth',
        provider: request.provider,
        workspaceName: request.workspace.name,
        tenant: request.tenant,
        scopes: request.scopes,
        decide: decisionLinks(c.req.url),
      })
    }),
  )

  const install = createRoute({
    method: 'get',
    path: '/simulator/{provider}/install',
    tags: [TAG],
    summary: 'Simulated app installation screen',
    description:
      'Returns an installation_id to the callback, or decides at once with simulate=approve|deny|error.',
    operationId: 'simulatorInstall',
    request: { params: ProviderParamSchema, query: InstallQuerySchema },
    responses: PAGE_RESPONSES,
  })
  app.openapi(install, (c) =>
    respond(c, () => {
      const query = c.req.valid('query')
      const request = simulator.checkInstall(c.req.valid('param').provider, query, originOf(c.req.url))
      if (query.simulate) return flowRedirect(simulator.decideInstall(request, query.simulate))
      return consentPage({
        kind: 'install',
        provider: request.provider,
        workspaceName: request.workspace.name,
        tenant: request.tenant,
        scopes: [],
        decide: decisionLinks(c.req.url),
      })
    }),
  )

  const token = createRoute({
    method: 'post',
    path: '/simulator/{provider}/token',
    tags: [TAG],
    summary: 'Simulated token endpoint (authorization_code with PKCE S256, refresh_token)',
    operationId: 'simulatorToken',
    request: { params: ProviderParamSchema },
    responses: {
      200: {
        description: 'Tokens (RFC 6749 section 5.1).',
        content: {
          'application/json': {
            schema: z.object({
              access_token: z.string(),
              token_type: z.string(),
              expires_in: z.number(),
              refresh_token: z.string(),
              scope: z.string().optional(),
            }),
          },
        },
      },
      400: {
        description: 'OAuth error (RFC 6749 section 5.2).',
        content: {
          'application/json': { schema: z.object({ error: z.string(), error_description: z.string() }) },
        },
      },
      ...errors(413),
    },
  })
  app.openapi(token, async (c) => (await simulator.token(c.req.raw)) as never)
}
