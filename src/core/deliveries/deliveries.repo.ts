import type { Db } from '../db/open.js'
import type { Delivery } from './deliveries.schema.js'

export interface DeliveryRow {
  id: string
  workspace_id: string
  event_id: string
  kind: Delivery['kind']
  endpoint_id: string | null
  message_id: string | null
  target: string
  attempt: number
  status: number | null
  error: string | null
  duration_ms: number
  created_at: string
}

export const COLUMNS =
  'id, workspace_id, event_id, kind, endpoint_id, message_id, target, attempt, status, error, duration_ms, created_at'

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  event_id: row.event_id,
  kind: row.kind,
  endpoint_id: row.endpoint_id,
  target: row.target,
  attempt: row.attempt,
  status: row.status,
  error: row.error,
  duration_ms: row.duration_ms,
  created_at: row.created_at,
})

/** How many attempts `GET /api/events/{id}` shows inline (the newest); search shows them all. */
export const INLINE_DELIVERIES = 100

/** SQL for the delivery log. */
export function createDeliveriesRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO deliveries (${COLUMNS}) VALUES (@id, @workspace_id, @event_id, @kind, @endpoint_id, @message_id,
     @target, @attempt, @status, @error, @duration_ms, @created_at)`,
  )
  // One event's attempts, through its own index: left to itself the planner took the workspace's
  // index and read every delivery of the workspace. `+?`: see opaque-param.ts.
  const OF_EVENT = 'deliveries INDEXED BY deliveries_event WHERE workspace_id = +? AND event_id = +?'
  const forEvent = db.prepare(
    `SELECT ${COLUMNS} FROM (SELECT rowid AS seq, ${COLUMNS} FROM ${OF_EVENT}
     ORDER BY rowid DESC LIMIT ${INLINE_DELIVERIES}) ORDER BY seq`,
  )
  const lastTarget = db.prepare(`SELECT target FROM ${OF_EVENT} AND kind != +? ORDER BY rowid DESC LIMIT 1`)
  const countTo = db.prepare(`SELECT COUNT(*) AS n FROM ${OF_EVENT} AND target = +?`)
  return {
    insert: (row: DeliveryRow) => insert.run(row),
    /** The newest attempts for an event, oldest first. */
    forEvent: (workspaceId: string, eventId: string) => forEvent.all(workspaceId, eventId) as DeliveryRow[],
    /** How many attempts an event has had at one target. */
    countTo: (workspaceId: string, eventId: string, target: string) =>
      (countTo.get(workspaceId, eventId, target) as { n: number }).n,
    /** Target of the most recent forward or replay of an event. */
    lastTarget: (workspaceId: string, eventId: string) =>
      (lastTarget.get(workspaceId, eventId, 'endpoint') as { target: string } | undefined)?.target,
  }
}
export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>
