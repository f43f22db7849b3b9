import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import type { WebhookEndpoint } from './webhook-endpoints.schema.js'

export interface WebhookEndpointRow {
  id: string
  workspace_id: string
  url: string
  description: string | null
  event_types: string | null
  /** AES-GCM ciphertext of the signing secret. */
  secret: Buffer
  status: WebhookEndpoint['status']
  disabled_reason: string | null
  created_at: string
  updated_at: string
}

export const COLUMNS =
  'id, workspace_id, url, description, event_types, secret, status, disabled_reason, created_at, updated_at'

export const toWebhookEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  event_types: row.event_types ? (JSON.parse(row.event_types) as string[]) : null,
  status: row.status,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for webhook_endpoints. */
export function createWebhookEndpointsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO webhook_endpoints (${COLUMNS}) VALUES (@id, @workspace_id, @url, @description, @event_types,
     @secret, @status, @disabled_reason, @created_at, @updated_at)`,
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`)
  const active = db.prepare(
    `SELECT ${COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND status = 'active' ORDER BY created_at, id`,
  )
  const update = db.prepare(
    `UPDATE webhook_endpoints SET url = @url, description = @description, event_types = @event_types,
     status = @status, disabled_reason = @disabled_reason, updated_at = @updated_at
     WHERE workspace_id = @workspace_id AND id = @id`,
  )
  const remove = db.prepare('DELETE FROM webhook_endpoints WHERE workspace_id = ? AND id = ?')
  // Every event written asks which endpoints it goes to: kept until the table changes.
  const memoActive = memoUntilChange(
    createTableStamp(db, ['webhook_endpoints']),
    (workspaceId: string) => active.all(workspaceId) as WebhookEndpointRow[],
    { freeze: true },
  )
  return {
    insert: (row: WebhookEndpointRow) => insert.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as WebhookEndpointRow | undefined,
    /** The active endpoints, oldest first (frozen: shared until the table changes). */
    active: (workspaceId: string): readonly WebhookEndpointRow[] => memoActive(workspaceId),
    update: (row: WebhookEndpointRow) => update.run(row),
    remove: (workspaceId: string, id: string) => remove.run(workspaceId, id).changes,
  }
}
export type WebhookEndpointsRepo = ReturnType<typeof createWebhookEndpointsRepo>
