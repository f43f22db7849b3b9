import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { AppError, notFound } from '../errors.js'
import type { Tier } from './tiers.js'
import type { WorkspacesRepo } from './workspaces.repo.js'
import type { Workspace } from './workspaces.schema.js'

export const DEFAULT_WORKSPACE = 'default'

/** Workspace rules: unique names, tiers, and custom limits only where they make sense. */
export function createWorkspacesService(deps: { repo: WorkspacesRepo; clock: Clock; ids: Ids }) {
  const { repo, clock, ids } = deps

  const checkRpm = (tier: Tier, rpm: number | undefined) => {
    if (rpm !== undefined && tier !== 'enterprise') {
      throw new AppError(
        'invalid_request',
        `A custom rpm applies to the enterprise tier only (tier was '${tier}').`,
        {
          errors: [{ pointer: '/rpm', detail: 'only allowed with tier enterprise' }],
        },
      )
    }
  }

  return {
    create(input: { name: string; tier: Tier; rpm?: number | undefined }): Workspace {
      checkRpm(input.tier, input.rpm)
      if (repo.findByName(input.name))
        throw new AppError('conflict', `Workspace '${input.name}' already exists.`)
      return repo.insert({
        id: ids.next('ws'),
        name: input.name,
        tier: input.tier,
        rpm: input.rpm ?? null,
        created_at: isoAt(clock.now()),
      })
    },
    list: () => repo.list(),
    isEmpty: () => repo.count() === 0,
    get(name: string): Workspace {
      const ws = repo.findByName(name)
      if (!ws) throw notFound('Workspace', name)
      return ws
    },
    getById(id: string): Workspace {
      const ws = repo.findById(id)
      if (!ws) throw notFound('Workspace', id)
      return ws
    },
    setTier(name: string, tier: Tier, rpm?: number): Workspace {
      checkRpm(tier, rpm)
      if (repo.setTier(name, tier, rpm ?? null) === 0) throw notFound('Workspace', name)
      return this.get(name)
    },
  }
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>
