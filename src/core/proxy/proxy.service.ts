import type { Clock } from '../common/clock.js'
import type { ConnectionsService } from '../connections/connections.service.js'
import type { CredentialsService } from '../connections/credentials.js'
import type { Db } from '../db/open.js'
import { AppError } from '../errors.js'
import { createEventBatch } from '../events/event-batch.js'
import type { EventsService } from '../events/events.service.js'
import type { ProviderConfig } from '../provider-configs/provider-configs.schema.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import { resolveApiBaseUrl } from '../providers/api-base-url.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { RecordingsService } from '../recordings/recordings.service.js'
import { type DiskWatch, diskFullError } from '../storage/disk-full.js'
import type { Answerer, AnswerMode, ProxyAnswer, ProxyCall } from './answerer.js'
import { type ChainMode, defineChains, runChain } from './chain.js'
import { storedAnswerFraming } from './headers.js'
import { rewriteProviderLinks } from './links.js'
import { createLiveAnswerer, type UpstreamTarget } from './live.js'
import { checkProxyPath } from './proxy-path.js'
import { RECORDING_BODY_CAP, recordAround } from './record.js'
import { createRedactor, type Redactor } from './redact.js'
import { createUpstreamAgents } from './upstream-agent.js'

/** Request bodies the proxy accepts (they are buffered, so a 401 can be retried byte for byte). */
export const PROXY_BODY_LIMIT = 25 * 1024 * 1024

export { RECORDING_BODY_CAP }

/** A proxied request as the route hands it over: a call, with the connection still to be looked up. */
export type ProxyRequest = Omit<ProxyCall, 'connection'> & { connectionId: string }

/**
 * The authenticated proxy: runs each call through its mode's chain (chain.ts: the provider in live
 * and record modes, the offline answerers for simulated connections and replay mode), then makes
 * the answer safe to send: framing computed by the gateway for stored answers, provider links
 * pointed back at the proxy. Every call on an existing connection emits one
 * `proxy.request` event, never with a credential.
 */
export function createProxy(deps: {
  db: Db
  clock: Clock
  connections: ConnectionsService
  credentials: CredentialsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  recordings: Pick<RecordingsService, 'record'>
  events: EventsService
  /** Checks a live exchange against the provider's OpenAPI document (`validate_against_openapi`). */
  validate?: (call: ProxyCall, answer: ProxyAnswer) => Promise<{ answer: ProxyAnswer; validation?: unknown }>
  /**
   * The offline answerers (core.ts): the workspace's mock routes, the simulation and its faults, the
   * provider's OpenAPI document, recordings.
   */
  offline: {
    mockRoutes: Answerer
    simulation: Answerer
    faults: Answerer
    openapi: Answerer
    recordings: Answerer
  }
  /** A full disk stops the proxy (its events and recordings could not be stored) until space returns. */
  disk: DiskWatch
}) {
  const { db, clock, connections, credentials, providers, providerConfigs, recordings, events, disk } = deps

  const batch = createEventBatch({
    db,
    events,
    // A full disk fails them all (the next calls answer disk_full).
    dropsBatch: (err) => disk.classify(err) !== undefined,
  })
  const agents = createUpstreamAgents()

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

  // A call's upstream target, worked out once per call (live answers and link rewriting both need it).
  const targets = new WeakMap<ProxyCall, UpstreamTarget>()
  const configs = new WeakMap<ProxyCall, ProviderConfig | undefined>()
  const targetOf = (call: ProxyCall): UpstreamTarget => {
    const known = targets.get(call)
    if (known) return known
    const provider = providers.find(call.workspaceId, call.connection.provider)
    if (!provider) throw new AppError('conflict', `Provider '${call.connection.provider}' no longer exists.`)
    const target = {
      baseUrl: resolveApiBaseUrl({
        provider,
        configBaseUrl: configs.get(call)?.api_base_url,
        connection: call.connection,
      }),
      tokenHeader: provider.api?.token_header,
    }
    targets.set(call, target)
    return target
  }

  // Live and record answers checked against the provider's OpenAPI document when its config says
  // so: the mismatches go in the call's proxy.request event (the answer only gains a header).
  const validations = new WeakMap<ProxyCall, unknown>()
  const validating = (inner: Answerer): Answerer => ({
    name: inner.name,
    async answer(call) {
      const answer = await inner.answer(call)
      if (!answer || !deps.validate || !configs.get(call)?.validate_against_openapi) return answer
      const checked = await deps.validate(call, answer)
      if (checked.validation !== undefined) validations.set(call, checked.validation)
      return checked.answer
    },
  })

  const chains = defineChains({
    ...deps.offline,
    validate: validating,
    live: createLiveAnswerer({ credentials, targetOf, agentFor: agents.agentFor }),
    record: (live) =>
      recordAround(live, {
        clock,
        store: (workspaceId, exchange) => {
          try {
            recordings.record(workspaceId, exchange)
          } catch (err) {
            // Not stored, for lack of space: the call was answered, the next ones answer disk_full.
            if (!disk.classify(err)) throw err
          }
        },
        secretsOf: (call) => {
          const tokens = connections.tokens(call.workspaceId, call.connection.id)
          return [tokens.access_token, tokens.refresh_token]
        },
      }),
  })

  /** The API base URL a link is judged against; none (a provider without one) leaves links alone. */
  const baseUrlOrNone = (call: ProxyCall): string | undefined => {
    try {
      return targetOf(call).baseUrl
    } catch {
      return undefined
    }
  }

  /** The answer as it may go on the wire (see storedAnswerFraming and rewriteProviderLinks). */
  const finish = (call: ProxyCall, answer: ProxyAnswer): ProxyAnswer => {
    const { sentHeaders: _, ...out } = answer
    let wire: ProxyAnswer = out
    if (answer.mode !== 'live') {
      wire = { ...wire, ...storedAnswerFraming(wire.status, call.method, wire.headers, wire.body) }
    }
    // Any mode: a recording or mock route can carry a provider's links on a simulated connection too.
    const hasLinks = wire.headers.some(([name]) => /^(link|location)$/i.test(name))
    const baseUrl = hasLinks ? baseUrlOrNone(call) : undefined
    if (baseUrl) {
      const prefix = `${call.origin}/proxy/${encodeURIComponent(call.connection.id)}`
      wire = { ...wire, headers: rewriteProviderLinks(wire.headers, baseUrl, prefix) }
    }
    return wire
  }

  return {
    /** Writes the proxy.request events not yet written (they go out every EVENT_BATCH_MS). */
    flush: batch.flush,
    /** On core close: writes the waiting events and closes the kept-alive provider connections. */
    close(): void {
      batch.flush()
      agents.close()
    },
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
      // Events name credential-like query parameters and the connection's own tokens redacted.
      let redactor: Redactor | undefined
      const redact = (): Redactor => {
        if (redactor) return redactor
        try {
          const tokens =
            connection.mode === 'simulated' ? {} : connections.tokens(req.workspaceId, connection.id)
          redactor = createRedactor([tokens.access_token, tokens.refresh_token])
        } catch {
          // The connection went away during the call: names alone are redacted.
          redactor = createRedactor()
        }
        return redactor
      }
      let mode: AnswerMode = 'live'
      const emit = (status: number, extra: Record<string, unknown> = {}) =>
        batch.emit(req.workspaceId, {
          type: 'proxy.request',
          provider: connection.provider,
          tenant_id: connection.tenant_id,
          connection_id: connection.id,
          data: {
            method: call.method,
            path: redact().text(path),
            query: redact().query(req.query),
            status,
            duration_ms: Math.max(0, clock.now() - started),
            mode,
            ...extra,
          },
        })
      try {
        const config = configOf(req.workspaceId, connection.provider, connection.provider_config_id)
        configs.set(call, config)
        const chainMode: ChainMode =
          connection.mode === 'simulated' ? 'simulated' : (config?.proxy_mode ?? 'live')
        if (chainMode === 'simulated' || chainMode === 'replay') mode = chainMode
        const answer = finish(call, await runChain(chains[chainMode], call))
        mode = answer.mode
        emit(answer.status, {
          ...(chainMode === 'record' && {
            recorded: answer.recording === true,
            ...(answer.recording === false && { reason: 'response larger than the recording cap' }),
          }),
          ...(validations.has(call) && { validation: validations.get(call) }),
        })
        return answer
      } catch (err) {
        emit(err instanceof AppError ? err.status : 500)
        throw err
      }
    },
  }
}
export type Proxy = ReturnType<typeof createProxy>
