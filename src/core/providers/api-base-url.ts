import type { ConnectionsService } from '../connections/connections.service.js'
import { AppError } from '../errors.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { Provider } from './providers.schema.js'
import type { ProvidersService } from './providers.service.js'

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g

/** What a connection contributes to its API base URL: the session's params and the token response's metadata. */
export interface ApiBaseUrlInput {
  provider: Pick<Provider, 'id' | 'api' | 'placeholders'>
  /** The provider config's override, if any. */
  configBaseUrl?: string | null | undefined
  connection: {
    id: string
    params: Record<string, string>
    metadata: Record<string, string | number | boolean>
  }
}

const unresolved = (detail: string) => new AppError('conflict', detail)

/** A value that stands for the start of a URL (`{instance_url}/services/...`): an http(s) origin and path, nothing else. */
function urlPrefix(value: string, name: string, connectionId: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw unresolved(
      `Connection '${connectionId}' has a ${name} that is not a plain http(s) URL, so it cannot start the API base URL.`,
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_SEGMENT = /[/\\?#@\x00-\x1f\x7f-\x9f]|\.\./

/**
 * A value placed inside the API base URL (not at its start): percent-encoding keeps it from
 * changing the URL's structure, but `..` stays a path segment that climbs out of the base path, so
 * path separators, `..`, `?`, `#`, `@` and control characters are refused outright.
 */
function segmentValue(value: string, name: string, connectionId: string): string {
  if (UNSAFE_SEGMENT.test(value)) {
    throw unresolved(
      `Connection '${connectionId}' has a value for {${name}} with '/', '\\', '..', '?', '#', '@' or a control character, which could move the API base URL; it is refused.`,
    )
  }
  return encodeURIComponent(value)
}

/**
 * The base URL of a connection's provider API: the provider config's `api_base_url`, else the
 * provider's `api.base_url`, with each `{placeholder}` filled from the connection's session
 * `params` or token-response `metadata` (where the provider says the value comes from; a
 * placeholder it does not describe is looked up in params, then metadata). A placeholder that
 * starts the URL takes a whole URL (Salesforce's `instance_url`); anywhere else the value must be
 * one plain segment (see `segmentValue`) and is percent-encoded, so it can never change the URL's
 * structure. No base URL, or a missing value,
 * is a `conflict` that says what is missing.
 */
export function resolveApiBaseUrl(input: ApiBaseUrlInput): string {
  const { provider, connection } = input
  const template = input.configBaseUrl ?? provider.api?.base_url
  if (!template) {
    throw unresolved(
      `Provider '${provider.id}' has no API base URL; set api_base_url on its provider config.`,
    )
  }
  const lookup = (name: string): string | undefined => {
    const source = provider.placeholders[name]?.source
    const fromParams = connection.params[name]
    const fromMetadata = connection.metadata[name]
    const value =
      source === 'params' ? fromParams : source === 'metadata' ? fromMetadata : (fromParams ?? fromMetadata)
    return value === undefined || value === '' ? undefined : String(value)
  }
  return template.replace(PLACEHOLDER, (_, name: string, offset: number) => {
    const value = lookup(name)
    if (value === undefined) {
      const where =
        provider.placeholders[name]?.source === 'metadata'
          ? "the provider's token response (connection metadata)"
          : "the auth session's params"
      throw unresolved(
        `Connection '${connection.id}' has no value for {${name}} in the API base URL of '${provider.id}'; it comes from ${where}.`,
      )
    }
    return offset === 0 ? urlPrefix(value, name, connection.id) : segmentValue(value, name, connection.id)
  })
}

/**
 * The base URL of a connection's provider API (what the proxy calls): the connection's provider
 * config override, else the provider's, with placeholders filled from the connection's params and
 * metadata. A config deleted since the connect no longer overrides anything.
 */
export function createConnectionApiBaseUrl(deps: {
  connections: ConnectionsService
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
}) {
  const { connections, providers, providerConfigs } = deps
  return (workspaceId: string, connectionId: string): string => {
    const connection = connections.get(workspaceId, connectionId)
    const provider = providers.find(workspaceId, connection.provider)
    if (!provider) {
      throw new AppError('conflict', `Provider '${connection.provider}' no longer exists in this workspace.`)
    }
    let configBaseUrl: string | null = null
    if (connection.provider_config_id) {
      try {
        configBaseUrl = providerConfigs.get(workspaceId, connection.provider_config_id).api_base_url
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err
      }
    }
    return resolveApiBaseUrl({ provider, configBaseUrl, connection })
  }
}
