import type { MiddlewareHandler } from 'hono'
import type { ApiKeysService } from '../../core/api-keys/api-keys.service.js'
import { AppError } from '../../core/errors.js'
import type { AppEnv } from '../env.js'

/** What a route accepts: `secret` keys only, or `session` (publishable or secret). */
export type Access = 'secret' | 'session'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Authenticates the Bearer key against the database (every request: no cache that could let a
 * revoked key through) and enforces the route's declared access.
 */
export function requireKey(apiKeys: ApiKeysService, access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (!header) {
      throw new AppError('unauthorized', 'Missing API key. Send it as: Authorization: Bearer <API_KEY>.', {
        headers: { 'www-authenticate': 'Bearer realm="switchyard"' },
      })
    }
    const token = BEARER.exec(header)?.[1]
    if (!token) {
      throw new AppError('unauthorized', 'The Authorization header must be: Bearer <API_KEY>.', {
        headers: { 'www-authenticate': 'Bearer realm="switchyard", error="invalid_request"' },
      })
    }
    const principal = apiKeys.authenticate(token)
    if (access === 'secret' && principal.role !== 'secret') {
      throw new AppError(
        'forbidden',
        'Publishable keys may only create auth sessions and install sessions; use a secret key (sk_…) for this endpoint.',
      )
    }
    c.set('principal', principal)
    return next()
  }
}
