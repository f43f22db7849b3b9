import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type ConnectionRow, toConnection } from './connections.repo.js'
import { CONNECTION_STATUSES, type Connection, ConnectionSchema } from './connections.schema.js'

export const connectionsSearchable = defineSearchable<Connection, ConnectionRow>({
  name: 'connections',
  item: ConnectionSchema,
  from: 'connections',
  select: COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    provider: { sql: 'provider', type: 'string' },
    provider_config_id: { sql: 'provider_config_id', type: 'string', sort: false },
    tenant_id: { sql: 'tenant_id', type: 'string' },
    mode: { sql: 'mode', type: 'string', values: ['real', 'simulated'] },
    status: { sql: 'status', type: 'string', values: CONNECTION_STATUSES },
    created_at: { sql: 'created_at', type: 'timestamp' },
    updated_at: { sql: 'updated_at', type: 'timestamp' },
    last_refreshed_at: { sql: 'last_refreshed_at', type: 'timestamp', sort: false },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toConnection,
})
