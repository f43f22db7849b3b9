import type { MiddlewareHandler } from 'hono'
import { AppError, pointerOf } from '../../core/errors.js'

/** At most this many unknown parameters are listed, so a hostile query cannot grow the answer. */
const MAX_REPORTED = 20

/** The parameter names a route's query schema declares (none for a route without one). */
export function queryNames(schema: unknown): string[] {
  if (schema === undefined) return []
  const shape = (schema as { shape?: Record<string, unknown> }).shape
  if (shape === undefined) throw new TypeError('A route query schema must be a zod object.')
  return Object.keys(shape)
}

/**
 * Refuses query parameters the route does not declare with a 400 naming each one. Ignoring them
 * silently hides mistakes that cost a client dearly: `?offset=` on an endpoint that did not page
 * by offset returned the first page again and again. For the API and the public catalog only:
 * `/oauth/callback`, `/webhooks/*` and the simulator's pages legitimately receive foreign ones.
 */
export function rejectUnknownQuery(known: readonly string[]): MiddlewareHandler {
  const allowed = new Set(known)
  const expected = known.length ? `this endpoint takes: ${known.join(', ')}` : 'this endpoint takes none'
  return async (c, next) => {
    const query = c.req.url.indexOf('?')
    if (query !== -1) {
      const unknown = [...new Set(new URLSearchParams(c.req.url.slice(query + 1)).keys())].filter(
        (name) => !allowed.has(name),
      )
      if (unknown.length > 0) {
        throw new AppError('invalid_request', 'The query is not valid.', {
          errors: unknown.slice(0, MAX_REPORTED).map((name) => ({
            pointer: `query:${pointerOf([name.slice(0, 64)])}`,
            detail: `unknown query parameter; ${expected}`,
          })),
        })
      }
    }
    await next()
  }
}
