import { defineSearchable } from '../search/searchable.js'
import { type ApiKeyRow, PUBLIC_COLUMNS, toApiKey } from './api-keys.repo.js'
import { type ApiKey, ApiKeySchema } from './api-keys.schema.js'

/** API keys as a searchable resource (metadata only: the hash is never selected). */
export const apiKeysSearchable = defineSearchable<ApiKey, ApiKeyRow>({
  name: 'api_keys',
  item: ApiKeySchema,
  from: 'api_keys',
  select: PUBLIC_COLUMNS,
  fields: {
    id: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', values: ['secret', 'publishable'] },
    status: {
      sql: "(CASE WHEN revoked_at IS NULL THEN 'active' ELSE 'revoked' END)",
      type: 'string',
      values: ['active', 'revoked'],
    },
    created_at: { type: 'timestamp' },
  },
  toItem: toApiKey,
})
