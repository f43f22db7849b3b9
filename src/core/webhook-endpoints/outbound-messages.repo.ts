import type { Db } from '../db/open.js'

/** One event queued for one endpoint, retried until delivered or given up. */
export interface OutboundMessageRow {
  id: string
  workspace_id: string
  endpoint_id: string
  event_id: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  next_attempt_at: string | null
  created_at: string
  updated_at: string
}

const COLUMNS =
  'id, workspace_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at, updated_at'

/** SQL for the outbound queue (a transactional outbox: rows are written with the event). */
export function createOutboundMessagesRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO outbound_messages (${COLUMNS}) VALUES (@id, @workspace_id, @endpoint_id, @event_id, @status,
     @attempts, @next_attempt_at, @created_at, @updated_at)`,
  )
  // Claiming pushes next_attempt_at out by a lease, so a second dispatcher on the same folder skips them.
  // Oldest due first, at most @per_endpoint in flight per endpoint counting those already busy
  // (@busy: a JSON object of endpoint id → attempts in flight).
  const claim = db.prepare(
    `UPDATE outbound_messages SET next_attempt_at = @lease
     WHERE id IN (
       SELECT due.id FROM (
         SELECT id, endpoint_id, next_attempt_at,
                row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS n
         FROM outbound_messages WHERE status = 'pending' AND next_attempt_at <= @now
       ) AS due
       LEFT JOIN json_each(@busy) AS busy ON busy.key = due.endpoint_id
       WHERE due.n + coalesce(busy.value, 0) <= @per_endpoint
       ORDER BY due.next_attempt_at, due.id LIMIT @limit)
     RETURNING ${COLUMNS}`,
  )
  const settle = db.prepare(
    `UPDATE outbound_messages SET status = @status, attempts = @attempts, next_attempt_at = @next_attempt_at,
     updated_at = @updated_at WHERE id = @id`,
  )
  const nextDue = db.prepare(
    "SELECT MIN(next_attempt_at) AS due FROM outbound_messages WHERE status = 'pending'",
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM outbound_messages WHERE id = ?`)
  const forEndpoint = db.prepare(
    `SELECT ${COLUMNS} FROM outbound_messages WHERE endpoint_id = ? ORDER BY created_at, id`,
  )
  return {
    insert: (row: OutboundMessageRow) => insert.run(row),
    claim: (o: {
      now: string
      lease: string
      limit: number
      perEndpoint: number
      busy: ReadonlyMap<string, number>
    }) =>
      claim.all({
        now: o.now,
        lease: o.lease,
        limit: o.limit,
        per_endpoint: o.perEndpoint,
        busy: JSON.stringify(Object.fromEntries(o.busy)),
      }) as OutboundMessageRow[],
    settle: (
      row: Pick<OutboundMessageRow, 'id' | 'status' | 'attempts' | 'next_attempt_at' | 'updated_at'>,
    ) => settle.run(row),
    nextDue: () => (nextDue.get() as { due: string | null }).due,
    get: (id: string) => byId.get(id) as OutboundMessageRow | undefined,
    forEndpoint: (endpointId: string) => forEndpoint.all(endpointId) as OutboundMessageRow[],
  }
}
export type OutboundMessagesRepo = ReturnType<typeof createOutboundMessagesRepo>
