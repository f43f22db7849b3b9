import type { Context, MiddlewareHandler } from 'hono'
import type { Core } from '../../core/core.js'
import { AppError } from '../../core/errors.js'
import type { AppEnv } from '../env.js'
import { handedOver } from '../routes/handover.js'
import { countRequest, setRateLimitHeaders } from './rate-limit.js'

/** What a route accepts: `secret` keys, `session` (publishable or secret), or `admin` (the local admin token only). */
export type Access = 'secret' | 'session' | 'admin'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The credential of an `Authorization: Bearer …` header; a header of another shape is a 401. */
export function bearerToken(header: string): string {
  const token = BEARER.exec(header)?.[1]
  if (!token) {
    throw new AppError('unauthorized', 'The Authorization header must be: Bearer <API_KEY>.', {
      headers: { 'www-authenticate': 'Bearer realm="switchyard", error="invalid_request"' },
    })
  }
  return token
}

/** Names the workspace the local admin token (the UI) acts on. */
export const WORKSPACE_HEADER = 'switchyard-workspace'

/**
 * Authenticates the Bearer key on every request (through core's identity cache, dropped on any
 * change to the database, so a revoked key fails on its very next request), counts it against the
 * workspace's rate limit (after authentication, so a 401 never counts) and enforces the route's
 * declared access.
 */
export function requireKey(
  core: Pick<Core, 'auth' | 'rateLimits'>,
  access: Access,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A request the search lane began comes with its caller and its count (routes/handover.ts).
    const handover = handedOver(c.env, 'counted')
    const { principal, headers } = handover
      ? { principal: handover.principal, headers: handover.counted() }
      : authenticateAndCount(core, c)
    if (access === 'secret' && principal.role !== 'secret') {
      throw new AppError(
        'forbidden',
        'Publishable keys may only create auth sessions and install sessions; use a secret key (sk_…) for this endpoint.',
        headers && { headers },
      )
    }
    if (access === 'admin' && !principal.admin) {
      throw new AppError(
        'forbidden',
        'This endpoint is for the local admin token (the Switchyard UI), not API keys.',
        headers && { headers },
      )
    }
    c.set('principal', principal)
    await next()
    setRateLimitHeaders(c, headers)
  }
}

function authenticateAndCount(core: Pick<Core, 'auth' | 'rateLimits'>, c: Context<AppEnv>) {
  const header = c.req.header('authorization')
  if (!header) {
    throw new AppError('unauthorized', 'Missing API key. Send it as: Authorization: Bearer <API_KEY>.', {
      headers: { 'www-authenticate': 'Bearer realm="switchyard"' },
    })
  }
  const principal = core.auth.authenticate(bearerToken(header), c.req.header(WORKSPACE_HEADER))
  return { principal, headers: countRequest(core, principal) }
}
