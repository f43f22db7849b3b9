import type { Db } from '../db/open.js'
import type { TokenEndpointAuthMethod } from '../providers/connect.schema.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import type { ProxyMode } from '../recordings/recordings.schema.js'
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
  token_endpoint_auth_method: TokenEndpointAuthMethod | null
  /** JSON objects, or null to use the provider's. */
  authorization_params: string | null
  token_params: string | null
  api_base_url: string | null
  proxy_mode: ProxyMode
  /** 1 when live and recorded exchanges are checked against the provider's OpenAPI document. */
  validate_against_openapi: number
  created_at: string
  updated_at: string
}

export const COLUMNS =
  'id, workspace_id, provider, name, client_id, client_secret, scopes, webhook_secret, webhook_signature, token_endpoint_auth_method, authorization_params, token_params, api_base_url, proxy_mode, validate_against_openapi, created_at, updated_at'

/** Real mode needs a client id and a way to authenticate: a secret, or none (a public PKCE client). */
export const isReal = (
  row: Pick<ProviderConfigRow, 'client_id' | 'client_secret' | 'token_endpoint_auth_method'>,
) => row.client_id !== null && (row.client_secret !== null || row.token_endpoint_auth_method === 'none')

export const toProviderConfig = (row: ProviderConfigRow): ProviderConfig => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  client_id: row.client_id,
  client_secret_set: row.client_secret !== null,
  scopes: row.scopes ? (JSON.parse(row.scopes) as string[]) : null,
  webhook_secret_set: row.webhook_secret !== null,
  webhook_signature: row.webhook_signature,
  token_endpoint_auth_method: row.token_endpoint_auth_method,
  authorization_params: row.authorization_params
    ? (JSON.parse(row.authorization_params) as Record<string, string>)
    : null,
  token_params: row.token_params ? (JSON.parse(row.token_params) as Record<string, string>) : null,
  api_base_url: row.api_base_url,
  proxy_mode: row.proxy_mode,
  validate_against_openapi: row.validate_against_openapi === 1,
  mode: isReal(row) ? 'real' : 'simulated',
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for provider_configs. Secret columns hold AES-GCM ciphertext only. */
export function createProviderConfigsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO provider_configs (${COLUMNS}) VALUES (@id, @workspace_id, @provider, @name, @client_id,
     @client_secret, @scopes, @webhook_secret, @webhook_signature, @token_endpoint_auth_method,
     @authorization_params, @token_params, @api_base_url, @proxy_mode, @validate_against_openapi, @created_at, @updated_at)`,
  )
  const idInUse = db.prepare('SELECT 1 FROM provider_configs WHERE id = ?').pluck()
  const byId = db.prepare(`SELECT ${COLUMNS} FROM provider_configs WHERE workspace_id = ? AND id = ?`)
  // A provider's webhook secrets, read for each forwarded delivery and simulated webhook (captures
  // keep them memoised); `+?`: see opaque-param.ts.
  const byProvider = db.prepare(
    `SELECT ${COLUMNS} FROM provider_configs WHERE workspace_id = +? AND provider = +? ORDER BY created_at DESC, id DESC`,
  )
  const update = db.prepare(
    `UPDATE provider_configs SET name = @name, client_id = @client_id, client_secret = @client_secret, scopes = @scopes,
     webhook_secret = @webhook_secret, webhook_signature = @webhook_signature,
     token_endpoint_auth_method = @token_endpoint_auth_method, authorization_params = @authorization_params,
     token_params = @token_params, api_base_url = @api_base_url, proxy_mode = @proxy_mode,
     validate_against_openapi = @validate_against_openapi, updated_at = @updated_at
     WHERE workspace_id = @workspace_id AND id = @id`,
  )
  const remove = db.prepare('DELETE FROM provider_configs WHERE workspace_id = ? AND id = ?')
  const count = db.prepare('SELECT COUNT(*) AS n FROM provider_configs WHERE workspace_id = ?')
  return {
    insert: (row: ProviderConfigRow) => insert.run(row),
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as ProviderConfigRow | undefined,
    /** Whether any workspace holds this id (ids are unique across the gateway). */
    idInUse: (id: string) => idInUse.get(id) !== undefined,
    /** Newest first. */
    forProvider: (workspaceId: string, provider: string) =>
      byProvider.all(workspaceId, provider) as ProviderConfigRow[],
    update: (row: ProviderConfigRow) => update.run(row),
    remove: (workspaceId: string, id: string) => remove.run(workspaceId, id).changes,
    count: (workspaceId: string) => (count.get(workspaceId) as { n: number }).n,
  }
}
export type ProviderConfigsRepo = ReturnType<typeof createProviderConfigsRepo>
