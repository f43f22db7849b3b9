import { defineSearchable } from '../search/searchable.js'
import { EVENT_COLUMNS, type EventRow, toEvent } from './events.repo.js'
import { type Event, EventSchema } from './events.schema.js'

export const eventsSearchable = defineSearchable<Event, EventRow>({
  name: 'events',
  item: EventSchema,
  from: 'events',
  select: EVENT_COLUMNS,
  scope: 'workspace_id = @scope',
  fields: {
    id: { sql: 'id', type: 'string' },
    type: { sql: 'type', type: 'string' },
    source: { sql: 'source', type: 'string', values: ['webhook', 'gateway', 'upstream'] },
    provider: { sql: 'provider', type: 'string' },
    tenant_id: { sql: 'tenant_id', type: 'string' },
    connection_id: { sql: 'connection_id', type: 'string' },
    installation_id: { sql: 'installation_id', type: 'string' },
    provider_event_type: { sql: 'provider_event_type', type: 'string' },
    signature: { sql: 'signature', type: 'string', values: ['valid', 'invalid', 'unverified'] },
    duplicate_of: { sql: 'duplicate_of', type: 'string' },
    replay_of: { sql: 'replay_of', type: 'string' },
    created_at: { sql: 'created_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toEvent,
})
