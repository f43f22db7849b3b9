import type { Db } from '../db/open.js'
import type { Event, EventFilter } from './events.schema.js'

export interface EventRow {
  id: string
  workspace_id: string
  type: string
  source: Event['source']
  provider: string | null
  tenant_id: string | null
  connection_id: string | null
  installation_id: string | null
  provider_event_type: string | null
  signature: Event['signature']
  data: string | null
  created_at: string
  /** Migration 0010; optional so rows built elsewhere (sync) need not name them. */
  message_id?: string | null
  duplicate_of?: string | null
  replay_of?: string | null
}

/** The stored request of a captured webhook; `headers` is a JSON array of [name, value] pairs. */
export interface EventRequestRow {
  event_id: string
  method: string
  path: string
  query: string
  headers: string
  content_type: string | null
  body: Buffer
  received_at: string
}

export const EVENT_COLUMNS =
  'id, workspace_id, type, source, provider, tenant_id, connection_id, installation_id, provider_event_type, signature, data, created_at, message_id, duplicate_of, replay_of'

const REQUEST_COLUMNS = 'event_id, method, path, query, headers, content_type, body, received_at'

export const toEvent = (row: EventRow): Event => ({
  id: row.id,
  type: row.type,
  source: row.source,
  provider: row.provider,
  tenant_id: row.tenant_id,
  connection_id: row.connection_id,
  installation_id: row.installation_id,
  provider_event_type: row.provider_event_type,
  signature: row.signature,
  data: row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null,
  duplicate_of: row.duplicate_of ?? null,
  replay_of: row.replay_of ?? null,
  created_at: row.created_at,
})

/** Inserts one event row (named parameters are the EventRow keys). */
export const INSERT_EVENT_SQL = `INSERT INTO events (${EVENT_COLUMNS}) VALUES (@id, @workspace_id, @type, @source,
  @provider, @tenant_id, @connection_id, @installation_id, @provider_event_type, @signature, @data, @created_at,
  @message_id, @duplicate_of, @replay_of)`

/** Inserts one captured request (named parameters are the EventRequestRow keys). */
export const INSERT_REQUEST_SQL = `INSERT INTO event_requests (${REQUEST_COLUMNS}) VALUES (@event_id, @method, @path,
  @query, @headers, @content_type, @body, @received_at)`

// Constant SQL: each optional filter is a bound JSON list (or NULL), never an identifier from input.
// Every parameter is hidden from the planner (`+@`), or each read plans the statement again (opaque-param.ts).
const FILTERED = `
  workspace_id = +@ws AND rowid > +@after AND rowid <= +@upto
  AND (+@provider IS NULL OR provider IN (SELECT value FROM json_each(+@provider)))
  AND (+@type IS NULL OR type IN (SELECT value FROM json_each(+@type)))
  AND (+@provider_event_type IS NULL OR provider_event_type IN (SELECT value FROM json_each(+@provider_event_type)))
  AND (+@signature IS NULL OR signature IN (SELECT value FROM json_each(+@signature)))
  AND (+@source IS NULL OR source IN (SELECT value FROM json_each(+@source)))
  AND (+@connection_id IS NULL OR connection_id IN (SELECT value FROM json_each(+@connection_id)))
  AND (+@installation_id IS NULL OR installation_id IN (SELECT value FROM json_each(+@installation_id)))
  AND (+@since IS NULL OR created_at >= +@since)
  AND (+@until IS NULL OR created_at < +@until)
  AND (+@duplicates IS NULL OR (duplicate_of IS NULL) = (+@duplicates = 'exclude'))`

const list = (values: string[] | undefined) => (values?.length ? JSON.stringify(values) : null)

/** SQL for the events table and the captured requests beside it. */
export function createEventsRepo(db: Db) {
  const insert = db.prepare(INSERT_EVENT_SQL)
  const insertIfAbsent = db.prepare(INSERT_EVENT_SQL.replace('INSERT INTO', 'INSERT OR IGNORE INTO'))
  const insertRequest = db.prepare(INSERT_REQUEST_SQL)
  const byId = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE workspace_id = ? AND id = ?`)
  // `+?` through the join, or each read plans the statement again (opaque-param.ts).
  const requestOf = db.prepare(
    `SELECT ${REQUEST_COLUMNS.split(', ')
      .map((c) => `r.${c}`)
      .join(', ')} FROM event_requests r JOIN events e ON e.id = r.event_id
     WHERE e.workspace_id = +? AND r.event_id = +?`,
  )
  const seqOf = db.prepare('SELECT rowid AS seq FROM events WHERE workspace_id = ? AND id = ?')
  const lastSeq = db.prepare('SELECT COALESCE(MAX(rowid), 0) AS seq FROM events')
  // `+?`: parameters the planner must not read, or each capture plans this again (opaque-param.ts).
  const firstWithMessage = db.prepare(
    `SELECT id FROM events INDEXED BY events_message
     WHERE workspace_id = +? AND provider = +? AND message_id = +? ORDER BY rowid LIMIT 1`,
  )
  // The minute is the timestamp's first 16 characters (ISO 8601 UTC): a range scan of events_ws_created.
  const perMinute = db.prepare(
    `SELECT substr(created_at, 1, 16) AS minute, COUNT(*) AS n FROM events
     WHERE workspace_id = ? AND created_at >= ? GROUP BY minute`,
  )
  // Walks the rowid range in commit order (NOT INDEXED keeps the planner off the workspace indexes,
  // whose order is not rowid's: those plans sorted the whole workspace in a temp B-tree per page).
  // The work is bounded by the range, so callers that must stay responsive pass a short one.
  const filtered = db.prepare(
    `SELECT rowid AS seq, ${EVENT_COLUMNS} FROM events NOT INDEXED WHERE ${FILTERED} ORDER BY rowid LIMIT +@limit`,
  )
  return {
    insert: (row: EventRow) => insert.run(row),
    /** Inserts the row unless its id is stored already; true when it was inserted. */
    insertIfAbsent: (row: EventRow) => insertIfAbsent.run(row).changes > 0,
    insertRequest: (row: EventRequestRow) => insertRequest.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as EventRow | undefined,
    request: (workspaceId: string, id: string) =>
      requestOf.get(workspaceId, id) as EventRequestRow | undefined,
    /** Commit order of an event (SQLite rowid; rows are never deleted out of order). */
    seqOf: (workspaceId: string, id: string) =>
      (seqOf.get(workspaceId, id) as { seq: number } | undefined)?.seq,
    lastSeq: () => (lastSeq.get() as { seq: number }).seq,
    /** Event counts of the workspace created at or after `since`, by minute (`YYYY-MM-DDTHH:MM`). */
    perMinute: (workspaceId: string, since: string) =>
      perMinute.all(workspaceId, since) as Array<{ minute: string; n: number }>,
    /** The first committed event with this sender message id (one index seek; see migration 0010). */
    firstWithMessage: (workspaceId: string, provider: string, messageId: string) =>
      (firstWithMessage.get(workspaceId, provider, messageId) as { id: string } | undefined)?.id,
    /** Events with `after < seq <= upto` that match the filter, in commit order; examines at most that range. */
    page(workspaceId: string, filter: EventFilter, after: number, upto: number, limit: number) {
      return filtered.all({
        ws: workspaceId,
        after,
        upto,
        limit,
        provider: list(filter.provider),
        type: list(filter.type),
        provider_event_type: list(filter.provider_event_type),
        connection_id: list(filter.connection_id),
        installation_id: list(filter.installation_id),
        signature: list(filter.signature),
        source: list(filter.source),
        since: filter.since ?? null,
        until: filter.until ?? null,
        duplicates: filter.duplicates ?? null,
      }) as Array<EventRow & { seq: number }>
    },
  }
}
export type EventsRepo = ReturnType<typeof createEventsRepo>
