import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import type { Connection, ConnectionMetadata, ConnectionStatus, FlowMode } from './connections.schema.js'

export interface ConnectionRow {
  id: string
  workspace_id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: FlowMode
  status: ConnectionStatus
  status_reason: string | null
  scopes: string
  /** JSON object of URL template values (`{shop}`), needed again to refresh. */
  params: string
  /** JSON object of non-secret token-response fields (instance_url, team id, ...). */
  metadata: string
  access_token: Buffer | null
  refresh_token: Buffer | null
  token_type: string | null
  token_expires_at: string | null
  created_at: string
  updated_at: string
  last_refreshed_at: string | null
}

export const COLUMNS =
  'id, workspace_id, provider, provider_config_id, tenant_id, mode, status, status_reason, scopes, params, metadata, access_token, refresh_token, token_type, token_expires_at, created_at, updated_at, last_refreshed_at'

/** Row → API shape. The token columns are deliberately not read here. */
export const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  provider: row.provider,
  provider_config_id: row.provider_config_id,
  tenant_id: row.tenant_id,
  mode: row.mode,
  status: row.status,
  status_reason: row.status_reason,
  scopes: JSON.parse(row.scopes) as string[],
  params: JSON.parse(row.params) as Record<string, string>,
  metadata: JSON.parse(row.metadata) as ConnectionMetadata,
  token_expires_at: row.token_expires_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  last_refreshed_at: row.last_refreshed_at,
})

/** SQL for connections. Token columns hold AES-GCM ciphertext only. */
export function createConnectionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO connections (${COLUMNS}) VALUES (@id, @workspace_id, @provider, @provider_config_id, @tenant_id,
     @mode, @status, @status_reason, @scopes, @params, @metadata, @access_token, @refresh_token, @token_type, @token_expires_at,
     @created_at, @updated_at, @last_refreshed_at)`,
  )
  const idInUse = db.prepare('SELECT 1 FROM connections WHERE id = ?').pluck()
  const byId = db.prepare(`SELECT ${COLUMNS} FROM connections WHERE workspace_id = ? AND id = ?`)
  const update = db.prepare(
    `UPDATE connections SET provider_config_id = @provider_config_id, mode = @mode, status = @status,
     status_reason = @status_reason, scopes = @scopes, params = @params, metadata = @metadata, access_token = @access_token, refresh_token = @refresh_token,
     token_type = @token_type, token_expires_at = @token_expires_at, updated_at = @updated_at,
     last_refreshed_at = @last_refreshed_at
     WHERE workspace_id = @workspace_id AND id = @id`,
  )
  const countUsable = db.prepare(
    "SELECT COUNT(*) AS n FROM connections WHERE workspace_id = ? AND status != 'revoked'",
  )
  // Every proxied call reads its connection, more than once: rows are kept until the table changes.
  const memoGet = memoUntilChange(
    createTableStamp(db, ['connections']),
    (key: string) => {
      const cut = key.indexOf('\0')
      return byId.get(key.slice(0, cut), key.slice(cut + 1)) as ConnectionRow | undefined
    },
    { freeze: true },
  )
  return {
    insert: (row: ConnectionRow) => insert.run(row),
    /** The row (frozen: shared by every caller until the table changes). */
    get: (workspaceId: string, id: string) => memoGet(`${workspaceId}\0${id}`),
    /** Whether any workspace holds this id (ids are unique across the gateway). */
    idInUse: (id: string) => idInUse.get(id) !== undefined,
    update: (row: ConnectionRow) => update.run(row),
    /** How many connections of the workspace are not revoked. */
    countUsable: (workspaceId: string) => (countUsable.get(workspaceId) as { n: number }).n,
  }
}
export type ConnectionsRepo = ReturnType<typeof createConnectionsRepo>
