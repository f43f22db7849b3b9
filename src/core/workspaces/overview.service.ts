import type { ApiKeysRepo } from '../api-keys/api-keys.repo.js'
import { type Clock, isoAt } from '../common/clock.js'
import type { ConnectionsRepo } from '../connections/connections.repo.js'
import type { EventsRepo } from '../events/events.repo.js'
import type { InstallationsRepo } from '../installations/installations.repo.js'
import type { ProviderConfigsRepo } from '../provider-configs/provider-configs.repo.js'
import type { WorkspacesService } from './workspaces.service.js'

/** Minutes of history in the overview's events-per-minute chart. */
export const CHART_MINUTES = 60

/**
 * The dashboard overview's numbers: exact record counts (one `COUNT(*)` each) and events per minute
 * over the last hour.
 */
export function createOverview(deps: {
  clock: Clock
  workspaces: WorkspacesService
  apiKeys: Pick<ApiKeysRepo, 'countActive'>
  connections: Pick<ConnectionsRepo, 'countUsable'>
  installations: Pick<InstallationsRepo, 'count'>
  providerConfigs: Pick<ProviderConfigsRepo, 'count'>
  events: Pick<EventsRepo, 'perMinute'>
}) {
  return (workspaceId: string) => {
    const firstMinute = Math.floor(deps.clock.now() / 60_000) * 60_000 - (CHART_MINUTES - 1) * 60_000
    const minutes = Array.from({ length: CHART_MINUTES }, (_, i) => isoAt(firstMinute + i * 60_000))
    const counted = new Map(
      deps.events.perMinute(workspaceId, minutes[0]!).map(({ minute, n }) => [minute, n]),
    )
    let eventsLastHour = 0
    for (const n of counted.values()) eventsLastHour += n
    return {
      workspace: deps.workspaces.getById(workspaceId),
      counts: {
        api_keys: deps.apiKeys.countActive(workspaceId),
        connections: deps.connections.countUsable(workspaceId),
        installations: deps.installations.count(workspaceId),
        provider_configs: deps.providerConfigs.count(workspaceId),
        events_last_hour: eventsLastHour,
      },
      events_per_minute: minutes.map((minute) => ({ minute, count: counted.get(minute.slice(0, 16)) ?? 0 })),
    }
  }
}
export type Overview = ReturnType<ReturnType<typeof createOverview>>
