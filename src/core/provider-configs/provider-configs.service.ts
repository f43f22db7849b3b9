import { type Clock, isoAt } from '../common/clock.js'
import { chosenId, type Ids } from '../common/ids.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { memoUntilChange } from '../db/change-stamp.js'
import { AppError, notFound } from '../errors.js'
import type { SignatureScheme } from '../providers/providers.schema.js'
import type { ProvidersService } from '../providers/providers.service.js'
import {
  isReal,
  type ProviderConfigRow,
  type ProviderConfigsRepo,
  toProviderConfig,
} from './provider-configs.repo.js'
import type { CreateProviderConfig, ProviderConfig, UpdateProviderConfig } from './provider-configs.schema.js'

/** Client credentials of a config, decrypted for the OAuth client only (no secret for a public client). */
export interface ClientCredentials {
  client_id: string
  client_secret: string | undefined
}

const jsonOrNull = (value: Record<string, string> | null | undefined) =>
  value ? JSON.stringify(value) : null

/** Provider configs: per-workspace credentials and settings for a provider; secrets sealed at rest. */
export function createProviderConfigsService(deps: {
  repo: ProviderConfigsRepo
  providers: ProvidersService
  box: SecretBox
  clock: Clock
  ids: Ids
  /** Moves when the provider_configs table may have changed (db/table-stamp.ts): what `resolve` is memoised on. */
  changeStamp: () => string
}) {
  const { repo, providers, box, clock, ids } = deps
  // The row id and column are bound into the ciphertext, so a sealed value cannot be moved elsewhere.
  const seal = (value: string | null | undefined, id: string, column: string) =>
    value == null ? null : box.seal(value, `provider_configs/${id}/${column}`)
  const open = (value: Buffer | null, id: string, column: string) =>
    value === null ? null : box.open(value, `provider_configs/${id}/${column}`)

  const row = (workspaceId: string, id: string): ProviderConfigRow => {
    const found = repo.get(workspaceId, id)
    if (!found) throw notFound('Provider config', id)
    return found
  }

  /** The config a flow uses (see `resolve`), looked up again only after a write. */
  const resolveMemo = memoUntilChange(deps.changeStamp, (key: string): ProviderConfig | undefined => {
    const [workspaceId, provider, configId] = key.split('\0') as [string, string, string]
    if (configId) {
      const found = row(workspaceId, configId)
      if (found.provider !== provider) {
        throw new AppError(
          'invalid_request',
          `Provider config '${configId}' is for '${found.provider}', not '${provider}'.`,
          { errors: [{ pointer: '/provider_config_id', detail: 'belongs to another provider' }] },
        )
      }
      return toProviderConfig(found)
    }
    const newest = repo.forProvider(workspaceId, provider)[0]
    return newest && toProviderConfig(newest)
  })

  return {
    /** Creates a config; `options.id` chooses its id (fixtures), refused when taken. */
    create(workspaceId: string, input: CreateProviderConfig, options: { id?: string } = {}): ProviderConfig {
      const provider = providers.find(workspaceId, input.provider)
      if (!provider) {
        throw new AppError('invalid_request', `Unknown provider '${input.provider}'.`, {
          errors: [{ pointer: '/provider', detail: 'no catalog or custom provider has this id' }],
        })
      }
      const id = chosenId(ids, 'pcfg', options.id, repo.idInUse)
      const now = isoAt(clock.now())
      const created: ProviderConfigRow = {
        id,
        workspace_id: workspaceId,
        provider: provider.id,
        name: input.name ?? provider.name,
        client_id: input.client_id ?? null,
        client_secret: seal(input.client_secret, id, 'client_secret'),
        scopes: input.scopes ? JSON.stringify(input.scopes) : null,
        webhook_secret: seal(input.webhook_secret, id, 'webhook_secret'),
        webhook_signature: input.webhook_signature ?? null,
        // A provider that is a public client (`none`) is recorded on its config, so that a client id
        // alone makes the config real (mode is a property of the config; see isReal).
        token_endpoint_auth_method:
          input.token_endpoint_auth_method ??
          (provider.auth.type === 'oauth2' && provider.auth.token_endpoint_auth_method === 'none'
            ? 'none'
            : null),
        authorization_params: jsonOrNull(input.authorization_params),
        token_params: jsonOrNull(input.token_params),
        api_base_url: input.api_base_url ?? null,
        proxy_mode: input.proxy_mode ?? 'live',
        validate_against_openapi: input.validate_against_openapi ? 1 : 0,
        created_at: now,
        updated_at: now,
      }
      repo.insert(created)
      return toProviderConfig(created)
    },

    get: (workspaceId: string, id: string): ProviderConfig => toProviderConfig(row(workspaceId, id)),

    update(workspaceId: string, id: string, patch: UpdateProviderConfig): ProviderConfig {
      const current = row(workspaceId, id)
      const next: ProviderConfigRow = {
        ...current,
        name: patch.name ?? current.name,
        client_id: patch.client_id === undefined ? current.client_id : patch.client_id,
        client_secret:
          patch.client_secret === undefined
            ? current.client_secret
            : seal(patch.client_secret, id, 'client_secret'),
        scopes: patch.scopes === undefined ? current.scopes : patch.scopes && JSON.stringify(patch.scopes),
        webhook_secret:
          patch.webhook_secret === undefined
            ? current.webhook_secret
            : seal(patch.webhook_secret, id, 'webhook_secret'),
        webhook_signature:
          patch.webhook_signature === undefined ? current.webhook_signature : patch.webhook_signature,
        token_endpoint_auth_method:
          patch.token_endpoint_auth_method === undefined
            ? current.token_endpoint_auth_method
            : patch.token_endpoint_auth_method,
        authorization_params:
          patch.authorization_params === undefined
            ? current.authorization_params
            : jsonOrNull(patch.authorization_params),
        token_params:
          patch.token_params === undefined ? current.token_params : jsonOrNull(patch.token_params),
        api_base_url: patch.api_base_url === undefined ? current.api_base_url : patch.api_base_url,
        proxy_mode: patch.proxy_mode ?? current.proxy_mode,
        validate_against_openapi:
          patch.validate_against_openapi === undefined
            ? current.validate_against_openapi
            : Number(patch.validate_against_openapi),
        updated_at: isoAt(clock.now()),
      }
      repo.update(next)
      return toProviderConfig(next)
    },

    remove(workspaceId: string, id: string): void {
      if (repo.remove(workspaceId, id) === 0) throw notFound('Provider config', id)
    },

    /** The config a flow uses: the one named, else the newest for the provider; undefined when none. */
    resolve: (workspaceId: string, provider: string, configId?: string): ProviderConfig | undefined =>
      resolveMemo(`${workspaceId}\0${provider}\0${configId ?? ''}`),

    /** Decrypted client credentials, or undefined when the config is simulated. */
    clientCredentials(workspaceId: string, id: string): ClientCredentials | undefined {
      const r = row(workspaceId, id)
      if (!isReal(r)) return undefined
      const secret = open(r.client_secret, id, 'client_secret') ?? undefined
      return { client_id: r.client_id!, client_secret: secret }
    },

    /** Every webhook secret the workspace holds for a provider (newest first), with its scheme override. */
    webhookSecrets(
      workspaceId: string,
      provider: string,
    ): Array<{ secret: string; scheme: SignatureScheme | null }> {
      return repo
        .forProvider(workspaceId, provider)
        .filter((r) => r.webhook_secret !== null)
        .map((r) => ({
          secret: open(r.webhook_secret, r.id, 'webhook_secret')!,
          scheme: r.webhook_signature,
        }))
    },
  }
}
export type ProviderConfigsService = ReturnType<typeof createProviderConfigsService>
