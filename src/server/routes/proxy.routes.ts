import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Principal } from '../../core/auth/authenticate.js'
import type { Core } from '../../core/core.js'
import { AppError } from '../../core/errors.js'
import { PROXY_BODY_LIMIT, RECORDING_BODY_CAP } from '../../core/proxy/proxy.service.js'
import { UPSTREAM_TIMEOUT_MS } from '../../core/proxy/upstream.js'
import type { AppEnv } from '../env.js'
import { WORKSPACE_HEADER } from '../middleware/auth.js'
import { limitBody } from '../middleware/body-limit.js'
import { countRequest, setRateLimitHeaders } from '../middleware/rate-limit.js'
import { ERROR_RESPONSES, errors, RateLimitHeadersSchema, SECURITY } from '../openapi.js'
import { handedOver } from './handover.js'
import { PROXY_PREFIX, proxyKeyOf } from './proxy-key.js'
import { rawHeaders, target } from './webhook-capture.routes.js'

const TAG = 'Proxy'
const MIB = 1024 * 1024

/** Who a proxied call acts as: the key it carries (see proxyKeyOf), checked like any API key. */
function callerOf(core: Core, c: Context<AppEnv>): Principal {
  const token = proxyKeyOf((name) => c.req.header(name))
  if (!token) {
    throw new AppError(
      'unauthorized',
      'Send a secret key as Authorization: Bearer sk_… (or: token sk_…) to use the proxy.',
      { headers: { 'www-authenticate': 'Bearer realm="switchyard"' } },
    )
  }
  return core.auth.authenticate(token, c.req.header(WORKSPACE_HEADER))
}

/**
 * Authenticates like every API route (a secret key; counted against the workspace's rate limit),
 * but also takes the `token` scheme, so a provider SDK pointed at the proxy can send the key as its
 * own token. The RateLimit fields are added to every answer, except where the provider's answer
 * already has a field of that name. A call the fast lane began comes with its caller and count.
 */
const proxyKey =
  (core: Core): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const handover = handedOver(c.env, 'answered')
    const principal = handover?.principal ?? callerOf(core, c)
    // Known before the rate and role checks, so their refusals can speak the connection's dialect.
    c.set('principal', principal)
    const headers = handover ? handover.counted() : countRequest(core, principal)
    if (principal.role !== 'secret') {
      throw new AppError(
        'forbidden',
        'The proxy needs a secret key (sk_…); publishable keys may only create auth sessions and install sessions.',
        headers && { headers },
      )
    }
    await next()
    // On a provider's answer, a RateLimit field the provider sent itself is left as it is.
    const own = c.res.headers.has('switchyard-proxy-mode') ? c.res.headers : undefined
    setRateLimitHeaders(
      c,
      headers && Object.fromEntries(Object.entries(headers).filter(([name]) => !own?.has(name))),
    )
  }

/**
 * Rewrites an error the gateway itself raised on this route (not a provider's answer) from
 * problem+json into the provider's dialect, when one is known for the caller (gateway-errors.ts):
 * a secret key's own connection, else the official SDK its User-Agent names.
 */
const inProviderDialect =
  (core: Core): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next()
    if (!c.error || !c.res.headers.get('content-type')?.startsWith('application/problem+json')) return
    const principal = c.get('principal') as Principal | undefined
    const answer = core.gatewayErrors.render(await c.res.clone().json(), {
      workspaceId: principal?.role === 'secret' ? principal.workspaceId : undefined,
      connectionId: c.req.param('connection_id') ?? '',
      userAgent: c.req.header('user-agent'),
    })
    // Hono keeps the problem's other headers (Retry-After, RateLimit, Switchyard-Proxy-Mode).
    if (answer) c.res = new Response(answer.body, { status: answer.status, headers: answer.headers })
  }

const DESCRIPTION = `Calls the connection's provider API: \`{api_base_url}{path}\` with the same method, raw query string, body bytes and headers, except hop-by-hop headers, \`Host\`, \`Authorization\` and \`Switchyard-*\`, which are dropped; the connection's token is added as \`Authorization: Bearer <token>\` (refreshed first when it expires within 60 s). Any method works (HEAD and OPTIONS too); \`{path}\` may hold slashes.

The answer is the provider's status, headers (hop-by-hop removed) and body bytes, streamed, plus \`Switchyard-Proxy-Mode\`: \`live\` (the provider answered), \`replay\` (a recording answered), \`mock\` (a mock route of the workspace answered) or \`simulated\`. A provider 401 gets one token refresh and one retry when the connection has a refresh token.

Request bodies up to ${PROXY_BODY_LIMIT / MIB} MiB are passed byte-exact (binary included; 413 above); responses of any size stream. The provider may stay idle ${UPSTREAM_TIMEOUT_MS / 1000} s: before its headers that is a 504 \`upstream_timeout\`, in the middle of a body the stream is cut. Unreachable providers are a 502 \`upstream_error\` naming the cause.

Modes: simulated connections never touch the network (the workspace's mock routes answer first, then the built-in simulation, then recordings, else 501 \`simulation_unavailable\`); a real connection follows its provider config's \`proxy_mode\`: \`live\`, \`record\` (live, and each exchange is saved as a recording, credentials redacted; a response body over ${RECORDING_BODY_CAP / MIB} MiB still streams but is not recorded) or \`replay\` (no network: mock routes, then recordings; 404 \`recording_not_found\` when none matches). A simulated connection's faults apply whatever answers. Provider URLs under the connection's API base URL in \`Link\` and \`Location\` are rewritten to \`/proxy/{connection_id}/…\`, so following them stays on the gateway. Every call emits a \`proxy.request\` event (credentials redacted). Authenticate with a secret key as \`Authorization: Bearer sk_…\` or \`Authorization: token sk_…\` (or, without \`Authorization\`, a bare key in the header a provider's SDK sends its token in: \`X-Shopify-Access-Token\`); proxied calls count against the workspace's rate limit.

Errors the gateway itself raises here (the 4xx and 5xx below) are \`application/problem+json\` for a provider without a kit. For GitHub, Slack, HubSpot, Stripe, Linear and Shopify they are written in the provider's own error dialect instead, so its official SDK reads them: GitHub \`{message, documentation_url}\`, Slack HTTP 200 \`{ok: false, error}\` (429 stays 429), HubSpot \`{status: "error", message, category, correlationId}\`, Stripe \`{error: {type, message}}\`, Linear \`{errors: […]}\`, Shopify \`{errors: "…"}\`, each with the whole problem object in a \`switchyard\` member and the problem's headers (\`Retry-After\` …) kept; \`simulation_unavailable\` is then the provider's 404. The dialect is the connection's for a secret key of its workspace; for any other caller, or a connection that does not exist, it is the one whose official SDK the \`User-Agent\` names (else problem+json), never looked up.`

/** An error response of the proxy: problem+json, or the provider's dialect (see DESCRIPTION). */
const orDialect = <R extends { description: string }>(response: R): R => ({
  ...response,
  description: `${response.description} For a provider with a kit: in its error dialect, the problem in a \`switchyard\` member.`,
})

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

function proxyDoc(method: (typeof METHODS)[number]) {
  const verb = `${method[0]!.toUpperCase()}${method.slice(1)}`
  return createRoute({
    method,
    path: '/proxy/{connection_id}/{path}',
    tags: [TAG],
    summary: `Call the provider API through a connection (${method.toUpperCase()})`,
    description: DESCRIPTION,
    operationId: `proxy${verb}`,
    security: SECURITY.secret,
    request: {
      params: z.object({
        connection_id: z
          .string()
          .openapi({ param: { name: 'connection_id', in: 'path' }, example: 'conn_…' }),
        path: z.string().openapi({
          param: { name: 'path', in: 'path' },
          description: "The path under the provider's API base URL (slashes allowed), e.g. `user/repos`.",
        }),
      }),
      ...(method !== 'get' && {
        body: {
          content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } },
          required: false,
        },
      }),
    },
    responses: {
      200: {
        description:
          "The provider's answer, whatever its status (this documents any status the provider gives), headers and body.",
        headers: RateLimitHeadersSchema.extend({
          'Switchyard-Proxy-Mode': z.enum(['live', 'replay', 'simulated', 'mock']).openapi({
            description:
              'What answered: the provider (live), a recording (replay), the simulation, or a mock route (mock).',
          }),
        }),
        content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...Object.fromEntries(
        Object.entries(errors(400, 401, 403, 413, 429)).map(([s, r]) => [s, orDialect(r)]),
      ),
      404: orDialect({
        ...ERROR_RESPONSES[404],
        description:
          'No such connection in this workspace, or (replay mode) no recording matches: `recording_not_found`.',
      }),
      409: orDialect({
        ...ERROR_RESPONSES[409],
        description:
          'The connection cannot be used: `needs_reauth`, `connection_revoked`, or `conflict` (no API base URL for its provider).',
      }),
      501: problemDoc(
        '`simulation_unavailable`: a simulated connection and nothing that answers this call; add a mock route, attach an OpenAPI document to the provider, record it or import a cassette.',
      ),
      502: problemDoc('`upstream_error`: the provider could not be reached (the cause is in `detail`).'),
      504: problemDoc(
        `\`upstream_timeout\`: the provider sent no response headers within ${UPSTREAM_TIMEOUT_MS / 1000} s.`,
      ),
    },
  })
}

function problemDoc(description: string) {
  return {
    description: orDialect({ description }).description,
    content: {
      'application/problem+json': { schema: ERROR_RESPONSES[404].content['application/problem+json'].schema },
    },
  }
}

/** The proxy: `/proxy/{connection_id}/{path}`, any method (see DESCRIPTION). */
export function registerProxyRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  for (const method of METHODS) app.openAPIRegistry.registerPath(proxyDoc(method))
  const auth = proxyKey(core)
  const bodyLimit = limitBody(PROXY_BODY_LIMIT)
  const dialect = inProviderDialect(core)

  const handle = async (c: Context<AppEnv>) => {
    const sent = target(c)
    const rest = sent.path.slice(PROXY_PREFIX.length)
    const slash = rest.indexOf('/')
    const connectionId = decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash))
    const path = slash === -1 ? '' : rest.slice(slash)
    const method = c.req.method
    const body =
      method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await c.req.arrayBuffer())
    const handover = handedOver(c.env, 'answered')
    const answer = await (handover?.answered() ??
      core.proxy.handle({
        workspaceId: c.get('principal').workspaceId,
        connectionId,
        method,
        path,
        query: sent.query,
        headers: rawHeaders(c),
        body,
        origin: new URL(c.req.url).origin,
      }))
    const headers = new Headers()
    for (const [name, value] of answer.headers) headers.append(name, value)
    headers.set('switchyard-proxy-mode', answer.mode)
    return new Response(answer.body as BodyInit | null, { status: answer.status, headers })
  }
  app.all('/proxy/:connection_id', dialect, auth, bodyLimit, handle)
  app.all('/proxy/:connection_id/*', dialect, auth, bodyLimit, handle)
}
