import type { Clock } from '../common/clock.js'
import type { Exchange } from '../recordings/recordings.service.js'
import type { Answerer, ProxyAnswer, ProxyCall } from './answerer.js'
import { createRedactor } from './redact.js'

/**
 * The largest response body record mode saves. A bigger response still streams to the client in
 * full, but is not recorded (a truncated recording would replay a wrong answer); the
 * `proxy.request` event says `recorded: false` with the reason.
 */
export const RECORDING_BODY_CAP = 10 * 1024 * 1024

const declaredSize = (headers: ReadonlyArray<[string, string]>) => {
  const value = headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1]
  return value === undefined ? undefined : Number(value)
}

/**
 * Record mode: the live answerer, with each exchange also stored. The body is copied as it passes
 * to the client (the client's pace still holds the provider back) into a buffer bounded by the cap,
 * and the exchange is stored once it has all arrived, redacted: credential-named headers and query
 * parameters, and the connection's tokens wherever they appear (bodies included).
 */
export function recordAround(
  live: Answerer,
  deps: {
    clock: Clock
    store: (workspaceId: string, exchange: Exchange) => void
    /** The connection's access and refresh tokens, read after the call (a refresh may have run). */
    secretsOf: (call: ProxyCall) => Array<string | undefined>
  },
): Answerer {
  return {
    name: live.name,
    async answer(call): Promise<ProxyAnswer | undefined> {
      const started = deps.clock.now()
      const answer = await live.answer(call)
      if (!answer) return undefined
      const size = declaredSize(answer.headers)
      if (size !== undefined && size > RECORDING_BODY_CAP) return { ...answer, recording: false }
      const durationMs = Math.max(0, deps.clock.now() - started)
      const redact = createRedactor(deps.secretsOf(call))
      const store = (responseBody: Buffer) => {
        try {
          save(responseBody)
        } catch {
          // Not stored: the workspace was deleted (or the database closed) while the body streamed.
        }
      }
      const save = (responseBody: Buffer) =>
        deps.store(call.workspaceId, {
          provider: call.connection.provider,
          connectionId: call.connection.id,
          method: call.method,
          path: redact.text(call.path),
          query: redact.query(call.query),
          requestHeaders: redact.headers(answer.sentHeaders ?? []),
          requestBody: redact.bytes(call.body),
          status: answer.status,
          responseHeaders: redact.headers(answer.headers),
          responseBody: redact.bytes(responseBody),
          durationMs,
        })
      if (answer.body === null) {
        store(Buffer.alloc(0))
        return { ...answer, recording: true }
      }
      if (answer.body instanceof Uint8Array) {
        store(Buffer.from(answer.body))
        return { ...answer, recording: true }
      }
      const chunks: Uint8Array[] = []
      let seen = 0
      const copy = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.length
          if (seen <= RECORDING_BODY_CAP) chunks.push(chunk)
          controller.enqueue(chunk)
        },
        flush() {
          if (seen <= RECORDING_BODY_CAP) store(Buffer.concat(chunks))
        },
      })
      return { ...answer, body: answer.body.pipeThrough(copy), recording: true }
    },
  }
}
