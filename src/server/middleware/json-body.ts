import type { MiddlewareHandler } from 'hono'

/** SERVICE-SPEC 4.2: "An empty body returns the first page". A JSON content type with no bytes counts as `{}`. */
export const emptyJsonBodyIsEmptyObject = (): MiddlewareHandler => async (c, next) => {
  if (c.req.header('content-length') === '0' && /json/i.test(c.req.header('content-type') ?? '')) {
    c.req.raw = new Request(c.req.raw, { body: '{}' })
  }
  return next()
}
