import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.js'

/**
 * Gives each request an id (echoed as `Request-Id`) so a logged 500 can be matched to a report.
 * A proxied answer that carries the provider's own `Request-Id` (Stripe's SDK reads it into its
 * errors) keeps it; the gateway's id then goes in `Switchyard-Request-Id`.
 * Not hono/request-id: that one takes a client's own id and sets the header before the handler,
 * so the problem answers built as plain Responses (404, 405, 500) would lose it.
 */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = randomUUID()
  c.set('requestId', id)
  await next()
  c.res.headers.set(c.res.headers.has('request-id') ? 'switchyard-request-id' : 'request-id', id)
}
