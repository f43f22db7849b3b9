import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../../core/errors.js'

export const JSON_BODY_LIMIT = 1024 * 1024

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`

/** Caps a request body, counting streamed bytes when there is no Content-Length (chunked). */
export const limitBody = (maxSize: number): MiddlewareHandler =>
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
