import { type Clock, isoAt } from '../common/clock.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError, notFound } from '../errors.js'
import { type ProviderRow, type ProvidersRepo, toProvider } from './providers.repo.js'
import {
  type CreateProvider,
  type Provider,
  RESERVED_PROVIDER_IDS,
  type UpdateProvider,
} from './providers.schema.js'

/** Monogram colours for custom providers that name none (picked by id, so stable). */
const PALETTE = [
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#dc2626',
  '#ea580c',
  '#ca8a04',
  '#16a34a',
  '#0d9488',
  '#0891b2',
  '#4f46e5',
]

const colorFor = (id: string) =>
  PALETTE[[...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % PALETTE.length]!

/** A provider id derived from a name: "Acme Pay (EU)" → "acme-pay-eu". */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '') || 'provider'

const readOnly = (id: string) =>
  new AppError(
    'forbidden',
    `Provider '${id}' is part of the built-in catalog and cannot be changed; create a custom provider instead.`,
  )

const unique = (values: readonly string[] | undefined) => JSON.stringify([...new Set(values ?? [])])

/**
 * A workspace's own providers: create, update, delete. Ids never collide with the catalog or the
 * workspace's other providers; catalog providers are read-only. `changed(workspaceId)` runs inside
 * the transaction of every change (to re-index after commit).
 */
export function createCustomProviders(deps: {
  db: Db
  repo: ProvidersRepo
  clock: Clock
  changed: (workspaceId: string) => void
}) {
  const { db, repo, clock, changed } = deps

  const checkCategories = (categories: readonly string[] | undefined) => {
    const known = new Set(repo.categories().map((c) => c.id))
    const errors = (categories ?? []).flatMap((c, i) =>
      known.has(c)
        ? []
        : [{ pointer: `/categories/${i}`, detail: `unknown category '${c}'; see GET /providers/categories` }],
    )
    if (errors.length)
      throw new AppError('invalid_request', `Unknown category: ${errors[0]!.detail}.`, { errors })
  }

  const taken = (workspaceId: string, id: string) =>
    RESERVED_PROVIDER_IDS.includes(id) ||
    repo.row('', id) !== undefined ||
    repo.row(workspaceId, id) !== undefined

  const ownRow = (workspaceId: string, id: string): ProviderRow => {
    const row = repo.row(workspaceId, id)
    if (row) return row
    if (repo.row('', id)) throw readOnly(id)
    throw notFound('Provider', id)
  }

  const freeId = (workspaceId: string, input: CreateProvider): string => {
    const id = input.id
    if (id === undefined) {
      const base = slugOf(input.name)
      let candidate = base
      for (let n = 2; taken(workspaceId, candidate); n++) candidate = `${base}-${n}`
      return candidate
    }
    if (RESERVED_PROVIDER_IDS.includes(id)) {
      throw new AppError('invalid_request', `The provider id '${id}' is reserved.`, {
        errors: [{ pointer: '/id', detail: `reserved: ${RESERVED_PROVIDER_IDS.join(', ')}` }],
      })
    }
    if (taken(workspaceId, id)) {
      const by = repo.row('', id)
        ? 'a built-in catalog provider'
        : 'another custom provider of this workspace'
      throw new AppError('conflict', `The provider id '${id}' is already taken by ${by}; choose another id.`)
    }
    return id
  }

  return {
    /** Creates a custom provider; an id the catalog or the workspace already has is a 409. */
    create(workspaceId: string, input: CreateProvider): Provider {
      checkCategories(input.categories)
      const row = inTransaction(db, () => {
        const id = freeId(workspaceId, input)
        const now = isoAt(clock.now())
        const created: ProviderRow = {
          workspace_id: workspaceId,
          id,
          name: input.name,
          description: input.description ?? '',
          tags: unique(input.tags),
          categories: unique(input.categories),
          color: input.color ?? colorFor(id),
          auth_type: input.auth.type,
          auth: JSON.stringify(input.auth),
          webhooks: input.webhooks ? JSON.stringify(input.webhooks) : null,
          docs_url: input.docs_url ?? null,
          placeholders: JSON.stringify(input.placeholders ?? {}),
          api: input.api ? JSON.stringify(input.api) : null,
          created_at: now,
          updated_at: now,
        }
        repo.insert(created)
        changed(workspaceId)
        return created
      })
      return toProvider(row)
    },

    /** Changes a custom provider (`null` clears webhooks, docs_url and api); catalog providers are 403. */
    update(workspaceId: string, id: string, patch: UpdateProvider): Provider {
      checkCategories(patch.categories)
      const row = inTransaction(db, () => {
        const current = ownRow(workspaceId, id)
        if (Object.keys(patch).length === 0) return current
        const next: ProviderRow = {
          ...current,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.tags !== undefined && { tags: unique(patch.tags) }),
          ...(patch.categories !== undefined && { categories: unique(patch.categories) }),
          ...(patch.color !== undefined && { color: patch.color }),
          ...(patch.auth !== undefined && { auth_type: patch.auth.type, auth: JSON.stringify(patch.auth) }),
          ...(patch.webhooks !== undefined && { webhooks: patch.webhooks && JSON.stringify(patch.webhooks) }),
          ...(patch.docs_url !== undefined && { docs_url: patch.docs_url }),
          ...(patch.placeholders !== undefined && { placeholders: JSON.stringify(patch.placeholders) }),
          ...(patch.api !== undefined && { api: patch.api && JSON.stringify(patch.api) }),
          updated_at: isoAt(clock.now()),
        }
        repo.update(next)
        changed(workspaceId)
        return next
      })
      return toProvider(row)
    },

    /** Deletes a custom provider, unless a provider config still uses it (409). */
    remove(workspaceId: string, id: string): void {
      inTransaction(db, () => {
        ownRow(workspaceId, id)
        const configs = repo.configsUsing(workspaceId, id)
        if (configs.length) {
          throw new AppError(
            'conflict',
            `Provider '${id}' is used by provider config ${configs.join(', ')}; delete those first.`,
          )
        }
        repo.remove(workspaceId, id)
        changed(workspaceId)
      })
    },
  }
}
