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
  const claim = db.prepare(
    `UPDATE outbound_messages SET next_attempt_at = @lease
     WHERE id IN (SELECT id FROM outbound_messages WHERE status = 'pending' AND next_attempt_at <= @now
                  ORDER BY next_attempt_at, id LIMIT @limit)
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
    claim: (now: string, lease: string, limit: number) =>
      claim.all({ now, lease, limit }) as OutboundMessageRow[],
    settle: (
      row: Pick<OutboundMessageRow, 'id' | 'status' | 'attempts' | 'next_attempt_at' | 'updated_at'>,
    ) => settle.run(row),
    nextDue: () => (nextDue.get() as { due: string | null }).due,
    get: (id: string) => byId.get(id) as OutboundMessageRow | undefined,
    forEndpoint: (endpointId: string) => forEndpoint.all(endpointId) as OutboundMessageRow[],
  }
}
export type OutboundMessagesRepo = ReturnType<typeof createOutboundMessagesRepo>
