import { createHash } from 'node:crypto'
import { opaque } from '../db/opaque-param.js'
import type { Db } from '../db/open.js'
import { simulatedOperations } from '../providers-kit/simulated-operations.js'
import type { Catalog } from './catalog.js'
import type { Placeholders, ProviderApi } from './connect.schema.js'
import {
  type Category,
  type CategoryWithCount,
  defaultTokenResponse,
  type Provider,
  type ProviderAuth,
} from './providers.schema.js'

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
  /** JSON object: placeholder → where its value comes from. */
  placeholders: string
  /** JSON `{base_url}` or null. */
  api: string | null
  created_at: string
  updated_at: string
}

export const PROVIDER_COLUMNS =
  'workspace_id, id, name, description, tags, categories, color, auth_type, auth, webhooks, docs_url, placeholders, api, created_at, updated_at'

/**
 * Rows a scope can see: its own providers, and catalog rows no own provider shadows (ids never
 * collide at creation, but a later catalog update could add one). Scope '' sees the catalog.
 */
export const VISIBLE_PROVIDERS = `(providers.workspace_id = ${opaque('scope')} OR (providers.workspace_id = '' AND NOT EXISTS (
  SELECT 1 FROM providers AS own WHERE own.workspace_id = ${opaque('scope')} AND own.id = providers.id)))`

/** Changes whenever the monogram would, so the logo URL can be cached for good. */
export const logoVersion = (name: string, color: string): string =>
  createHash('sha256').update(`${name}\n${color}`).digest('hex').slice(0, 10)

/** Where a provider's monogram is served; custom providers name their workspace (images carry no key). */
export const logoUrlOf = (row: Pick<ProviderRow, 'workspace_id' | 'id' | 'name' | 'color'>): string => {
  const query = new URLSearchParams()
  if (row.workspace_id !== CATALOG_SCOPE) query.set('workspace', row.workspace_id)
  query.set('v', logoVersion(row.name, row.color))
  return `/providers/${row.id}/logo.svg?${query}`
}

/** OAuth fields added after a custom provider was stored read as their defaults. */
const withAuthDefaults = (auth: ProviderAuth): ProviderAuth =>
  auth.type === 'oauth2'
    ? {
        ...auth,
        token_endpoint_auth_method: auth.token_endpoint_auth_method ?? 'client_secret_basic',
        authorization_params: auth.authorization_params ?? {},
        token_params: auth.token_params ?? {},
        token_response: auth.token_response ?? defaultTokenResponse(),
      }
    : auth

/** A catalog provider's built-in simulation, as the catalog lists it (a custom provider has none). */
const simulationOf = (row: ProviderRow): Provider['simulation'] => {
  const operations = row.workspace_id === CATALOG_SCOPE ? simulatedOperations(row.id) : undefined
  return operations ? { operations: [...operations] } : null
}

export const toProvider = (row: ProviderRow): Provider => ({
  id: row.id,
  name: row.name,
  description: row.description,
  tags: JSON.parse(row.tags) as string[],
  categories: JSON.parse(row.categories) as string[],
  color: row.color,
  auth_type: row.auth_type,
  auth: withAuthDefaults(JSON.parse(row.auth) as ProviderAuth),
  webhooks: row.webhooks ? (JSON.parse(row.webhooks) as Provider['webhooks']) : null,
  docs_url: row.docs_url,
  placeholders: JSON.parse(row.placeholders) as Placeholders,
  api: row.api ? (JSON.parse(row.api) as ProviderApi) : null,
  custom: row.workspace_id !== CATALOG_SCOPE,
  simulation: simulationOf(row),
  logo_url: logoUrlOf(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for providers (catalog rows have workspace_id '', custom rows their workspace's id). */
export function createProvidersRepo(db: Db) {
  // A workspace's own provider wins over a catalog entry of the same id.
  const get = db.prepare(
    `SELECT ${PROVIDER_COLUMNS} FROM providers WHERE id = @id AND workspace_id IN ('', @workspace_id)
     ORDER BY workspace_id DESC LIMIT 1`,
  )
  const own = db.prepare(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE workspace_id = ? AND id = ?`)
  const upsertCatalog = db.prepare(
    `INSERT INTO providers (${PROVIDER_COLUMNS})
     VALUES ('', @id, @name, @description, @tags, @categories, @color, @auth_type, @auth, @webhooks, @docs_url,
       @placeholders, @api, @now, @now)
     ON CONFLICT (workspace_id, id) DO UPDATE SET name = excluded.name, description = excluded.description,
       tags = excluded.tags, categories = excluded.categories, color = excluded.color, auth_type = excluded.auth_type,
       auth = excluded.auth, webhooks = excluded.webhooks, docs_url = excluded.docs_url,
       placeholders = excluded.placeholders, api = excluded.api, updated_at = excluded.updated_at
     RETURNING pk`,
  )
  const insertRow = db.prepare(
    `INSERT INTO providers (${PROVIDER_COLUMNS}) VALUES (@workspace_id, @id, @name, @description, @tags,
     @categories, @color, @auth_type, @auth, @webhooks, @docs_url, @placeholders, @api, @created_at, @updated_at)
     RETURNING pk`,
  )
  const updateRow = db.prepare(
    `UPDATE providers SET name = @name, description = @description, tags = @tags, categories = @categories,
     color = @color, auth_type = @auth_type, auth = @auth, webhooks = @webhooks, docs_url = @docs_url,
     placeholders = @placeholders, api = @api, updated_at = @updated_at WHERE workspace_id = @workspace_id AND id = @id RETURNING pk`,
  )
  const deleteRow = db.prepare('DELETE FROM providers WHERE workspace_id = ? AND id = ?')
  const catalogIds = db.prepare(`SELECT id FROM providers WHERE workspace_id = ''`)
  const deleteCatalog = db.prepare(`DELETE FROM providers WHERE workspace_id = '' AND id = ?`)
  const clearLinks = db.prepare('DELETE FROM provider_categories WHERE provider_pk = ?')
  const link = db.prepare('INSERT OR IGNORE INTO provider_categories (provider_pk, category) VALUES (?, ?)')
  const upsertCategory = db.prepare(
    `INSERT INTO categories (id, name, description) VALUES (@id, @name, @description)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description`,
  )
  const categoryIds = db.prepare('SELECT id FROM categories')
  const deleteCategory = db.prepare('DELETE FROM categories WHERE id = ?')
  const listCategories = db.prepare(
    'SELECT id, name, description FROM categories ORDER BY name COLLATE NOCASE, id',
  )
  const countCategories = db.prepare(
    `SELECT c.id, c.name, c.description, COUNT(providers.pk) AS count FROM categories AS c
     LEFT JOIN provider_categories AS pc ON pc.category = c.id
     LEFT JOIN providers ON providers.pk = pc.provider_pk AND ${VISIBLE_PROVIDERS}
     GROUP BY c.id ORDER BY c.name COLLATE NOCASE, c.id`,
  )
  const rowsOf = db.prepare(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE workspace_id = ? ORDER BY id`)
  const catalogCounts = db.prepare(
    `SELECT (SELECT COUNT(*) FROM providers WHERE workspace_id = '') AS providers, (SELECT COUNT(*) FROM categories) AS categories`,
  )
  const customWorkspaces = db.prepare(`SELECT DISTINCT workspace_id FROM providers WHERE workspace_id != ''`)
  const configsUsing = db.prepare(
    'SELECT id FROM provider_configs WHERE workspace_id = ? AND provider = ? ORDER BY id LIMIT 5',
  )

  const setCategories = (pk: number | bigint, categories: readonly string[]) => {
    clearLinks.run(pk)
    for (const c of categories) link.run(pk, c)
  }

  return {
    /** The provider a workspace sees under this id (its own first), or undefined. */
    get(workspaceId: string, id: string): Provider | undefined {
      const row = get.get({ id, workspace_id: workspaceId }) as ProviderRow | undefined
      return row ? toProvider(row) : undefined
    },
    /** The row stored under exactly this workspace (use '' for the catalog). */
    row: (workspaceId: string, id: string) => own.get(workspaceId, id) as ProviderRow | undefined,
    /** Every row of one workspace ('' for the catalog), by id. */
    rows: (workspaceId: string) => rowsOf.all(workspaceId) as ProviderRow[],
    workspacesWithCustom: () =>
      (customWorkspaces.all() as Array<{ workspace_id: string }>).map((r) => r.workspace_id),
    insert(row: ProviderRow) {
      const { pk } = insertRow.get(row) as { pk: number }
      setCategories(pk, JSON.parse(row.categories) as string[])
    },
    update(row: ProviderRow) {
      const { pk } = updateRow.get(row) as { pk: number }
      setCategories(pk, JSON.parse(row.categories) as string[])
    },
    remove: (workspaceId: string, id: string) => deleteRow.run(workspaceId, id).changes,
    categories: () => listCategories.all() as Category[],
    /** Categories with the number of providers the scope sees in each. */
    categoryCounts: (scope: string) => countCategories.all({ scope }) as CategoryWithCount[],
    /** How many catalog providers and categories are stored (to notice a wiped catalog). */
    catalogCounts: () => catalogCounts.get() as { providers: number; categories: number },
    /** Ids of up to five provider configs of the workspace that use the provider. */
    configsUsing: (workspaceId: string, id: string) =>
      (configsUsing.all(workspaceId, id) as Array<{ id: string }>).map((r) => r.id),
    /** Replaces the built-in catalog rows with the catalog files' content (custom rows untouched). */
    syncCatalog(catalog: Catalog, now: string) {
      const keepCategories = new Set(catalog.categories.map((c) => c.id))
      for (const c of catalog.categories) upsertCategory.run(c)
      for (const { id } of categoryIds.all() as Array<{ id: string }>)
        if (!keepCategories.has(id)) deleteCategory.run(id)
      const keep = new Set(catalog.providers.map((p) => p.id))
      for (const p of catalog.providers) {
        const { pk } = upsertCatalog.get({
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
          placeholders: JSON.stringify(p.placeholders),
          api: p.api ? JSON.stringify(p.api) : null,
          now,
        }) as { pk: number }
        setCategories(pk, p.categories)
      }
      for (const { id } of catalogIds.all() as Array<{ id: string }>) if (!keep.has(id)) deleteCatalog.run(id)
    },
  }
}
export type ProvidersRepo = ReturnType<typeof createProvidersRepo>
