import { defineSearchable } from '../search/searchable.js'
import { PROVIDER_COLUMNS, type ProviderRow, toProvider, VISIBLE_PROVIDERS } from './providers.repo.js'
import { type Provider, ProviderSchema, SIGNATURE_SCHEMES } from './providers.schema.js'

export const AUTH_TYPES = ['oauth2', 'api_key', 'basic', 'app_install'] as const

/**
 * Providers as a searchable resource: the catalog plus the scope's custom providers. `category`
 * takes the category ids that exist, so a typo is a 400 naming them rather than an empty page.
 */
export function providersSearchable(categoryIds: readonly string[]) {
  return defineSearchable<Provider, ProviderRow>({
    name: 'providers',
    item: ProviderSchema,
    from: 'providers',
    select: PROVIDER_COLUMNS,
    scope: VISIBLE_PROVIDERS,
    fields: {
      id: { sql: 'providers.id', type: 'string' },
      // Case-insensitive, so "adyen" sorts beside "Adyen" rather than after "Zoom".
      name: { sql: 'providers.name COLLATE NOCASE', type: 'string' },
      auth_type: { sql: 'providers.auth_type', type: 'string', values: AUTH_TYPES },
      custom: { sql: "(providers.workspace_id != '')", type: 'boolean' },
      category: {
        sql: 'pc.category',
        type: 'string',
        values: categoryIds,
        virtual: true,
        sort: false,
        exists: (condition) =>
          `EXISTS (SELECT 1 FROM provider_categories AS pc WHERE pc.provider_pk = providers.pk AND ${condition})`,
      },
      signature: {
        sql: "json_extract(providers.webhooks, '$.signature')",
        type: 'string',
        values: SIGNATURE_SCHEMES,
        nullable: true,
        virtual: true,
        sort: false,
      },
      created_at: { sql: 'providers.created_at', type: 'timestamp' },
      updated_at: { sql: 'providers.updated_at', type: 'timestamp' },
    },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    toItem: toProvider,
  })
}
export type ProvidersSearchable = ReturnType<typeof providersSearchable>
