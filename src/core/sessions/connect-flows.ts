import type { Clock } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { createConnectionsRepo } from '../connections/connections.repo.js'
import { createConnectionsService } from '../connections/connections.service.js'
import type { SecretBox } from '../crypto/secret-box.js'
import type { Db } from '../db/open.js'
import type { EventsService } from '../events/events.service.js'
import { createInstallationsRepo } from '../installations/installations.repo.js'
import { createInstallationsService } from '../installations/installations.service.js'
import { createCallbackHandler } from '../oauth/callback.service.js'
import { createFlowClients } from '../oauth/flow-clients.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
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
}) {
  const { db, box, clock, ids, workspaces, redirectOrigins, providers, providerConfigs, events } = deps
  const simulator = createSimulator({ clock, providers, workspaces })
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
  return { simulator, connections, installations, sessions, oauthCallback }
}
