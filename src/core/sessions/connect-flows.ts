import type { Clock } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { createConnectionsRepo } from '../connections/connections.repo.js'
import { createConnectionsService } from '../connections/connections.service.js'
import type { SecretBox } from '../crypto/secret-box.js'
import type { Db } from '../db/open.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import { createInstallationsRepo } from '../installations/installations.repo.js'
import { createInstallationsService } from '../installations/installations.service.js'
import { createCallbackHandler } from '../oauth/callback.service.js'
import { createFlowClients } from '../oauth/flow-clients.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import { resolveApiBaseUrl } from '../providers/api-base-url.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { TokenLedger } from '../simulation/token-ledger.js'
import { createSimulator } from '../simulator/simulator.service.js'
import type { RedirectOriginsService } from '../workspaces/redirect-origins.service.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import { createSessionsRepo } from './sessions.repo.js'
import { createSessionsService } from './sessions.service.js'

/** Builds the connect-flow services (sessions, callback, simulator, connections, installations) on one database. */
export function createConnectFlows(deps: {
  db: Db
  box: SecretBox
  clock: Clock
  ids: Ids
  workspaces: WorkspacesService
  redirectOrigins: RedirectOriginsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  events: EventsService
  /** Records the simulator's tokens for the simulated provider APIs (issue 18). */
  ledger?: TokenLedger
}) {
  const { db, box, clock, ids, workspaces, redirectOrigins, providers, providerConfigs, events } = deps
  const simulator = createSimulator({ clock, providers, workspaces, ledger: deps.ledger })
  const flows = createFlowClients({ providers, providerConfigs, simulator })
  const connections = createConnectionsService({
    db,
    repo: createConnectionsRepo(db),
    box,
    events,
    flows,
    simulator,
    clock,
    ids,
  })
  const installations = createInstallationsService({
    db,
    repo: createInstallationsRepo(db),
    events,
    clock,
    ids,
  })
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
  /**
   * The base URL of a connection's provider API (what the proxy calls): the connection's provider
   * config override, else the provider's, with placeholders filled from the connection's params and
   * metadata. A config deleted since the connect no longer overrides anything.
   */
  const apiBaseUrl = (workspaceId: string, connectionId: string): string => {
    const connection = connections.get(workspaceId, connectionId)
    const provider = providers.find(workspaceId, connection.provider)
    if (!provider) {
      throw new AppError('conflict', `Provider '${connection.provider}' no longer exists in this workspace.`)
    }
    let configBaseUrl: string | null = null
    if (connection.provider_config_id) {
      try {
        configBaseUrl = providerConfigs.get(workspaceId, connection.provider_config_id).api_base_url
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err
      }
    }
    return resolveApiBaseUrl({ provider, configBaseUrl, connection })
  }
  return { simulator, connections, installations, sessions, oauthCallback, apiBaseUrl }
}
