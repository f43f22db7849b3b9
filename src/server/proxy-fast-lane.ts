import { randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import type { Principal } from '../core/auth/authenticate.js'
import type { Core } from '../core/core.js'
import type { ProxyAnswer } from '../core/proxy/answerer.js'
import { pairsOf } from '../core/proxy/headers.js'
import { countedCaller } from './lane-caller.js'
import { WORKSPACE_HEADER } from './middleware/auth.js'
import { isLoopbackHost } from './middleware/host-check.js'
import { endWithBody } from './one-write.js'
import { plainTarget } from './plain-target.js'
import { handOver, type ProxyHandover } from './routes/handover.js'
import { PROXY_PREFIX, proxyKeyOf } from './routes/proxy-key.js'
import { singleFields } from './single-fields.js'
import { endTogether } from './write-batch.js'

/**
 * The proxy's fast lane: a plain `GET /proxy/{connection_id}/…` over HTTP, answered straight on
 * Node's request and response. The app would build a web Request, Headers from the raw headers,
 * a Hono context, run the app-wide middleware one by one, then a Response and its Headers, and
 * turn those back into Node's; for a replayed call that was most of its cost (bench/RESULTS.md).
 *
 * Only the usual call takes it: GET (HEAD is answered by the app, which strips the body its own
 * way), no body, a path of plain characters (no percent-escapes, no dot segments: the app's URL
 * parsing is then the identity), a loopback Host, each header it reads sent once, a secret API
 * key. Anything else is the app's, untouched. The lane's checks are the app's own (host check,
 * percent-encoding, the proxy's key, the rate limit, `core.proxy.handle`), and what it writes is
 * what the app writes for the same call: status, the same header fields (the RateLimit fields
 * unless the provider sent its own, `Request-Id`, the app's default Content-Type and
 * Content-Length) and body. test/api/proxy-fast-lane.test.ts compares the two, call by call.
 *
 * Once the call has been counted, it is never started again: a refusal, an error, or an answer to
 * stream (a large live body) is handed to the app with what was done (routes/handover.ts), and the
 * app renders it as it renders its own: problem+json or the provider's dialect, streaming.
 */
export function createProxyFastLane(core: Core, app: RequestListener) {
  let lastHost = ''
  let lastOrigin = ''
  /** `http://<host>` as the app's URL parsing spells it (lower case, default port dropped). */
  const originOf = (host: string) => {
    if (host !== lastHost) {
      lastOrigin = new URL(`http://${host}`).origin
      lastHost = host
    }
    return lastOrigin
  }

  /** Whether the lane takes this request; if it does, it answers it (or hands it to the app). */
  return function take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false
    const target = plainTarget(req.url ?? '', PROXY_PREFIX)
    if (!target) return false
    const headers = pairsOf(req.rawHeaders)
    const once = singleFields(headers, WATCHED)
    if (!once) return false
    const host = once.host
    if (once['content-length'] !== undefined || once['transfer-encoding'] !== undefined) return false
    if (host === undefined || !isLoopbackHost(host)) return false
    const token = proxyKeyOf((name) => once[name as Watched])
    if (!token) return false
    let origin: string
    try {
      origin = originOf(host)
    } catch {
      return false
    }
    const caller = countedCaller(core, token, once[WORKSPACE_HEADER])
    if (!caller) return false
    const { principal, counted, refusal } = caller
    if (refusal !== undefined) {
      hand(req, res, principal, counted, () => Promise.reject(refusal))
      return true
    }
    const rateLimit = counted()
    core.proxy
      .handle({
        workspaceId: principal.workspaceId,
        connectionId: target.first,
        method: 'GET',
        path: target.rest,
        query: target.query,
        headers,
        body: EMPTY,
        origin,
      })
      .then(
        (answer) => {
          if (answer.body instanceof ReadableStream || !write(res, answer, rateLimit)) {
            hand(req, res, principal, counted, () => Promise.resolve(answer))
          }
        },
        (err: unknown) => hand(req, res, principal, counted, () => Promise.reject(err)),
      )
      // The app's listener settles its own failures; one here would be a bug in writing the answer.
      .catch((err: unknown) => res.destroy(err instanceof Error ? err : undefined))
    return true
  }

  function hand(
    req: IncomingMessage,
    res: ServerResponse,
    principal: Principal,
    counted: ProxyHandover['counted'],
    answered: ProxyHandover['answered'],
  ) {
    handOver(req, { principal, counted, answered })
    app(req, res)
  }
}

const EMPTY = Buffer.alloc(0)

/** The request fields the lane reads; a request sending one of them twice is the app's. */
const WATCHED_FIELDS = [
  'host',
  'authorization',
  'x-shopify-access-token',
  WORKSPACE_HEADER,
  'content-length',
  'transfer-encoding',
] as const
type Watched = (typeof WATCHED_FIELDS)[number]
const WATCHED = new Set<Watched>(WATCHED_FIELDS)

/** @hono/node-server's Content-Type for a body whose response names none. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8'

/**
 * Writes a stored or small answer as the app does, or returns false (nothing written) when its
 * header fields are not valid HTTP: the app then fails it its own way.
 */
function write(res: ServerResponse, answer: ProxyAnswer, rateLimit: Record<string, string> | undefined) {
  const fields = new Map<string, string>()
  const cookies: string[] = []
  for (const [name, raw] of answer.headers) {
    const key = name.toLowerCase()
    const value = trimWhitespace(raw)
    if (key === 'set-cookie') cookies.push(value)
    else fields.set(key, fields.has(key) ? `${fields.get(key)}, ${value}` : value)
  }
  fields.set('switchyard-proxy-mode', answer.mode)
  // A RateLimit field the provider sent itself is left as it is.
  for (const [name, value] of Object.entries(rateLimit ?? {})) {
    const key = name.toLowerCase()
    if (!fields.has(key)) fields.set(key, value)
  }
  fields.set(fields.has('request-id') ? 'switchyard-request-id' : 'request-id', randomUUID())
  const out: OutgoingHttpHeaders = {}
  for (const key of [...fields.keys()].sort()) out[key] = fields.get(key)
  if (cookies.length) out['set-cookie'] = cookies
  const body = answer.body as Uint8Array | null
  if (body !== null) {
    out['content-type'] ??= DEFAULT_CONTENT_TYPE
    if (!fields.has('content-length')) out['Content-Length'] = body.byteLength
  }
  try {
    res.writeHead(answer.status, out)
  } catch {
    return false
  }
  endTogether(res, () => (body === null ? res.end() : endWithBody(res, body)))
  return true
}

const isHttpWhitespace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13

/** A header value as the Headers class keeps it: without leading or trailing HTTP whitespace. */
function trimWhitespace(value: string): string {
  let start = 0
  let end = value.length
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--
  return start === 0 && end === value.length ? value : value.slice(start, end)
}
