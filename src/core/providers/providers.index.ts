import { createHash } from 'node:crypto'
import { AppError } from '../errors.js'
import type { Ranking } from '../search/search-engine.js'
import { buildTextIndex, type TextDocument, type TextIndex } from '../search/text-index.js'
import { type ProviderRow, type ProvidersRepo, toProvider } from './providers.repo.js'
import type { Provider } from './providers.schema.js'

/** Field boosts (a name match counts most, then tags, categories, description); an exact name comes first. */
const OPTIONS = { fields: { name: 5, tags: 2, categories: 1.5, description: 1 }, exact: 'name' }

/** Ranked lists kept for cursor walks, bounded by the ids they hold in total. */
const CACHE_MAX_IDS = 200_000

interface Entry {
  index: TextIndex
  /** The providers this index covers, by id: relevance pages are served from here, no SQL. */
  items: Map<string, Provider>
  /** Hash of the indexed content: the same documents give the same version, across restarts too. */
  version: string
}

const hashOf = (parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 16)

/**
 * The relevance index of providers, a projection of SQLite: the catalog's index, plus one index per
 * workspace that has custom providers (catalog + its own, so its ranking never depends on another
 * workspace). Built from the rows by `rebuild()`, and for one workspace by `refresh()` after its
 * custom providers changed; ranked lists are kept (bounded) so a cursor walk can finish on the
 * ranking it started with.
 */
export function createProvidersIndex(deps: { repo: ProvidersRepo }) {
  const { repo } = deps
  let categoryNames = new Map<string, string>()
  let catalogDocs = new Map<string, TextDocument>()
  let catalogItems = new Map<string, Provider>()
  let catalog: Entry | undefined
  const workspaces = new Map<string, Entry>()
  const cache = new Map<string, readonly string[]>()
  let cachedIds = 0

  const docOf = (row: ProviderRow): TextDocument => ({
    id: row.id,
    text: {
      name: row.name,
      description: row.description,
      tags: (JSON.parse(row.tags) as string[]).join(' '),
      categories: (JSON.parse(row.categories) as string[])
        .map((c) => `${c} ${categoryNames.get(c) ?? ''}`)
        .join(' '),
    },
  })
  const contentOf = (docs: Iterable<TextDocument>) =>
    [...docs].map((d) => JSON.stringify([d.id, d.text])).sort()

  const remember = (key: string, ids: readonly string[]) => {
    cachedIds -= cache.get(key)?.length ?? 0
    cache.delete(key)
    cache.set(key, ids)
    cachedIds += ids.length
    for (const [oldest, value] of cache) {
      if (cachedIds <= CACHE_MAX_IDS || cache.size <= 1) break
      cache.delete(oldest)
      cachedIds -= value.length
    }
  }

  // Current items even for an older ranking: a provider deleted since drops out, an edit shows.
  const itemsOf = (entry: Entry) => (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const item = entry.items.get(id)
      return item ? [item as unknown as Record<string, unknown>] : []
    })

  const entryFor = (scope: string): Entry => {
    if (!catalog) throw new Error('providers index used before it was built')
    return (scope && workspaces.get(scope)) || catalog
  }

  const index = {
    /** Rebuilds every index from SQLite (boot, or after the catalog was synced). */
    rebuild() {
      categoryNames = new Map(repo.categories().map((c) => [c.id, c.name]))
      const rows = repo.rows('')
      catalogDocs = new Map(rows.map((row) => [row.id, docOf(row)]))
      catalogItems = new Map(rows.map((row) => [row.id, Object.freeze(toProvider(row))]))
      catalog = {
        index: buildTextIndex(catalogDocs.values(), OPTIONS),
        items: catalogItems,
        version: hashOf(contentOf(catalogDocs.values())),
      }
      workspaces.clear()
      cache.clear()
      cachedIds = 0
      for (const workspaceId of repo.workspacesWithCustom()) index.refresh(workspaceId)
    },
    /** Re-projects one workspace's custom providers (call after the change has committed). */
    refresh(workspaceId: string) {
      if (!catalog) return
      const own = repo.rows(workspaceId)
      if (own.length === 0) {
        workspaces.delete(workspaceId)
        return
      }
      const docs = new Map(catalogDocs)
      const items = new Map(catalogItems)
      for (const row of own) {
        docs.set(row.id, docOf(row))
        items.set(row.id, Object.freeze(toProvider(row)))
      }
      workspaces.set(workspaceId, {
        index: buildTextIndex(docs.values(), OPTIONS),
        items,
        version: hashOf([catalog.version, ...contentOf(own.map(docOf))]),
      })
    },
    /**
     * Ids matching `query` that the scope sees, best first. With a `version` (from a cursor) the
     * ranking of that version is returned, so a walk stays consistent while providers change.
     */
    rank(scope: string, query: string, version?: string): Ranking {
      const entry = entryFor(scope)
      if (version !== undefined) {
        const kept = cache.get(`${version}\n${query}`)
        if (kept) return { version, ids: kept, items: itemsOf(entry) }
        if (version !== entry.version) {
          throw new AppError(
            'invalid_cursor',
            'The providers changed since this search started. Run it again without a cursor.',
          )
        }
      }
      const ids = entry.index.search(query)
      remember(`${entry.version}\n${query}`, ids)
      return { version: entry.version, ids, items: itemsOf(entry) }
    },
  }
  return index
}
export type ProvidersIndex = ReturnType<typeof createProvidersIndex>
