import { defineSearchable } from '../search/searchable.js'
import { COLUMNS, type ConnectionRow, toConnection } from './connections.repo.js'
import { CONNECTION_STATUSES, type Connection, ConnectionSchema } from './connections.schema.js'

/** Metadata keys a connection search can filter on: the account, team, user or org a connection reaches. */
export const METADATA_FILTERS = ['account_id', 'team_id', 'user_id', 'instance_url'] as const

export const connectionsSearchable = defineSearchable<Connection, ConnectionRow>({
  name: 'connections',
  item: ConnectionSchema,
  from: 'connections',
  select: COLUMNS,
  fields: {
    id: { type: 'string' },
    provider: { type: 'string' },
    provider_config_id: { type: 'string', sort: false },
    tenant_id: { type: 'string' },
    mode: { type: 'string', values: ['real', 'simulated'] },
    status: { type: 'string', values: CONNECTION_STATUSES },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
    last_refreshed_at: { type: 'timestamp', sort: false },
    // The metadata keys the catalog uses for the account a connection reaches (filter-only).
    ...Object.fromEntries(
      METADATA_FILTERS.map((key) => [
        key,
        {
          sql: `CAST(json_extract(metadata, '$.${key}') AS TEXT)`,
          type: 'string',
          nullable: true,
          virtual: true,
          sort: false,
        },
      ]),
    ),
  },
  toItem: toConnection,
})
