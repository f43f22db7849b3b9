import { type Clock, isoAt } from '../common/clock.js'
import { memoUntilChange } from '../db/change-stamp.js'
import { afterCommit, type Db, inTransaction } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import { notFound } from '../errors.js'
import type { SearchPage, SearchRequest } from '../search/search.schema.js'
import type { SearchEngine } from '../search/search-engine.js'
import { normalizeQuery } from '../search/text-index.js'
import type { SettingsRepo } from '../settings/settings.repo.js'
import type { Catalog } from './catalog.js'
import { createCustomProviders } from './custom-providers.js'
import { monogramSvg } from './logo.js'
import { createProvidersIndex } from './providers.index.js'
import { logoVersion, type ProvidersRepo } from './providers.repo.js'
import type { CategoryWithCount, Provider } from './providers.schema.js'
import { type ProvidersSearchable, providersSearchable } from './providers.searchable.js'

/** Providers: the built-in catalog plus each workspace's custom providers, with relevance search. */
export function createProvidersService(deps: {
  db: Db
  repo: ProvidersRepo
  settings: SettingsRepo
  clock: Clock
  search: SearchEngine
}) {
  const { db, repo, settings, clock, search } = deps
  const index = createProvidersIndex({ repo })
  // Every proxied call looks its provider up; the rows change rarely (the memo is emptied by any write).
  const findMemo = memoUntilChange(createTableStamp(db, ['providers']), (key: string) => {
    const [workspaceId, id] = key.split('\0') as [string, string]
    return repo.get(workspaceId, id)
  })
  // Built on first use (it compiles the filter schemas; no start pays for that), again after a sync.
  let searchable: ProvidersSearchable | undefined
  const searchableNow = () => {
    searchable ??= providersSearchable(repo.categories().map((c) => c.id))
    return searchable
  }
  let catalogFiles: Catalog | undefined
  // The relevance index is built from SQLite by the first query search after boot (tens of ms), not
  // during boot: startup and CLI commands that never search do not pay for it. Until then there is
  // nothing to refresh after a change; the build reads the committed rows.
  let indexed = false
  const ensureIndex = () => {
    if (indexed) return
    index.rebuild()
    indexed = true
  }

  /** Copies the catalog files into SQLite unless it holds them already; the index follows. */
  const syncCatalog = (catalog: Catalog) => {
    catalogFiles = catalog
    const stored = repo.catalogCounts()
    const filled = stored.providers > 0 && stored.categories > 0
    // The files' fingerprint (sizes, times) first, then their hash: an unchanged catalog is then
    // neither read nor parsed at boot (startup time).
    const sameFiles =
      catalog.fingerprint !== undefined && settings.get('catalog_fingerprint') === catalog.fingerprint
    if (!filled || (!sameFiles && settings.get('catalog_hash') !== catalog.hash)) {
      inTransaction(db, () => {
        repo.syncCatalog(catalog, isoAt(clock.now()))
        settings.set('catalog_hash', catalog.hash)
      })
    }
    if (catalog.fingerprint !== undefined && !sameFiles)
      settings.set('catalog_fingerprint', catalog.fingerprint)
    searchable = undefined
    indexed = false
  }

  const custom = createCustomProviders({
    db,
    repo,
    clock,
    changed: (workspaceId) =>
      afterCommit(db, () => {
        if (indexed) index.refresh(workspaceId)
      }),
  })

  const get = (scope: string, id: string): Provider => {
    const provider = repo.get(scope, id)
    if (!provider) throw notFound('Provider', id)
    return provider
  }

  return {
    syncCatalog,
    /**
     * After the data was replaced wholesale (snapshot import, reset): puts the catalog files back
     * if the database no longer matches them, and rebuilds the search index from what is stored.
     */
    resync() {
      if (catalogFiles) syncCatalog(catalogFiles)
    },
    /** A catalog or custom provider visible to the workspace, or undefined. */
    find: (workspaceId: string, id: string): Provider | undefined => findMemo(`${workspaceId}\0${id}`),
    /** Like find, but a missing provider is a 404. */
    get,
    /**
     * Searches what the scope sees ('' = the public catalog). With `query`, results are ranked by
     * relevance (unless `sort` is given) and the walk is pinned to the ranking it started on.
     */
    search(scope: string, request: SearchRequest): SearchPage<Partial<Provider>> {
      const query = request.query === undefined ? '' : normalizeQuery(request.query)
      if (!query) return search.search(searchableNow(), scope, { ...request, query: undefined })
      ensureIndex()
      return search.search(searchableNow(), scope, request, {
        ranking: { query, rank: (version) => index.rank(scope, query, version) },
      })
    },
    /** Every category with the number of providers the scope sees in it. */
    categories: (scope: string): CategoryWithCount[] => repo.categoryCounts(scope),
    /** The monogram logo of a provider the scope sees, with the version its `logo_url` carries. */
    logo(scope: string, id: string): { svg: string; version: string } {
      const { name, color } = get(scope, id)
      return { svg: monogramSvg(name, color), version: logoVersion(name, color) }
    },
    ...custom,
  }
}
export type ProvidersService = ReturnType<typeof createProvidersService>
