import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../../core/errors.js'

export const JSON_BODY_LIMIT = 1024 * 1024

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`

/**
 * Caps a request body. A declared Content-Length within the limit passes as it is, so the body is
 * later read straight from the socket (@hono/node-server's direct path); a chunked body, or a
 * declared one over the limit, goes through hono's bodyLimit, which counts the streamed bytes or
 * refuses it. (bodyLimit alone would wrap every body in a web stream, on every request.)
 */
export const limitBody = (maxSize: number): MiddlewareHandler => {
  const counted = countedBodyLimit(maxSize)
  return (c, next) => {
    const declared = c.req.header('content-length')
    if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header('transfer-encoding')) {
      if (Number(declared) <= maxSize) return next()
    }
    return counted(c, next)
  }
}

const countedBodyLimit = (maxSize: number): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      // The rest of the body is never read, so this connection cannot carry another request.
      throw new AppError(
        'payload_too_large',
        `The request body is larger than the ${mib(maxSize)} this endpoint accepts.`,
        {
          headers: { connection: 'close' },
        },
      )
    },
  })
