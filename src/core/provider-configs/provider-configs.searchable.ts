import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type ProviderConfigRow, toProviderConfig } from './provider-configs.repo.js'
import { type ProviderConfig, ProviderConfigSchema } from './provider-configs.schema.js'

export const providerConfigsSearchable = defineSearchable<ProviderConfig, ProviderConfigRow>({
  name: 'provider_configs',
  item: ProviderConfigSchema,
  from: 'provider_configs',
  select: COLUMNS,
  fields: {
    id: { type: 'string' },
    provider: { type: 'string' },
    name: { type: 'string' },
    mode: {
      sql: "(CASE WHEN client_id IS NOT NULL AND (client_secret IS NOT NULL OR token_endpoint_auth_method = 'none') THEN 'real' ELSE 'simulated' END)",
      type: 'string',
      values: ['real', 'simulated'],
    },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  toItem: toProviderConfig,
})
