import { createRoute, type RouteConfig, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { Core } from '../core/core.js'
import { ERROR_CODES } from '../core/errors.js'
import type { AppEnv } from './env.js'
import { type Access, requireKey } from './middleware/auth.js'
import { queryNames, rejectUnknownQuery } from './middleware/strict-query.js'

export const ProblemSchema = z
  .object({
    type: z.string().url(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...Array<keyof typeof ERROR_CODES>]),
    instance: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .openapi('Problem', { description: 'RFC 9457 problem details.' })

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
})

/** The draft-ietf-httpapi-ratelimit-headers fields every API-key response carries. */
export const RateLimitHeadersSchema = z.object({
  'RateLimit-Policy': z.string().openapi({
    description:
      'The workspace\'s quota: `"default";q=<requests>;w=60`, at most q requests in any rolling w seconds.',
    example: '"default";q=60;w=60',
  }),
  RateLimit: z.string().openapi({
    description: 'What is left: `"default";r=<remaining>;t=<seconds until the window gives back a request>`.',
    example: '"default";r=59;t=60',
  }),
})

const RateLimitedHeadersSchema = RateLimitHeadersSchema.extend({
  'Retry-After': z
    .number()
    .int()
    .min(1)
    .openapi({ description: 'Whole seconds until a request would be accepted.', example: 12 }),
})

/** The error responses every route may give, by status. */
export const ERROR_RESPONSES = {
  400: problem('Invalid request: malformed JSON or a value that fails validation (`errors` lists each).'),
  401: problem('Missing, malformed, unknown or revoked API key (`api_key_revoked`).'),
  403: problem('Forbidden: a publishable key outside session creation, or a non-loopback Host.'),
  404: problem('Not found.'),
  409: problem('Conflict with the current state.'),
  413: problem('Body too large.'),
  415: problem('Unsupported media type: send JSON.'),
  429: {
    ...problem(
      "Rate limited (`rate_limited`): the workspace's tier allows N requests in any rolling 60 seconds. Wait Retry-After seconds.",
    ),
    headers: RateLimitedHeadersSchema,
  },
} as const

/**
 * The one rule for DELETE (README "API conventions"): 204 with no body once the resource is in its
 * deleted or revoked state, 404 when there is no such resource. Revocations keep the record, so
 * revoking again is 204; a hard delete removes it, so deleting again is 404.
 */
export const DELETED = { description: 'Deleted; no body. Deleting again is a 404 (the resource is gone).' }
export const REVOKED = {
  description: 'Revoked (now or before: revoking again changes nothing and is also 204); no body.',
}

type ErrorStatus = keyof typeof ERROR_RESPONSES
export const errors = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((s) => [s, ERROR_RESPONSES[s]])) as Partial<typeof ERROR_RESPONSES>

/** The credentials of the API, as OpenAPI security schemes (all sent as `Authorization: Bearer …`). */
export const SECURITY_SCHEMES = {
  secretKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A secret API key (`sk_…`): full access to its workspace. Server-side only.',
  },
  publishableKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A publishable API key (`pk_…`): may only create auth sessions and install sessions; safe in client-side code.',
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The local admin token (`adm_…`) of the data folder, used by the Switchyard UI; acts as a secret key of the workspace named by the `Switchyard-Workspace` header (default `default`). Not rate limited.',
  },
} as const

/** Adds the RateLimit fields to every 2xx response of an API-key route, beside its own zod-declared headers. */
function withRateLimitHeaders(responses: RouteConfig['responses']): RouteConfig['responses'] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (!/^2\d\d$/.test(status) || '$ref' in response) return [status, response]
      const own = response.headers
      const headers = !own
        ? RateLimitHeadersSchema
        : own instanceof z.ZodObject
          ? RateLimitHeadersSchema.extend(own.shape)
          : own
      return [status, { ...response, headers }]
    }),
  )
}

/** A route that takes a body answers 413 (over the body limit) and 415 (not JSON) besides its own statuses. */
const bodyErrors = (route: Pick<RouteConfig, 'request'>) => (route.request?.body ? errors(413, 415) : {})

export const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  secret: [{ secretKey: [] }],
  session: [{ publishableKey: [] }, { secretKey: [] }],
  admin: [{ adminToken: [] }],
}

/**
 * Declares a route that needs an API key. The declared `access` is the single source of both
 * the OpenAPI security requirement and the enforcing middleware (the route table drives auth).
 * A query parameter the route does not declare is a 400 (after authentication): keyed routes are
 * the API and session creation, none of which receives foreign parameters.
 */
export function keyRoute<R extends Omit<RouteConfig, 'security' | 'middleware'>>(
  core: Core,
  access: Access,
  extra: MiddlewareHandler<AppEnv>[],
  route: R,
) {
  return createRoute({
    ...route,
    security: SECURITY[access],
    middleware: [requireKey(core, access), rejectUnknownQuery(queryNames(route.request?.query)), ...extra],
    // The admin token is not rate limited, so admin-only routes neither answer 429 nor send RateLimit.
    responses:
      access === 'admin'
        ? { ...errors(400, 401, 403), ...bodyErrors(route), ...route.responses }
        : withRateLimitHeaders({ ...errors(400, 401, 403, 429), ...bodyErrors(route), ...route.responses }),
  } as R & { security: (typeof SECURITY)[Access]; middleware: MiddlewareHandler<AppEnv>[] })
}

export const IdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' } }),
})

export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
