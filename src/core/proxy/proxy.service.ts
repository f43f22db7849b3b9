import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Clock } from '../common/clock.js'
import type { ConnectionsService } from '../connections/connections.service.js'
import type { CredentialsService } from '../connections/credentials.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { EmitEvent } from '../events/events.schema.js'
import type { EventsService } from '../events/events.service.js'
import type { ProviderConfig } from '../provider-configs/provider-configs.schema.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import { resolveApiBaseUrl } from '../providers/api-base-url.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { RecordingsService } from '../recordings/recordings.service.js'
import { redactRequestHeaders, redactResponseHeaders } from '../recordings/redact.js'
import { type DiskWatch, diskFullError } from '../storage/disk-full.js'
import type { Answerer, AnswerMode, ProxyAnswer, ProxyCall } from './answerers.js'
import { forwardedRequestHeaders, forwardedResponseHeaders } from './headers.js'
import { checkProxyPath } from './proxy-path.js'
import { sendUpstream, type UpstreamResponse } from './upstream.js'

/** Request bodies the proxy accepts (they are buffered, so a 401 can be retried byte for byte). */
export const PROXY_BODY_LIMIT = 25 * 1024 * 1024

/**
 * The largest response body record mode saves. A bigger response still streams to the client in
 * full, but is not recorded (a truncated recording would replay a wrong answer); the
 * `proxy.request` event says `recorded: false` with the reason.
 */
export const RECORDING_BODY_CAP = 10 * 1024 * 1024

/** How long a proxy.request event may wait to be written with others, and how many may wait. */
export const EVENT_BATCH_MS = 20
const EVENT_BATCH_MAX = 500

const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export interface ProxyRequest {
  workspaceId: string
  connectionId: string
  method: string
  path: string
  query: string
  headers: Array<[string, string]>
  body: Buffer
  /** The gateway's own origin (the simulator's token endpoint lives there). */
  origin: string
}

/**
 * The authenticated proxy: forwards a call to the connection's provider API with its token (live
 * and record modes), or answers it from the answerers (simulated connections, replay mode).
 * Every call on an existing connection emits one `proxy.request` event, never with a credential.
 */
export function createProxy(deps: {
  db: Db
  clock: Clock
  connections: ConnectionsService
  credentials: CredentialsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  recordings: RecordingsService
  events: EventsService
  answerers: readonly Answerer[]
  /** Checks a live exchange against the provider's OpenAPI document (`validate_against_openapi`). */
  validate?: (call: ProxyCall, answer: ProxyAnswer) => Promise<{ answer: ProxyAnswer; validation?: unknown }>
  /** A full disk stops the proxy (its events and recordings could not be stored) until space returns. */
  disk: DiskWatch
}) {
  const { db, clock, connections, credentials, providers, providerConfigs, recordings, events, disk } = deps

  // proxy.request events are written in batches, one transaction every EVENT_BATCH_MS: with
  // synchronous = FULL each commit is an fsync, which on every call would cost more than the rest
  // of the proxy. The cost: a crash can lose the last few milliseconds of these events (server
  // close flushes them).
  const pending: Array<[string, EmitEvent]> = []
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const batch = pending.splice(0)
    if (batch.length === 0) return
    try {
      inTransaction(db, () => {
        for (const [workspaceId, event] of batch) events.emit(workspaceId, event)
      })
    } catch (err) {
      // A full disk fails them all (the next calls answer disk_full); one bad event (its workspace
      // deleted meanwhile) must not take the others with it.
      if (disk.classify(err)) return
      for (const [workspaceId, event] of batch) {
        try {
          events.emit(workspaceId, event)
        } catch {
          // Dropped: the log of a call on a workspace that no longer exists (or a closed database).
        }
      }
    }
  }
  const emitSoon = (workspaceId: string, event: EmitEvent) => {
    pending.push([workspaceId, event])
    if (pending.length >= EVENT_BATCH_MAX) flush()
    else timer ??= setTimeout(flush, EVENT_BATCH_MS).unref()
  }

  const configOf = (
    workspaceId: string,
    provider: string,
    configId: string | null,
  ): ProviderConfig | undefined => {
    try {
      return providerConfigs.resolve(workspaceId, provider, configId ?? undefined)
    } catch {
      // The connection's config was deleted since: the newest config of the provider applies.
      return providerConfigs.resolve(workspaceId, provider)
    }
  }

  async function answerOffline(call: ProxyCall, mode: 'simulated' | 'replay'): Promise<ProxyAnswer> {
    for (const answerer of deps.answerers) {
      const answer = await answerer(call)
      if (answer) return answer
    }
    const what = `${call.method} ${call.path}${call.query ? `?${call.query}` : ''}`
    if (mode === 'simulated') {
      throw new AppError(
        'simulation_unavailable',
        `Nothing answers ${what} for simulated connection '${call.connection.id}' of '${call.connection.provider}': no mock route, built-in simulation or recording matches. Declare a mock route (switchyard mocks add, or POST /api/mock-routes), record it against the real provider (a provider config with proxy_mode "record"), or import a cassette (switchyard recordings import FILE, or POST /api/recordings/import).`,
        { headers: { 'switchyard-proxy-mode': 'simulated' } },
      )
    }
    throw new AppError(
      'recording_not_found',
      `Replay mode: no recording of '${call.connection.provider}' matches ${what} (method, path and query parameters must match). Record it (proxy_mode "record") or import a cassette.`,
      { headers: { 'switchyard-proxy-mode': 'replay' } },
    )
  }

  async function live(
    req: ProxyRequest,
    call: ProxyCall,
    config: ProviderConfig | undefined,
    record: boolean,
  ) {
    const provider = providers.find(req.workspaceId, call.connection.provider)
    if (!provider) throw new AppError('conflict', `Provider '${call.connection.provider}' no longer exists.`)
    const base = resolveApiBaseUrl({
      provider,
      configBaseUrl: config?.api_base_url,
      connection: call.connection,
    })
    const url = new URL(`${base.replace(/\/+$/, '')}${call.path}${call.query ? `?${call.query}` : ''}`)
    // The token goes where the provider takes it: Authorization: Bearer, or its own header.
    const tokenHeader = provider.api?.token_header
    const forwarded = forwardedRequestHeaders(req.headers).filter(
      ([name]) => !tokenHeader || name.toLowerCase() !== tokenHeader.toLowerCase(),
    )
    const tokenHeaders = new Set(tokenHeader ? [tokenHeader.toLowerCase()] : [])
    const send = async (forceRefresh: boolean) => {
      const secrets = await credentials.usable(req.workspaceId, req.connectionId, {
        origin: req.origin,
        forceRefresh,
      })
      const token = secrets.access_token ?? ''
      const headers: Array<[string, string]> = [
        ...forwarded,
        tokenHeader ? [tokenHeader, token] : ['Authorization', `Bearer ${token}`],
      ]
      const response = await sendUpstream({ url, method: call.method, headers, body: call.body })
      return { response, headers, hasRefresh: secrets.has_refresh_token }
    }
    let sent = await send(false)
    // A provider 401 gets one refresh and one retry, when there is a refresh token to use.
    if (sent.response.status === 401 && sent.hasRefresh) {
      sent.response.body.resume()
      sent = await send(true)
    }
    const { response } = sent
    return {
      answer: stream(response, call.method),
      capture: record
        ? (durationMs: number) =>
            capture(req, call, redactRequestHeaders(sent.headers, tokenHeaders), response, durationMs)
        : undefined,
    }
  }

  /** The live answer: the provider's status, headers minus hop-by-hop, and its body as it arrives. */
  function stream(response: UpstreamResponse, method: string): ProxyAnswer {
    const noBody = NO_BODY_STATUSES.has(response.status) || method === 'HEAD'
    if (noBody) response.body.resume()
    return {
      status: response.status,
      headers: forwardedResponseHeaders(response.headers),
      // Readable.toWeb applies backpressure (bytes against the stream's high-water mark): a slow
      // client holds the provider back instead of filling the gateway's memory.
      body: noBody ? null : (Readable.toWeb(response.body) as ReadableStream<Uint8Array>),
      mode: 'live',
    }
  }

  /** Tees the provider's body into a bounded buffer and stores the exchange once it has all arrived. */
  function capture(
    req: ProxyRequest,
    call: ProxyCall,
    /** Already redacted. */
    sentHeaders: Array<[string, string]>,
    response: UpstreamResponse,
    durationMs: number,
  ) {
    const chunks: Buffer[] = []
    let size = 0
    const body: IncomingMessage = response.body
    body.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= RECORDING_BODY_CAP) chunks.push(chunk)
    })
    body.on('end', () => {
      if (size > RECORDING_BODY_CAP) return
      try {
        record()
      } catch (err) {
        // Not stored, for lack of space: the call was answered, the next ones answer disk_full.
        if (!disk.classify(err)) throw err
      }
    })
    const record = () =>
      recordings.record(req.workspaceId, {
        provider: call.connection.provider,
        connectionId: call.connection.id,
        method: call.method,
        path: call.path,
        query: call.query,
        requestHeaders: sentHeaders,
        requestBody: call.body,
        status: response.status,
        responseHeaders: redactResponseHeaders(forwardedResponseHeaders(response.headers)),
        responseBody: Buffer.concat(chunks),
        durationMs,
      })
  }

  const declaredSize = (headers: Array<[string, string]>) => {
    const value = headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1]
    return value === undefined ? undefined : Number(value)
  }

  return {
    /** Writes the proxy.request events not yet written (they go out every EVENT_BATCH_MS). */
    flush,
    /** Answers one proxied call; see the module comment. */
    async handle(req: ProxyRequest): Promise<ProxyAnswer> {
      if (disk.full) throw diskFullError(disk.dir)
      const path = checkProxyPath(req.path)
      const connection = connections.get(req.workspaceId, req.connectionId)
      const started = clock.now()
      const call: ProxyCall = {
        workspaceId: req.workspaceId,
        connection,
        method: req.method.toUpperCase(),
        path,
        query: req.query,
        headers: req.headers,
        body: req.body,
        origin: req.origin,
      }
      let mode: AnswerMode = 'live'
      const emit = (status: number, extra: Record<string, unknown> = {}) =>
        emitSoon(req.workspaceId, {
          type: 'proxy.request',
          provider: connection.provider,
          tenant_id: connection.tenant_id,
          connection_id: connection.id,
          data: {
            method: call.method,
            path,
            query: req.query,
            status,
            duration_ms: Math.max(0, clock.now() - started),
            mode,
            ...extra,
          },
        })
      try {
        const config = configOf(req.workspaceId, connection.provider, connection.provider_config_id)
        const proxyMode = config?.proxy_mode ?? 'live'
        if (connection.mode === 'simulated' || proxyMode === 'replay') {
          mode = connection.mode === 'simulated' ? 'simulated' : 'replay'
          const answer = await answerOffline(call, mode)
          mode = answer.mode
          emit(answer.status)
          return answer
        }
        const record = proxyMode === 'record'
        const { answer: sent, capture: startCapture } = await live(req, call, config, record)
        const durationMs = Math.max(0, clock.now() - started)
        const size = declaredSize(sent.headers)
        const tooBig = size !== undefined && size > RECORDING_BODY_CAP
        if (startCapture && !tooBig) startCapture(durationMs)
        const { answer, validation } =
          config?.validate_against_openapi && deps.validate
            ? await deps.validate(call, sent)
            : { answer: sent }
        emit(answer.status, {
          ...(record && {
            recorded: !tooBig,
            ...(tooBig && { reason: 'response larger than the recording cap' }),
          }),
          ...(validation !== undefined && { validation }),
        })
        return { ...answer, recording: record && !tooBig }
      } catch (err) {
        emit(err instanceof AppError ? err.status : 500)
        throw err
      }
    },
  }
}
export type Proxy = ReturnType<typeof createProxy>
