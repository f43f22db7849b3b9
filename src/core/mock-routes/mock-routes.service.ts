import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError, invalid, notFound } from '../errors.js'
import type { ProvidersService } from '../providers/providers.service.js'
import { createMockRoutesAnswerer } from './mock-routes.answerer.js'
import type { MockRoutesRepo } from './mock-routes.repo.js'
import { toMockRoute } from './mock-routes.repo.js'
import {
  type CreateMockRoute,
  MAX_MOCK_ROUTES,
  type MockRoute,
  type MockRouteEntry,
  NO_BODY_STATUSES,
  type UpdateMockRoute,
} from './mock-routes.schema.js'

/**
 * Mock routes: a workspace's declarative answers for a provider's API (the way to give a
 * provider without a built-in simulation one). CRUD, cassette/fixture import by id, and the proxy
 * answerer that runs first for simulated connections and replay-mode calls.
 */
export function createMockRoutesService(deps: {
  db: Db
  repo: MockRoutesRepo
  providers: ProvidersService
  clock: Clock
  ids: Ids
}) {
  const { db, repo, providers, clock, ids } = deps

  /** Rules that span fields (the schema checks each field on its own). */
  const check = (route: { status: number; body: string }, base = '') => {
    if (NO_BODY_STATUSES.has(route.status) && route.body !== '') {
      throw invalid(`A ${route.status} answer has no body.`, [
        { pointer: `${base}/body`, detail: `must be empty for status ${route.status}` },
      ])
    }
  }
  const checkProvider = (workspaceId: string, provider: string) => {
    if (!providers.find(workspaceId, provider)) {
      throw invalid(`Unknown provider '${provider}'.`, [
        {
          pointer: '/provider',
          detail: 'not a provider of the catalog or a custom provider of this workspace',
        },
      ])
    }
  }
  const rowOf = (
    workspaceId: string,
    id: string,
    route: CreateMockRoute,
    createdAt: string,
    now: string,
  ) => ({
    workspace_id: workspaceId,
    id,
    provider: route.provider,
    method: route.method,
    path: route.path,
    status: route.status,
    headers: JSON.stringify(route.headers),
    body: route.body,
    description: route.description ?? null,
    enabled: route.enabled ? 1 : 0,
    created_at: createdAt,
    updated_at: now,
  })
  const find = (workspaceId: string, id: string) => {
    const row = repo.get(workspaceId, id)
    if (!row) throw notFound('Mock route', id)
    return row
  }

  return {
    /** The proxy answerer (first in the chain; see mock-routes.answerer.ts). */
    answerer: createMockRoutesAnswerer({ repo, clock }),

    /** The workspace's mock routes (of one provider, or all), by provider, path and method. */
    list: (workspaceId: string, provider?: string): MockRoute[] =>
      repo.list(workspaceId, provider ?? null).map(toMockRoute),

    get: (workspaceId: string, id: string): MockRoute => toMockRoute(find(workspaceId, id)),

    create(workspaceId: string, input: CreateMockRoute): MockRoute {
      checkProvider(workspaceId, input.provider)
      check(input)
      if (repo.count(workspaceId) >= MAX_MOCK_ROUTES) {
        throw new AppError(
          'conflict',
          `A workspace holds at most ${MAX_MOCK_ROUTES} mock routes; delete some first.`,
        )
      }
      const now = isoAt(clock.now())
      const row = rowOf(workspaceId, ids.next('mock'), input, now, now)
      repo.put(row)
      return toMockRoute(row)
    },

    update(workspaceId: string, id: string, patch: UpdateMockRoute): MockRoute {
      const current = toMockRoute(find(workspaceId, id))
      const next: CreateMockRoute = {
        ...current,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      }
      if (patch.provider !== undefined) checkProvider(workspaceId, next.provider)
      check(next)
      const row = rowOf(workspaceId, id, next, current.created_at, isoAt(clock.now()))
      repo.put(row)
      return toMockRoute(row)
    },

    remove(workspaceId: string, id: string): void {
      if (repo.remove(workspaceId, id) === 0) throw notFound('Mock route', id)
    },

    /**
     * Stores routes from a cassette or fixtures file, in one transaction: a route with an id
     * already stored is replaced. With `keepExisting`, it is left as it is instead (fixtures
     * converge by creating what is missing). Returns how many were written.
     */
    importRoutes(
      workspaceId: string,
      entries: readonly MockRouteEntry[],
      options: { base?: string; keepExisting?: boolean } = {},
    ): number {
      entries.forEach((entry, i) => {
        check(entry, `${options.base ?? ''}/${i}`)
      })
      return inTransaction(db, () => {
        let written = 0
        const now = isoAt(clock.now())
        for (const entry of entries) {
          if (options.keepExisting && repo.get(workspaceId, entry.id)) continue
          const createdAt = entry.created_at ? new Date(entry.created_at).toISOString() : now
          repo.put(rowOf(workspaceId, entry.id, entry, createdAt, now))
          written++
        }
        return written
      })
    },

    /** Routes as a cassette carries them (of one provider, or all). */
    exportRoutes(workspaceId: string, provider?: string): MockRouteEntry[] {
      return repo.list(workspaceId, provider ?? null).map((row) => {
        const { updated_at: _updated, ...route } = toMockRoute(row)
        return route
      })
    },
  }
}
export type MockRoutesService = ReturnType<typeof createMockRoutesService>
