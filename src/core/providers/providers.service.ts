import { type Clock, isoAt } from '../common/clock.js'
import { type Db, inTransaction } from '../db/open.js'
import { notFound } from '../errors.js'
import type { SettingsRepo } from '../settings/settings.repo.js'
import type { Catalog } from './catalog.js'
import type { ProvidersRepo } from './providers.repo.js'
import type { Provider } from './providers.schema.js'

/** Providers: the built-in catalog plus each workspace's custom providers. */
export function createProvidersService(deps: {
  db: Db
  repo: ProvidersRepo
  settings: SettingsRepo
  clock: Clock
}) {
  const { db, repo, settings, clock } = deps
  return {
    /** Copies the catalog files into SQLite when they changed since the last boot. */
    syncCatalog(catalog: Catalog) {
      if (settings.get('catalog_hash') === catalog.hash) return
      inTransaction(db, () => {
        repo.syncCatalog(catalog, isoAt(clock.now()))
        settings.set('catalog_hash', catalog.hash)
      })
    },
    /** A catalog or custom provider visible to the workspace, or undefined. */
    find: (workspaceId: string, id: string): Provider | undefined => repo.get(workspaceId, id),
    /** Like find, but a missing provider is a 404. */
    get(workspaceId: string, id: string): Provider {
      const provider = repo.get(workspaceId, id)
      if (!provider) throw notFound('Provider', id)
      return provider
    },
  }
}
export type ProvidersService = ReturnType<typeof createProvidersService>
