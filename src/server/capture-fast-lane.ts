import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Core } from '../core/core.js'
import { pairsOf } from '../core/proxy/headers.js'
import { WEBHOOK_BODY_LIMIT } from '../core/webhooks/webhooks.schema.js'
import { plainTarget } from './plain-target.js'
import { type CaptureHandover, handOver } from './routes/handover.js'
import { captureOne } from './routes/webhook-capture.routes.js'
import { singleFields } from './single-fields.js'

/**
 * Webhook capture's fast lane: a plain `POST /webhooks/{provider}[/…]` over HTTP is read and stored
 * straight from Node's request, and its `{id}` written on Node's response, without the web Request,
 * the Hono context and the Response the app builds for it (bench/RESULTS.md, ingest).
 *
 * Only the usual delivery takes it: POST with a declared Content-Length within the 5 MiB limit (no
 * chunked body), a path of plain characters (no percent-escapes, no dot segments), a plain query
 * and Host. Anything else is the app's, untouched. What it stores is what the app stores (the same
 * `captureOne`), and a stored capture is answered as the app answers it: 200, `{id}`,
 * `Switchyard-Event-Id`, `Request-Id`. Once the body has been read, a handshake's reply or an error
 * is handed to the app with the outcome (routes/handover.ts), which renders it its own way.
 * test/api/capture-fast-lane.test.ts sends each delivery through the lane and through the app.
 */
export function createCaptureFastLane(core: Core, app: RequestListener) {
  return function take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST') return false
    const target = plainTarget(req.url ?? '', '/webhooks/')
    if (!target) return false
    const headers = plainHeaders(req.rawHeaders)
    if (!headers) return false

    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => {
      const outcome = captureOne(core, {
        provider: target.first,
        method: 'POST',
        path: target.path,
        query: target.query,
        headers,
        body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
      })
      outcome
        .then(
          ({ event, reply }) => {
            if (reply) return hand(req, res, () => outcome)
            const json = JSON.stringify({ id: event.id })
            res.writeHead(200, {
              'content-type': 'application/json',
              'switchyard-event-id': event.id,
              'request-id': randomUUID(),
              'content-length': Buffer.byteLength(json),
            })
            res.end(json)
          },
          () => hand(req, res, () => outcome),
        )
        // The app's listener settles its own failures; one here would be a bug in writing the answer.
        .catch((err: unknown) => res.destroy(err instanceof Error ? err : undefined))
    })
    return true
  }

  function hand(req: IncomingMessage, res: ServerResponse, captured: CaptureHandover['captured']) {
    handOver(req, { captured })
    app(req, res)
  }
}

/** A Host the HTTP adapter takes as it is (lower-case name, optional port of 4–5 digits). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
const DECLARED_LENGTH = /^\d{1,7}$/

const FIELDS = new Set(['host', 'content-length', 'transfer-encoding'] as const)

/**
 * The raw header pairs, when they declare the body's length (within the limit, once), send no
 * Transfer-Encoding and one plain Host; otherwise null.
 */
function plainHeaders(raw: string[]): Array<[string, string]> | null {
  const headers = pairsOf(raw)
  const fields = singleFields(headers, FIELDS)
  if (!fields || fields['transfer-encoding'] !== undefined) return null
  const { host, 'content-length': length } = fields
  if (host === undefined || !PLAIN_HOST.test(host)) return null
  if (length === undefined || !DECLARED_LENGTH.test(length) || Number(length) > WEBHOOK_BODY_LIMIT)
    return null
  return headers
}
