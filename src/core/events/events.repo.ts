import type { Db } from '../db/open.js'
import { defineSearchable } from '../search/searchable.js'
import { type Event, EventSchema } from './events.schema.js'

export interface EventRow {
  id: string
  workspace_id: string
  type: string
  source: Event['source']
  provider: string | null
  tenant_id: string | null
  connection_id: string | null
  installation_id: string | null
  signature: Event['signature']
  data: string | null
  created_at: string
}

export const EVENT_COLUMNS =
  'id, workspace_id, type, source, provider, tenant_id, connection_id, installation_id, signature, data, created_at'

export const toEvent = (row: EventRow): Event => ({
  id: row.id,
  type: row.type,
  source: row.source,
  provider: row.provider,
  tenant_id: row.tenant_id,
  connection_id: row.connection_id,
  installation_id: row.installation_id,
  signature: row.signature,
  data: row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null,
  created_at: row.created_at,
})

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
    signature: { sql: 'signature', type: 'string', values: ['valid', 'invalid', 'unverified'] },
    created_at: { sql: 'created_at', type: 'timestamp' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  toItem: toEvent,
})

/** SQL for the events table. */
export function createEventsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO events (${EVENT_COLUMNS}) VALUES (@id, @workspace_id, @type, @source, @provider, @tenant_id,
     @connection_id, @installation_id, @signature, @data, @created_at)`,
  )
  const byId = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE workspace_id = ? AND id = ?`)
  return {
    insert: (row: EventRow) => insert.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as EventRow | undefined,
  }
}
export type EventsRepo = ReturnType<typeof createEventsRepo>
