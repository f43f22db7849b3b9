import { createRoute, type RouteConfig, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { Core } from '../core/core.js'
import { ERROR_CODES } from '../core/errors.js'
import type { AppEnv } from './env.js'
import { type Access, requireKey } from './middleware/auth.js'

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

/** The error responses every route may give, by status. */
export const ERROR_RESPONSES = {
  400: problem('Invalid request: malformed JSON or a value that fails validation (`errors` lists each).'),
  401: problem('Missing, malformed, unknown or revoked API key (`api_key_revoked`).'),
  403: problem('Forbidden: a publishable key outside session creation, or a non-loopback Host.'),
  404: problem('Not found.'),
  409: problem('Conflict with the current state.'),
  413: problem('Body too large.'),
  415: problem('Unsupported media type: send JSON.'),
  429: problem('Rate limited; see Retry-After.'),
} as const

type ErrorStatus = keyof typeof ERROR_RESPONSES
export const errors = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((s) => [s, ERROR_RESPONSES[s]])) as Partial<typeof ERROR_RESPONSES>

export const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  secret: [{ secretKey: [] }],
  session: [{ publishableKey: [] }, { secretKey: [] }],
  admin: [{ adminToken: [] }],
}

/**
 * Declares a route that needs an API key. The declared `access` is the single source of both
 * the OpenAPI security requirement and the enforcing middleware (the route table drives auth).
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
    middleware: [requireKey(core, access), ...extra],
    responses: { ...errors(400, 401, 403, 429), ...route.responses },
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
