import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../../core/errors.js'

export const JSON_BODY_LIMIT = 1024 * 1024

/**
 * How much of a refused body is read and thrown away before the 413 is sent. A client that writes
 * its whole body before reading (Python's http.client, curl on a slow link) would otherwise find the
 * socket reset under it, unread data being what makes the kernel send a reset, and never see the
 * 413. Beyond this the connection is closed without reading further: a client sending more than
 * the limit plus 16 MiB may see a reset instead of the 413. The request timeout bounds the time.
 */
export const DRAIN_LIMIT = 16 * 1024 * 1024

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`

/** What @hono/node-server passes as `c.env` over real HTTP (absent under `app.request()`). */
type NodeBindings = { incoming?: IncomingMessage } | undefined

/**
 * Reads and discards the rest of a request body, up to `maxBytes`. Resolves true once the body has
 * ended (the connection can carry another request), false when it was cut short.
 */
function drain(incoming: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(true)
  if (incoming.destroyed) return Promise.resolve(false)
  return new Promise((resolve) => {
    let read = 0
    const finish = (ended: boolean) => {
      incoming.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose)
      if (!ended) incoming.pause()
      resolve(ended)
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length
      if (read > maxBytes) finish(false)
    }
    const onEnd = () => finish(true)
    const onClose = () => finish(incoming.complete)
    // Whoever read the body so far (a web stream hono's bodyLimit stopped reading) gets no more.
    incoming.removeAllListeners('data')
    incoming.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose)
    incoming.resume()
  })
}

/** The 413, after as much of the body as the drain limit allows has been read and discarded. */
async function refuse(c: Context, maxSize: number): Promise<never> {
  const incoming = (c.env as NodeBindings)?.incoming
  const declared = Number(c.req.header('content-length'))
  const tooMuch = Number.isFinite(declared) && declared - maxSize > DRAIN_LIMIT
  // The request's web stream would start reading (and pausing) the socket on its own: stop it first.
  const body = c.req.raw.body
  if (body && !body.locked) await body.cancel().catch(() => {})
  const drained = incoming && !tooMuch ? await drain(incoming, DRAIN_LIMIT) : false
  throw new AppError(
    'payload_too_large',
    `The request body is larger than the ${mib(maxSize)} this endpoint accepts.`,
    // An undrained connection cannot carry another request.
    drained ? {} : { headers: { connection: 'close' } },
  )
}

/**
 * Caps a request body. A declared Content-Length within the limit passes as it is, so the body is
 * later read straight from the socket (@hono/node-server's direct path); a chunked body, or a
 * declared one over the limit, goes through hono's bodyLimit, which counts the streamed bytes or
 * refuses it; a request with neither header has no body. (bodyLimit alone would wrap every body in a
 * web stream, on every request.)
 */
export const limitBody = (maxSize: number): MiddlewareHandler => {
  const counted = countedBodyLimit(maxSize)
  return (c, next) => {
    const declared = c.req.header('content-length')
    const chunked = c.req.header('transfer-encoding') !== undefined
    // Neither header over HTTP/1.1 means no body (a GET), which hono's check would build the web
    // request only to find; a request made in process (app.request) may carry a body without them.
    if (declared === undefined && !chunked && (c.env as NodeBindings)?.incoming) return next()
    if (declared !== undefined && /^\d+$/.test(declared) && !chunked) {
      if (Number(declared) <= maxSize) return next()
    }
    return counted(c, next)
  }
}

const countedBodyLimit = (maxSize: number): MiddlewareHandler =>
  bodyLimit({ maxSize, onError: (c) => refuse(c, maxSize) })
