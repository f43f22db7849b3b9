import type { Db } from '../db/open.js'
import type { Installation } from './installations.schema.js'

export interface InstallationRow {
  id: string
  workspace_id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: Installation['mode']
  status: Installation['status']
  external_id: string
  created_at: string
  updated_at: string
}

export const COLUMNS =
  'id, workspace_id, provider, provider_config_id, tenant_id, mode, status, external_id, created_at, updated_at'

export const toInstallation = (row: InstallationRow): Installation => ({
  id: row.id,
  provider: row.provider,
  provider_config_id: row.provider_config_id,
  tenant_id: row.tenant_id,
  mode: row.mode,
  status: row.status,
  external_id: row.external_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for installations. */
export function createInstallationsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO installations (${COLUMNS}) VALUES (@id, @workspace_id, @provider, @provider_config_id, @tenant_id,
     @mode, @status, @external_id, @created_at, @updated_at)`,
  )
  const idInUse = db.prepare('SELECT 1 FROM installations WHERE id = ?').pluck()
  const byId = db.prepare(`SELECT ${COLUMNS} FROM installations WHERE workspace_id = ? AND id = ?`)
  const setStatus = db.prepare(
    'UPDATE installations SET status = @status, updated_at = @updated_at WHERE workspace_id = @workspace_id AND id = @id',
  )
  const count = db.prepare('SELECT COUNT(*) AS n FROM installations WHERE workspace_id = ?')
  return {
    insert: (row: InstallationRow) => insert.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as InstallationRow | undefined,
    /** Whether any workspace holds this id (ids are unique across the gateway). */
    idInUse: (id: string) => idInUse.get(id) !== undefined,
    setStatus: (row: Pick<InstallationRow, 'workspace_id' | 'id' | 'status' | 'updated_at'>) =>
      setStatus.run(row),
    count: (workspaceId: string) => (count.get(workspaceId) as { n: number }).n,
  }
}
export type InstallationsRepo = ReturnType<typeof createInstallationsRepo>
