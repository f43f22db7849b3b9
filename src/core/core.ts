import { randomBytes } from 'node:crypto'
import { createApiKeysRepo } from './api-keys/api-keys.repo.js'
import { createApiKeysService } from './api-keys/api-keys.service.js'
import { createAuthenticator } from './auth/authenticate.js'
import { type Clock, systemClock } from './common/clock.js'
import { type Ids, randomIds } from './common/ids.js'
import { createCredentials } from './connections/credentials.js'
import { createSecretBox } from './crypto/secret-box.js'
import type { Db } from './db/open.js'
import { createEventsRepo } from './events/events.repo.js'
import { createEventsService } from './events/events.service.js'
import { createMockRoutesRepo } from './mock-routes/mock-routes.repo.js'
import { createMockRoutesService } from './mock-routes/mock-routes.service.js'
import { createProviderConfigsRepo } from './provider-configs/provider-configs.repo.js'
import { createProviderConfigsService } from './provider-configs/provider-configs.service.js'
import { type Catalog, loadCatalog } from './providers/catalog.js'
import { createProvidersRepo } from './providers/providers.repo.js'
import { createProvidersService } from './providers/providers.service.js'
import { recordingsAnswerer } from './proxy/answerers.js'
import { createProxy } from './proxy/proxy.service.js'
import { createRateLimiter } from './rate-limits/rate-limiter.js'
import { createRecordingsRepo } from './recordings/recordings.repo.js'
import { createRecordingsService } from './recordings/recordings.service.js'
import { createCursorCodec } from './search/cursor.js'
import { createSearchEngine } from './search/search-engine.js'
import { createConnectFlows } from './sessions/connect-flows.js'
import { createSettingsRepo } from './settings/settings.repo.js'
import { createSimulationRepo } from './simulation/simulation.repo.js'
import { createSimulation } from './simulation/simulation.service.js'
import { BUILT_IN_SIMULATIONS } from './simulation/simulations.js'
import { createTokenLedger } from './simulation/token-ledger.js'
import { createSnapshots } from './snapshots/snapshots.service.js'
import { createSyncService } from './sync/sync.service.js'
import { createWebhookCapture } from './webhooks/webhook-capture.js'
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
}

/** Builds every core service on one database. No HTTP here: the server and the CLI both use this. */
export function createCore(deps: CoreDeps) {
  const { db } = deps
  const clock = deps.clock ?? systemClock
  const ids = deps.ids ?? randomIds
  const settings = createSettingsRepo(db)
  const box = createSecretBox(deps.encryptionKey)
  const cursorSecret = Buffer.from(
    settings.getOrCreate('cursor_secret', () => randomBytes(32).toString('base64')),
    'base64',
  )
  const search = createSearchEngine({ db, cursors: createCursorCodec(cursorSecret) })
  const workspaces = createWorkspacesService({ repo: createWorkspacesRepo(db), clock, ids })
  const redirectOrigins = createRedirectOriginsService({ db, repo: createRedirectOriginsRepo(db), clock })
  const apiKeys = createApiKeysService({ repo: createApiKeysRepo(db), clock, ids })
  const auth = createAuthenticator({
    apiKeys,
    workspaces,
    ...(deps.adminToken && { adminToken: deps.adminToken }),
  })
  const rateLimits = createRateLimiter({ clock, workspaceOf: (id) => workspaces.getById(id) })
  const providers = createProvidersService({ db, repo: createProvidersRepo(db), settings, clock, search })
  providers.syncCatalog(deps.catalog ?? loadCatalog())
  const providerConfigs = createProviderConfigsService({
    repo: createProviderConfigsRepo(db),
    providers,
    box,
    clock,
    ids,
  })
  const events = createEventsService({ db, repo: createEventsRepo(db), clock, ids })
  const ledger = createTokenLedger({ db, clock, ids })
  const connectFlows = createConnectFlows({
    db,
    box,
    clock,
    ids,
    workspaces,
    redirectOrigins,
    providers,
    providerConfigs,
    events,
    ledger,
  })
  const credentials = createCredentials({ connections: connectFlows.connections, clock })
  // Mock routes: declarative answers, asked before the simulation (issue 18); cassettes carry them.
  const mockRoutes = createMockRoutesService({ db, repo: createMockRoutesRepo(db), providers, clock, ids })
  const recordings = createRecordingsService({ db, repo: createRecordingsRepo(db), clock, ids, mockRoutes })
  const webhookCapture = createWebhookCapture({
    db,
    box,
    clock,
    ids,
    events,
    providers,
    providerConfigs,
    workspaces,
  })
  const simulation = createSimulation({
    db,
    clock,
    ids,
    repo: createSimulationRepo(db),
    ledger,
    connections: connectFlows.connections,
    credentials,
    events,
    deliver: (workspaceId, provider, sample) =>
      webhookCapture.triggers.deliver(workspaceId, provider, sample),
    simulations: BUILT_IN_SIMULATIONS,
  })
  const proxy = createProxy({
    db,
    clock,
    connections: connectFlows.connections,
    credentials,
    providers,
    providerConfigs,
    recordings,
    events,
    // Simulated connections and replay mode ask these in order: the workspace's mock routes, the
    // built-in simulation (which passes on real connections' replays and on calls it does not
    // simulate), then recordings.
    answerers: [mockRoutes.answerer, simulation.answerer, recordingsAnswerer(recordings)],
  })
  const snapshots = createSnapshots({ db, encryptionKey: deps.encryptionKey })
  snapshots.onReset(() => providers.resync())
  return {
    db,
    clock,
    ids,
    settings,
    box,
    search,
    workspaces,
    redirectOrigins,
    apiKeys,
    auth,
    rateLimits,
    providers,
    providerConfigs,
    events,
    snapshots,
    credentials,
    recordings,
    mockRoutes,
    proxy,
    simulation,
    sync: createSyncService({ db, clock, ids, events, providers }),
    ...connectFlows,
    ...webhookCapture,
  }
}
export type Core = ReturnType<typeof createCore>
