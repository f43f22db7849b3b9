import { defineSearchable } from '../search/searchable.js'
import { type ApiKeyRow, PUBLIC_COLUMNS, toApiKey } from './api-keys.repo.js'
import { type ApiKey, ApiKeySchema } from './api-keys.schema.js'

/** API keys as a searchable resource (metadata only: the hash is never selected). */
export const apiKeysSearchable = defineSearchable<ApiKey, ApiKeyRow>({
  name: 'api_keys',
  item: ApiKeySchema,
  from: 'api_keys',
  select: PUBLIC_COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    name: { sql: 'name', type: 'string' },
    role: { sql: 'role', type: 'string', values: ['secret', 'publishable'] },
    status: {
      sql: "(CASE WHEN revoked_at IS NULL THEN 'active' ELSE 'revoked' END)",
      type: 'string',
      values: ['active', 'revoked'],
    },
    created_at: { sql: 'created_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toApiKey,
})
