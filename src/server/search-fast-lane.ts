import { randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import type { Core } from '../core/core.js'
import { pairsOf } from '../core/proxy/headers.js'
import { SearchRequestSchema } from '../core/search/search.schema.js'
import { countedCaller } from './lane-caller.js'
import { bearerToken, WORKSPACE_HEADER } from './middleware/auth.js'
import { JSON_BODY_LIMIT } from './middleware/body-limit.js'
import { isLoopbackHost } from './middleware/host-check.js'
import { mayNameReservedKey } from './middleware/json-body.js'
import { type CountedHandover, handOver } from './routes/handover.js'
import { searchRoutesOf } from './routes/search-route.js'
import { singleFields } from './single-fields.js'
import { endTogether } from './write-batch.js'

/**
 * The search endpoints' fast lane: a plain `POST /api/<resource>/search` over HTTP is answered
 * straight on Node's request and response. For a search of a few rows, the web Request, the Hono
 * context, the app-wide middleware one by one and the Response turned back into Node's cost more
 * than the search itself (bench/RESULTS.md, API).
 *
 * Only the usual call takes it: POST to a registered search path exactly (no query), a loopback
 * Host and no Origin (so no CORS), a JSON body of declared length within the limit, a secret API
 * key; each header it reads sent once. Anything else is the app's, untouched. Its steps are the
 * app's own: the key, the rate limit, the route's request schema, the route's `run`, and it writes
 * what the app writes for a page: 200, the same JSON, Content-Type, the RateLimit fields and
 * `Request-Id`. test/api/search-fast-lane.test.ts compares the two, call by call.
 *
 * Once the call has been counted it is never counted again: a refusal, a body the schema refuses,
 * or a search that fails is handed to the app with the principal, the count and the body read
 * (routes/handover.ts, `rawBody`), and the app validates, runs and renders it its own way. A search
 * only reads, so running it again there changes nothing.
 */
export function createSearchFastLane(core: Core, app: RequestListener) {
  const routes = searchRoutesOf(core)

  return function take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST') return false
    const run = routes.get(req.url ?? '')
    if (!run) return false
    const headers = pairsOf(req.rawHeaders)
    const once = singleFields(headers, WATCHED)
    if (!once || once.origin !== undefined || once['transfer-encoding'] !== undefined) return false
    if (!isLoopbackHost(once.host) || once['content-type']?.toLowerCase() !== 'application/json') return false
    const length = once['content-length']
    if (length === undefined || !DECLARED_LENGTH.test(length) || Number(length) > JSON_BODY_LIMIT)
      return false
    let token: string
    try {
      token = bearerToken(once.authorization ?? '')
    } catch {
      return false
    }
    const caller = countedCaller(core, token, once[WORKSPACE_HEADER])
    if (!caller) return false
    if (caller.refusal !== undefined) {
      hand(req, res, caller)
      return true
    }
    const counted = caller
    const { principal } = caller
    const rateLimit = caller.counted()

    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      const json = pageOf(body, (request) => run(principal.workspaceId, request))
      // A page whose statement runs on the read thread (db/off-loop-reads.ts) comes later.
      if (json instanceof Promise)
        json
          .then((later) => answer(later, body))
          .catch((err) => res.destroy(err instanceof Error ? err : undefined))
      else answer(json, body)
    })
    return true

    function answer(json: string | undefined, body: Buffer) {
      if (json === undefined) {
        // The app reads the body from here (@hono/node-server takes `rawBody` as the request's body).
        ;(req as IncomingMessage & { rawBody?: Buffer }).rawBody = body
        hand(req, res, counted)
        return
      }
      const fields: Array<[string, string]> = [
        ['content-type', 'application/json'],
        ['request-id', randomUUID()],
      ]
      for (const [name, value] of Object.entries(rateLimit ?? {})) fields.push([name.toLowerCase(), value])
      // The app's header fields in the order its Headers object gives them (sorted by name), then its length.
      const out: OutgoingHttpHeaders = Object.fromEntries(fields.sort(([a], [b]) => (a < b ? -1 : 1)))
      out['Content-Length'] = Buffer.byteLength(json)
      res.writeHead(200, out)
      endTogether(res, () => res.end(json))
    }
  }

  function hand(req: IncomingMessage, res: ServerResponse, handover: CountedHandover) {
    handOver(req, handover)
    app(req, res)
  }
}

/**
 * The page's JSON for a body the app would take as it is, or undefined for the app to refuse or
 * answer: a body that might name a reserved key (json-body.ts reads those), is not JSON, is refused
 * by the schema, or whose search fails.
 */
function pageOf(
  body: Buffer,
  run: (request: ReturnType<typeof SearchRequestSchema.parse>) => unknown,
): string | undefined | Promise<string | undefined> {
  const text = body.toString()
  if (mayNameReservedKey(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  const request = SearchRequestSchema.safeParse(parsed)
  if (!request.success) return undefined
  let page: unknown
  try {
    page = run(request.data)
  } catch {
    return undefined
  }
  if (page instanceof Promise)
    return page.then(
      (found) => JSON.stringify(found),
      () => undefined,
    )
  return JSON.stringify(page)
}

const DECLARED_LENGTH = /^[1-9]\d{0,6}$/

/** The request fields the lane reads; a request sending one of them twice is the app's. */
const WATCHED_FIELDS = [
  'host',
  'origin',
  'authorization',
  WORKSPACE_HEADER,
  'content-type',
  'content-length',
  'transfer-encoding',
] as const
const WATCHED = new Set<(typeof WATCHED_FIELDS)[number]>(WATCHED_FIELDS)
