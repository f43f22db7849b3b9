import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Core } from '../../core/core.js'
import type { CallbackOutcome } from '../../core/oauth/callback.service.js'
import type { AppEnv } from '../env.js'
import { ProblemSchema } from '../openapi.js'
import { flowHeaders, flowProblem, flowRedirect } from '../pages/flow-response.js'
import { resultPage } from '../pages/result.page.js'

const q = (name: string, max: number, description: string) =>
  z
    .string()
    .max(max)
    .optional()
    .openapi({ param: { name, in: 'query' }, description })

/** The parameters a provider sends back (RFC 6749 4.1.2 and 4.1.2.1, plus app installations). */
const CallbackQuerySchema = z.object({
  state: q('state', 512, 'The one-time state the gateway sent.'),
  code: q('code', 8192, 'Authorization code.'),
  error: q('error', 200, 'OAuth error code (e.g. access_denied).'),
  error_description: q('error_description', 2000, 'Human-readable error.'),
  installation_id: q('installation_id', 200, "App installations: the provider's installation id."),
  setup_action: q('setup_action', 50, 'App installations: install or update.'),
  iss: q('iss', 2048, 'RFC 9207 issuer identifier.'),
})

/** Where the browser goes after a flow: the session's redirect_url with the result, or our result page. */
function finish(outcome: CallbackOutcome): Response {
  if (!outcome.redirect_url) {
    return resultPage({
      providerName: outcome.provider_name,
      tenant: outcome.tenant_id,
      result: outcome.result,
    })
  }
  const url = new URL(outcome.redirect_url)
  for (const [name, value] of Object.entries(outcome.result)) url.searchParams.set(name, value)
  return flowRedirect(url.href)
}

/** GET /oauth/callback: where providers (and the simulator) send the browser back. Any Host (tunnels). */
export function registerOAuthRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  app.use('/oauth/callback', flowHeaders())
  const callback = createRoute({
    method: 'get',
    path: '/oauth/callback',
    tags: ['Sessions'],
    summary: 'OAuth callback, handled by the gateway',
    description:
      'Validates the one-time state (unknown, forged, expired or reused → 400 before any token request), exchanges the code with PKCE, creates or re-activates the connection (or the installation) and redirects to the session’s redirect_url with `connection_id` / `installation_id`, or `error` and `error_description`.',
    operationId: 'oauthCallback',
    request: { query: CallbackQuerySchema },
    responses: {
      200: {
        description: 'Result page (the session had no redirect_url).',
        content: { 'text/html': { schema: z.string() } },
      },
      302: { description: 'Back to the redirect_url with the result.' },
      400: {
        description: 'Missing, unknown, forged, expired or reused state (`invalid_state`).',
        content: {
          'application/problem+json': { schema: ProblemSchema },
          'text/html': { schema: z.string() },
        },
      },
    },
  })
  app.openapi(callback, async (c) => {
    try {
      const outcome = await core.oauthCallback.handle(new URL(c.req.url).searchParams)
      return finish(outcome) as never
    } catch (err) {
      return flowProblem(err, c.req.header('accept'), c.req.path) as never
    }
  })
}
