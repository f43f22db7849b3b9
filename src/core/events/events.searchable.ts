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
    // Filter-only: no index gives their order, so a sort on one would sort the workspace's whole log
    // on the event loop for every page (1.4 s at a million events). A filter on a value seeks the
    // partial index of duplicate_of and replay_of, and reads the log in order for provider_event_type.
    provider_event_type: { type: 'string', sort: false },
    signature: { type: 'string', values: ['valid', 'invalid', 'unverified'] },
    duplicate_of: { type: 'string', sort: false },
    replay_of: { type: 'string', sort: false },
    created_at: { type: 'timestamp' },
  },
  toItem: toEvent,
})
