import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import { createApiKeysRepo } from './api-keys/api-keys.repo.js'
import { createApiKeysService } from './api-keys/api-keys.service.js'
import { createAuthenticator } from './auth/authenticate.js'
import { createIdentityCache } from './auth/identity-cache.js'
import { createCassettes } from './cassettes/cassettes.service.js'
import { type Clock, systemClock } from './common/clock.js'
import { type Ids, randomIds } from './common/ids.js'
import { createConnectionsRepo } from './connections/connections.repo.js'
import { createConnectionsService } from './connections/connections.service.js'
import { createCredentials } from './connections/credentials.js'
import { withOpenMemo } from './crypto/open-memo.js'
import { createSecretBox } from './crypto/secret-box.js'
import { afterCommit, type Db } from './db/open.js'
import { createTableStamp, forgetTableVersions } from './db/table-stamp.js'
import { createDeliveriesRepo } from './deliveries/deliveries.repo.js'
import { createDeliveriesService } from './deliveries/deliveries.service.js'
import { AppError } from './errors.js'
import { createEventWaits } from './events/event-wait.js'
import { createEventsRepo } from './events/events.repo.js'
import { createEventsService } from './events/events.service.js'
import { createInstallationsRepo } from './installations/installations.repo.js'
import { createInstallationsService } from './installations/installations.service.js'
import { createMockRoutesRepo } from './mock-routes/mock-routes.repo.js'
import { createMockRoutesService } from './mock-routes/mock-routes.service.js'
import { createCallbackHandler } from './oauth/callback.service.js'
import { createFlowClients } from './oauth/flow-clients.js'
import { createOpenApiDocsRepo } from './openapi-docs/openapi-docs.repo.js'
import { createOpenApiDocsService } from './openapi-docs/openapi-docs.service.js'
import { createOpenApiAnswerer } from './openapi-sim/openapi.answerer.js'
import { createOpenApiStateRepo } from './openapi-sim/openapi-state.repo.js'
import { validateExchange } from './openapi-sim/validate-exchange.js'
import { createProviderConfigsRepo } from './provider-configs/provider-configs.repo.js'
import { createProviderConfigsService } from './provider-configs/provider-configs.service.js'
import { createConnectionApiBaseUrl } from './providers/api-base-url.js'
import { type Catalog, loadCatalog } from './providers/catalog.js'
import { createProvidersRepo } from './providers/providers.repo.js'
import { createProvidersService } from './providers/providers.service.js'
import { createSimulationRepo } from './providers-kit/engine/simulation.repo.js'
import { createSimulation } from './providers-kit/engine/simulation.service.js'
import { createTokenLedger } from './providers-kit/engine/token-ledger.js'
import { randomSimulationIds, type SimulationIds } from './providers-kit/kit/ids.js'
import { BUILT_IN_SIMULATIONS } from './providers-kit/registry.js'
import { createGatewayErrors } from './proxy/gateway-errors.js'
import { createProxy } from './proxy/proxy.service.js'
import { simulationAnswerers } from './proxy/simulation-adapter.js'
import { createRateLimiter } from './rate-limits/rate-limiter.js'
import { createRecordingsAnswerer } from './recordings/recordings.answerer.js'
import { createRecordingsRepo } from './recordings/recordings.repo.js'
import { createRecordingsService } from './recordings/recordings.service.js'
import { createReplayIndex } from './recordings/replay-index.js'
import { createCursorCodec } from './search/cursor.js'
import { createSearchEngine } from './search/search-engine.js'
import { createSessionsRepo } from './sessions/sessions.repo.js'
import { createSessionsService } from './sessions/sessions.service.js'
import { createSettingsRepo } from './settings/settings.repo.js'
import { createSimulator } from './simulator/simulator.service.js'
import { createSnapshots } from './snapshots/snapshots.service.js'
import { createDiskWatch } from './storage/disk-full.js'
import { createSyncService } from './sync/sync.service.js'
import type { OpenUpstream } from './sync/upstream.js'
import { createTriggersService } from './triggers/triggers.service.js'
import { createDispatcher } from './webhook-endpoints/dispatcher.js'
import { createOutboundMessagesRepo } from './webhook-endpoints/outbound-messages.repo.js'
import { createWebhookEndpointsRepo } from './webhook-endpoints/webhook-endpoints.repo.js'
import { createWebhookEndpointsService } from './webhook-endpoints/webhook-endpoints.service.js'
import { createWebhooksService } from './webhooks/webhooks.service.js'
import { createOverview } from './workspaces/overview.service.js'
import { createRedirectOriginsRepo } from './workspaces/redirect-origins.repo.js'
import { createRedirectOriginsService } from './workspaces/redirect-origins.service.js'
import { createWorkspacesRepo } from './workspaces/workspaces.repo.js'
import { createWorkspacesService } from './workspaces/workspaces.service.js'

export interface CoreDeps {
  db: Db
  /** 32-byte key for secrets and tokens at rest. */
  encryptionKey: Buffer
  clock?: Clock
  ids?: Ids
  /** The provider catalog; loaded from resources/catalog when omitted. */
  catalog?: Catalog
  /** The data folder's local admin token (the UI's credential); admin access is off without it. */
  adminToken?: string
  /** Opens an upstream Switchyard for `sync pull` (the SDK adapter, passed in by the server and CLI). */
  openUpstream?: OpenUpstream
  /** Random values simulated providers put in answers and webhooks (tests pass predictable ones). */
  simulationIds?: SimulationIds
}

/** Without an upstream client, a pull is refused before anything is written. */
const noUpstream: OpenUpstream = () => {
  throw new AppError(
    'unavailable',
    'This gateway was started without an upstream client; sync pull is unavailable.',
  )
}

/**
 * The composition root of the product: builds every core service on one database, each named with
 * its dependencies in view. No HTTP here: the server and the CLI both use this.
 */
export function createCore(deps: CoreDeps) {
  const { db } = deps
  // Foundations
  const clock = deps.clock ?? systemClock
  // Whether the data folder's disk filled up under a write (the health check and the problems say so)
  const disk = createDiskWatch(dirname(db.name))
  const ids = deps.ids ?? randomIds
  const settings = createSettingsRepo(db)
  const box = withOpenMemo(createSecretBox(deps.encryptionKey))
  const cursorSecret = Buffer.from(
    settings.getOrCreate('cursor_secret', () => randomBytes(32).toString('base64')),
    'base64',
  )
  const search = createSearchEngine({ db, cursors: createCursorCodec(cursorSecret) })
  const eventsRepo = createEventsRepo(db)
  const events = createEventsService({ db, repo: eventsRepo, clock, ids })

  // Identity: workspaces, keys, who is calling, how often
  const workspaces = createWorkspacesService({ repo: createWorkspacesRepo(db), clock, ids })
  const redirectOrigins = createRedirectOriginsService({ db, repo: createRedirectOriginsRepo(db), clock })
  const apiKeysRepo = createApiKeysRepo(db)
  const apiKeys = createApiKeysService({ db, repo: apiKeysRepo, clock, ids })
  const identity = createIdentityCache(db, { apiKeys, workspaces })
  const auth = createAuthenticator({
    apiKeys: { authenticate: identity.authenticateKey },
    workspaces: { get: identity.workspaceByName },
    ...(deps.adminToken && { adminToken: deps.adminToken }),
  })
  const rateLimits = createRateLimiter({ clock, workspaceOf: identity.workspaceById })

  // Catalog
  const providers = createProvidersService({ db, repo: createProvidersRepo(db), settings, clock, search })
  providers.syncCatalog(deps.catalog ?? loadCatalog())
  const providerConfigsRepo = createProviderConfigsRepo(db)
  const providerConfigs = createProviderConfigsService({
    repo: providerConfigsRepo,
    providers,
    box,
    clock,
    ids,
    changeStamp: createTableStamp(db, ['provider_configs']),
  })

  // Connections: the connect flows (sessions, OAuth callback, the offline simulator)
  const ledger = createTokenLedger({ db, clock, ids })
  const simulator = createSimulator({ clock, providers, workspaces, ledger })
  const flows = createFlowClients({ providers, providerConfigs, simulator })
  const connectionsRepo = createConnectionsRepo(db)
  const connections = createConnectionsService({
    db,
    repo: connectionsRepo,
    box,
    events,
    flows,
    simulator,
    clock,
    ids,
  })
  const installationsRepo = createInstallationsRepo(db)
  const installations = createInstallationsService({ db, repo: installationsRepo, events, clock, ids })
  const sessionsRepo = createSessionsRepo(db)
  const sessions = createSessionsService({
    db,
    repo: sessionsRepo,
    providers,
    providerConfigs,
    connections,
    redirectOrigins,
    flows,
    events,
    box,
    clock,
    ids,
  })
  const oauthCallback = createCallbackHandler({
    db,
    repo: sessionsRepo,
    connections,
    installations,
    flows,
    providers,
    events,
    box,
    clock,
  })
  const credentials = createCredentials({ connections, events, clock })
  const apiBaseUrl = createConnectionApiBaseUrl({ connections, providers, providerConfigs })

  // Webhooks: inbound capture, the delivery log and replay, outbound endpoints, triggers
  const webhooks = createWebhooksService({ db, events, providers, providerConfigs, workspaces, clock, ids })
  const deliveries = createDeliveriesService({
    db,
    repo: createDeliveriesRepo(db),
    events,
    providers,
    providerConfigs,
    clock,
    ids,
  })
  const outboundMessages = createOutboundMessagesRepo(db)
  const webhookEndpoints = createWebhookEndpointsService({
    repo: createWebhookEndpointsRepo(db),
    messages: outboundMessages,
    box,
    clock,
    ids,
  })
  const dispatcher = createDispatcher({
    db,
    clock,
    messages: outboundMessages,
    endpoints: webhookEndpoints,
    events,
    deliveries,
    userAgent: 'Switchyard-Webhooks/1.0',
  })
  // The outbox: the gateway's own events, queued in the writing transaction, dispatched once it commits.
  events.onEmit(
    (workspaceId, event) => {
      if (event.source !== 'gateway') return
      if (webhookEndpoints.enqueue(workspaceId, event) > 0) afterCommit(db, dispatcher.wake)
    },
    (workspaceId, type) => webhookEndpoints.subscribed(workspaceId, type),
  )
  const openapiDocs = createOpenApiDocsService({ db, repo: createOpenApiDocsRepo(db), providers, clock })
  const triggers = createTriggersService({
    providers,
    providerConfigs,
    webhooks,
    workspaces,
    clock,
    ids,
    openapi: openapiDocs,
  })

  // Data plane: mock routes, the simulation and recordings answer the proxy (cassettes carry mock routes)
  const mockRoutes = createMockRoutesService({ db, repo: createMockRoutesRepo(db), providers, clock, ids })
  const recordingsRepo = createRecordingsRepo(db)
  const recordings = createRecordingsService({
    repo: recordingsRepo,
    clock,
    ids,
    matcher: createReplayIndex(db, recordingsRepo),
  })
  const cassettes = createCassettes({ db, recordings, mockRoutes, openapi: openapiDocs })
  const simulation = createSimulation({
    db,
    clock,
    ids,
    repo: createSimulationRepo(db),
    ledger,
    connections,
    credentials,
    events,
    deliver: (workspaceId, provider, sample, host, attribution) =>
      triggers.deliver(workspaceId, provider, sample, host, attribution),
    simulations: BUILT_IN_SIMULATIONS,
    ...(deps.simulationIds && { simulationIds: deps.simulationIds }),
  })
  const openapiAnswerer = createOpenApiAnswerer({
    docs: openapiDocs,
    repo: createOpenApiStateRepo(db),
    clock,
    send: simulation.send,
  })
  const proxy = createProxy({
    db,
    clock,
    connections,
    credentials,
    providers,
    providerConfigs,
    recordings,
    events,
    // The offline links of the chains (proxy/chain.ts says which mode asks which, in what order).
    offline: {
      mockRoutes: mockRoutes.answerer,
      ...simulationAnswerers(simulation),
      openapi: openapiAnswerer,
      recordings: createRecordingsAnswerer(recordings),
    },
    validate: (call, answer) => validateExchange(openapiDocs, call, answer),
    disk,
  })

  // The gateway's own errors on /proxy, in the connection's provider's dialect
  const gatewayErrors = createGatewayErrors({
    connection(workspaceId, id) {
      try {
        return connections.get(workspaceId, id)
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') return undefined
        throw err
      }
    },
    simulations: BUILT_IN_SIMULATIONS,
    ids: deps.simulationIds ?? randomSimulationIds,
  })

  // Snapshots and sync
  const snapshots = createSnapshots({ db, encryptionKey: deps.encryptionKey })
  snapshots.onReset(() => providers.resync())
  const sync = createSyncService({
    db,
    clock,
    ids,
    events,
    providers,
    openUpstream: deps.openUpstream ?? noUpstream,
  })

  // The dashboard's overview: exact counts straight from the tables
  const overview = createOverview({
    clock,
    workspaces,
    apiKeys: apiKeysRepo,
    connections: connectionsRepo,
    installations: installationsRepo,
    providerConfigs: providerConfigsRepo,
    events: eventsRepo,
  })

  let closing: Promise<void> | undefined
  return {
    db,
    disk,
    clock,
    ids,
    settings,
    box,
    search,
    events,
    eventWaits: createEventWaits(events),
    workspaces,
    redirectOrigins,
    apiKeys,
    auth,
    rateLimits,
    providers,
    providerConfigs,
    simulator,
    connections,
    installations,
    sessions,
    oauthCallback,
    credentials,
    apiBaseUrl,
    webhooks,
    deliveries,
    outboundMessages,
    webhookEndpoints,
    dispatcher,
    triggers,
    recordings,
    cassettes,
    mockRoutes,
    simulation,
    openapiDocs,
    proxy,
    gatewayErrors,
    snapshots,
    sync,
    overview,
    /**
     * Called as each request starts: what other connections committed before it is seen by it,
     * whatever the memos hold (table-stamp.ts).
     */
    freshReads: () => forgetTableVersions(db),
    /**
     * Stops what core started, outside in: no new outbound deliveries, the simulation's queued
     * webhooks captured, the proxy's pending events written, live feeds ended, group commit and its
     * worker done, the read thread closed. Idempotent. The database stays open: whoever opened it
     * closes it after this.
     */
    close(): Promise<void> {
      closing ??= (async () => {
        dispatcher.stop()
        await simulation.close()
        proxy.close()
        await events.close()
        await search.close()
      })()
      return closing
    },
  }
}
export type Core = ReturnType<typeof createCore>
