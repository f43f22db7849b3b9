import type { Connection } from '../connections/connections.schema.js'
import type { RecordingsService } from '../recordings/recordings.service.js'
import { REDACTED } from '../recordings/redact.js'

/** What answered a proxied call (the `Switchyard-Proxy-Mode` response header). */
export type AnswerMode = 'live' | 'replay' | 'simulated' | 'mock'

/** A proxied request, as the gateway received it (path under the API base, raw query). */
export interface ProxyCall {
  workspaceId: string
  connection: Connection
  method: string
  path: string
  query: string
  headers: Array<[string, string]>
  body: Buffer
  /** The gateway's own origin (the simulator's token endpoint lives there). */
  origin: string
}

export interface ProxyAnswer {
  status: number
  headers: Array<[string, string]>
  /** A stream for live answers; bytes for stored ones; null when the status has no body. */
  body: ReadableStream<Uint8Array> | Uint8Array | null
  mode: AnswerMode
  /** Whether the exchange will be saved as a recording (record mode). */
  recording?: boolean
}

/**
 * Something that can answer a call without the network, or pass (undefined). Simulated
 * connections, and real ones in replay mode, ask each answerer in order; the first answer wins.
 * The order (core.ts): the workspace's mock routes, the built-in simulation, then recordings.
 */
export type Answerer = (call: ProxyCall) => ProxyAnswer | undefined | Promise<ProxyAnswer | undefined>

/** Answers from the workspace's recordings of the connection's provider (see the matching rule there). */
export function recordingsAnswerer(recordings: RecordingsService): Answerer {
  return (call) => {
    const found = recordings.match(call.workspaceId, {
      provider: call.connection.provider,
      method: call.method,
      path: call.path,
      query: call.query,
      body: call.body,
    })
    if (!found) return undefined
    const headers = (JSON.parse(found.response_headers) as Array<[string, string]>).filter(
      ([, value]) => value !== REDACTED,
    )
    return { status: found.status, headers, body: new Uint8Array(found.response_body), mode: 'replay' }
  }
}
