import type { Db } from '../db/open.js'
import type { ApiKey } from './api-keys.schema.js'
import type { KeyRole } from './key-format.js'

export interface ApiKeyRow {
  id: string
  workspace_id: string
  name: string
  role: KeyRole
  prefix: string
  key_hash: Buffer
  created_at: string
  revoked_at: string | null
}

export const PUBLIC_COLUMNS = 'id, name, role, prefix, created_at, revoked_at'

export const toApiKey = (row: Omit<ApiKeyRow, 'key_hash' | 'workspace_id'>): ApiKey => ({
  id: row.id,
  name: row.name,
  role: row.role,
  status: row.revoked_at ? 'revoked' : 'active',
  prefix: row.prefix,
  created_at: row.created_at,
  revoked_at: row.revoked_at,
})

/** SQL for the api_keys table. */
export function createApiKeysRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, workspace_id, name, role, prefix, key_hash, created_at)
     VALUES (@id, @workspace_id, @name, @role, @prefix, @key_hash, @created_at)`,
  )
  const byPrefix = db.prepare(
    `SELECT id, workspace_id, name, role, prefix, key_hash, created_at, revoked_at FROM api_keys WHERE prefix = ?`,
  )
  const byId = db.prepare(
    `SELECT id, workspace_id, name, role, prefix, key_hash, created_at, revoked_at FROM api_keys
     WHERE id = @id AND workspace_id = @workspace_id`,
  )
  const revoke = db.prepare(
    'UPDATE api_keys SET revoked_at = @at WHERE id = @id AND workspace_id = @workspace_id AND revoked_at IS NULL',
  )
  const listAll = db.prepare(
    `SELECT ${PUBLIC_COLUMNS} FROM api_keys WHERE workspace_id = ? ORDER BY created_at DESC, id DESC`,
  )
  const countActive = db.prepare(
    'SELECT COUNT(*) AS n FROM api_keys WHERE workspace_id = ? AND revoked_at IS NULL',
  )

  return {
    insert: (row: Omit<ApiKeyRow, 'revoked_at'>) => insert.run(row),
    findByPrefix: (prefix: string) => byPrefix.all(prefix) as ApiKeyRow[],
    findById: (workspaceId: string, id: string) =>
      byId.get({ id, workspace_id: workspaceId }) as ApiKeyRow | undefined,
    revoke: (workspaceId: string, id: string, at: string) =>
      revoke.run({ id, workspace_id: workspaceId, at }).changes,
    listAll: (workspaceId: string) => (listAll.all(workspaceId) as ApiKeyRow[]).map(toApiKey),
    /** How many keys of the workspace are not revoked. */
    countActive: (workspaceId: string) => (countActive.get(workspaceId) as { n: number }).n,
  }
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>
