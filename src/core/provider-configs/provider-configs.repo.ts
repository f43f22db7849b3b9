import type { Db } from '../db/open.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import type { ProviderConfig } from './provider-configs.schema.js'

export interface ProviderConfigRow {
  id: string
  workspace_id: string
  provider: string
  name: string
  client_id: string | null
  client_secret: Buffer | null
  scopes: string | null
  webhook_secret: Buffer | null
  webhook_signature: SignatureScheme | null
  created_at: string
  updated_at: string
}

export const COLUMNS =
  'id, workspace_id, provider, name, client_id, client_secret, scopes, webhook_secret, webhook_signature, created_at, updated_at'

export const toProviderConfig = (row: ProviderConfigRow): ProviderConfig => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  client_id: row.client_id,
  client_secret_set: row.client_secret !== null,
  scopes: row.scopes ? (JSON.parse(row.scopes) as string[]) : null,
  webhook_secret_set: row.webhook_secret !== null,
  webhook_signature: row.webhook_signature,
  mode: row.client_id && row.client_secret ? 'real' : 'simulated',
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for provider_configs. Secret columns hold AES-GCM ciphertext only. */
export function createProviderConfigsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO provider_configs (${COLUMNS}) VALUES (@id, @workspace_id, @provider, @name, @client_id,
     @client_secret, @scopes, @webhook_secret, @webhook_signature, @created_at, @updated_at)`,
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM provider_configs WHERE workspace_id = ? AND id = ?`)
  const byProvider = db.prepare(
    `SELECT ${COLUMNS} FROM provider_configs WHERE workspace_id = ? AND provider = ? ORDER BY created_at DESC, id DESC`,
  )
  const update = db.prepare(
    `UPDATE provider_configs SET name = @name, client_id = @client_id, client_secret = @client_secret, scopes = @scopes,
     webhook_secret = @webhook_secret, webhook_signature = @webhook_signature, updated_at = @updated_at
     WHERE workspace_id = @workspace_id AND id = @id`,
  )
  const remove = db.prepare('DELETE FROM provider_configs WHERE workspace_id = ? AND id = ?')
  return {
    insert: (row: ProviderConfigRow) => insert.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as ProviderConfigRow | undefined,
    /** Newest first. */
    forProvider: (workspaceId: string, provider: string) =>
      byProvider.all(workspaceId, provider) as ProviderConfigRow[],
    update: (row: ProviderConfigRow) => update.run(row),
    remove: (workspaceId: string, id: string) => remove.run(workspaceId, id).changes,
  }
}
export type ProviderConfigsRepo = ReturnType<typeof createProviderConfigsRepo>
