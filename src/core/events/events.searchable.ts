import { defineSearchable } from '../search/searchable.js'
import { EVENT_COLUMNS, type EventRow, toEvent } from './events.repo.js'
import { type Event, EventSchema } from './events.schema.js'

export const eventsSearchable = defineSearchable<Event, EventRow>({
  name: 'events',
  item: EventSchema,
  from: 'events',
  select: EVENT_COLUMNS,
  fields: {
    id: { type: 'string' },
    type: { type: 'string' },
    source: { type: 'string', values: ['webhook', 'gateway', 'upstream'] },
    provider: { type: 'string' },
    tenant_id: { type: 'string' },
    connection_id: { type: 'string' },
    installation_id: { type: 'string' },
    provider_event_type: { type: 'string' },
    signature: { type: 'string', values: ['valid', 'invalid', 'unverified'] },
    duplicate_of: { type: 'string' },
    replay_of: { type: 'string' },
    created_at: { type: 'timestamp' },
  },
  toItem: toEvent,
})
