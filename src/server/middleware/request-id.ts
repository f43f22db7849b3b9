import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.js'

/**
 * Gives each request an id (echoed as `Request-Id`) so a logged 500 can be matched to a report.
 * Not hono/request-id: that one takes a client's own id and sets the header before the handler,
 * so the problem answers built as plain Responses (404, 405, 500) would lose it.
 */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = randomUUID()
  c.set('requestId', id)
  await next()
  c.res.headers.set('request-id', id)
}
