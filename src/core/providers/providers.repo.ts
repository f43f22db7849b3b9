import type { Db } from '../db/open.js'
import type { Catalog } from './catalog.js'
import type { Provider, ProviderAuth } from './providers.schema.js'

export const CATALOG_SCOPE = ''

export interface ProviderRow {
  workspace_id: string
  id: string
  name: string
  description: string
  tags: string
  categories: string
  color: string
  auth_type: Provider['auth_type']
  auth: string
  webhooks: string | null
  docs_url: string | null
  created_at: string
  updated_at: string
}

export const PROVIDER_COLUMNS =
  'workspace_id, id, name, description, tags, categories, color, auth_type, auth, webhooks, docs_url, created_at, updated_at'

export const toProvider = (row: ProviderRow): Provider => ({
  id: row.id,
  name: row.name,
  description: row.description,
  tags: JSON.parse(row.tags) as string[],
  categories: JSON.parse(row.categories) as string[],
  color: row.color,
  auth_type: row.auth_type,
  auth: JSON.parse(row.auth) as ProviderAuth,
  webhooks: row.webhooks ? (JSON.parse(row.webhooks) as Provider['webhooks']) : null,
  docs_url: row.docs_url,
  custom: row.workspace_id !== CATALOG_SCOPE,
  logo_url: `/providers/${row.id}/logo.svg`,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for providers (catalog rows have workspace_id '', custom rows their workspace's id). */
export function createProvidersRepo(db: Db) {
  // A workspace's own provider wins over a catalog entry of the same id (ids never collide, but be explicit).
  const get = db.prepare(
    `SELECT ${PROVIDER_COLUMNS} FROM providers WHERE id = @id AND workspace_id IN ('', @workspace_id)
     ORDER BY workspace_id DESC LIMIT 1`,
  )
  const upsertCatalog = db.prepare(
    `INSERT INTO providers (${PROVIDER_COLUMNS})
     VALUES ('', @id, @name, @description, @tags, @categories, @color, @auth_type, @auth, @webhooks, @docs_url, @now, @now)
     ON CONFLICT (workspace_id, id) DO UPDATE SET name = excluded.name, description = excluded.description,
       tags = excluded.tags, categories = excluded.categories, color = excluded.color, auth_type = excluded.auth_type,
       auth = excluded.auth, webhooks = excluded.webhooks, docs_url = excluded.docs_url, updated_at = excluded.updated_at`,
  )
  const catalogIds = db.prepare(`SELECT id FROM providers WHERE workspace_id = ''`)
  const deleteCatalog = db.prepare(`DELETE FROM providers WHERE workspace_id = '' AND id = ?`)
  const clearCategories = db.prepare('DELETE FROM categories')
  const insertCategory = db.prepare(
    'INSERT INTO categories (id, name, description) VALUES (@id, @name, @description)',
  )

  return {
    get(workspaceId: string, id: string): Provider | undefined {
      const row = get.get({ id, workspace_id: workspaceId }) as ProviderRow | undefined
      return row ? toProvider(row) : undefined
    },
    /** Replaces the built-in catalog rows with the catalog files' content (custom rows untouched). */
    syncCatalog(catalog: Catalog, now: string) {
      const keep = new Set(catalog.providers.map((p) => p.id))
      for (const p of catalog.providers) {
        upsertCatalog.run({
          id: p.id,
          name: p.name,
          description: p.description,
          tags: JSON.stringify(p.tags),
          categories: JSON.stringify(p.categories),
          color: p.color,
          auth_type: p.auth.type,
          auth: JSON.stringify(p.auth),
          webhooks: p.webhooks ? JSON.stringify(p.webhooks) : null,
          docs_url: p.docs_url,
          now,
        })
      }
      for (const { id } of catalogIds.all() as Array<{ id: string }>) if (!keep.has(id)) deleteCatalog.run(id)
      clearCategories.run()
      for (const c of catalog.categories) insertCategory.run(c)
    },
  }
}
export type ProvidersRepo = ReturnType<typeof createProvidersRepo>
