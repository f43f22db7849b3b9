import type { Clock } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import type { Db } from '../db/open.js'
import type { EventsService } from '../events/events.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { createSyncRepo } from './sync.repo.js'
import { createSyncJobs } from './sync-jobs.js'
import { createSyncPull } from './sync-pull.js'
import { createSyncPush } from './sync-push.js'
import type { OpenUpstream } from './upstream.js'

/**
 * Upstream sync: pull an upstream workspace in, push captured webhooks out, the stored watermarks,
 * and background jobs of both (for the UI).
 */
export function createSyncService(deps: {
  db: Db
  clock: Clock
  ids: Ids
  events: EventsService
  providers: ProvidersService
  openUpstream: OpenUpstream
}) {
  const repo = createSyncRepo(deps.db)
  const service = {
    ...createSyncPull({ ...deps, repo }),
    ...createSyncPush({ repo, clock: deps.clock }),
    /** The stored watermarks of a workspace, per upstream and resource. */
    state: (workspaceId: string) => repo.watermarks(workspaceId),
    /** The upstream a local row was pulled from, or undefined when it was made here. */
    originOf: repo.originOf,
  }
  return { ...service, jobs: createSyncJobs({ sync: service, clock: deps.clock, ids: deps.ids }) }
}
export type SyncService = ReturnType<typeof createSyncService>
