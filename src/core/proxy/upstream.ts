import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { AppError } from '../errors.js'
import { pairsOf } from './headers.js'

/**
 * How long the provider's connection may stay idle before the proxy gives up: before its response
 * headers that is a 504 `upstream_timeout`; in the middle of its body the stream is cut.
 */
export const UPSTREAM_TIMEOUT_MS = 30_000

export interface UpstreamRequest {
  url: URL
  method: string
  headers: Array<[string, string]>
  body: Buffer
  timeoutMs?: number
  /** The connection pool to send on (upstream-agent.ts); absent: a new connection. */
  agent?: Agent
}

export interface UpstreamResponse {
  status: number
  headers: Array<[string, string]>
  /** The provider's body as it arrives (not buffered). */
  body: IncomingMessage
}

/** Sends one request on node:http(s), byte for byte, and resolves at the provider's response headers. */
export function sendUpstream(req: UpstreamRequest): Promise<UpstreamResponse> {
  const send = req.url.protocol === 'https:' ? httpsRequest : httpRequest
  const timeout = req.timeoutMs ?? UPSTREAM_TIMEOUT_MS
  // A raw header list gets no default Host from node:http, so it is set here (the provider's own).
  const headers = ['Host', req.url.host, ...req.headers.flat()]
  if (req.body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method)) {
    headers.push('Content-Length', String(req.body.length))
  }
  return new Promise((resolve, reject) => {
    const outgoing = send(req.url, {
      method: req.method,
      headers,
      timeout,
      ...(req.agent && { agent: req.agent }),
    })
    outgoing.on('timeout', () => {
      outgoing.destroy(
        new AppError(
          'upstream_timeout',
          `${req.url.host} did not answer ${req.method} ${req.url.pathname} within ${timeout / 1000} s.`,
        ),
      )
    })
    outgoing.on('error', (err) => {
      if (err instanceof AppError) return reject(err)
      const code = (err as NodeJS.ErrnoException).code
      reject(
        new AppError(
          'upstream_error',
          `${req.method} ${req.url.origin}${req.url.pathname} failed: ${code ? `${code} ` : ''}${err.message}`,
        ),
      )
    })
    outgoing.on('response', (res) => {
      resolve({ status: res.statusCode ?? 502, headers: pairsOf(res.rawHeaders), body: res })
    })
    outgoing.end(req.body)
  })
}
