import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.js'

/** Gives each request an id (echoed as `Request-Id`) so a logged 500 can be matched to a report. */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = randomUUID()
  c.set('requestId', id)
  await next()
  c.res.headers.set('request-id', id)
}
