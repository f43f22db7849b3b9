import type { Connection } from '../connections/connections.schema.js'

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
  /**
   * Live answers only: the request headers as the provider got them, credentials already replaced
   * by the redaction marker (what record mode stores).
   */
  sentHeaders?: Array<[string, string]>
}

/**
 * One link of the proxy chain (see chain.ts): it answers a call, or passes (undefined) to the next.
 * An answerer is stateless per call and may be asked for any connection of any workspace; it reads
 * what it needs from the call. It never applies faults, rewrites links or strips framing headers:
 * the chain does that around every answer, whatever answered.
 */
export interface Answerer {
  /** What it is, as the 501/404 explanation names it when nothing answers ("mock route", "recording"). */
  readonly name: string
  answer(call: ProxyCall): ProxyAnswer | undefined | Promise<ProxyAnswer | undefined>
}
