import { AppError } from '../errors.js'
import type { TokenEndpointAuthMethod, TokenResponse } from '../providers/connect.schema.js'
import { defaultTokenResponse, type Provider } from '../providers/providers.schema.js'

/** Where a flow talks to: the provider's own endpoints (real mode) or the built-in simulator. */
export interface OAuthServer {
  /**
   * Issuer identifier, checked against `iss` in callbacks and ID tokens. Undefined for a plain
   * OAuth 2 provider (none declared): then neither is checked, since the issuer is unknown.
   */
  issuer: string | undefined
  authorization_endpoint: string
  token_endpoint: string
  scope_separator: string
  pkce: boolean
  /** True when an endpoint is plain http (a custom provider on a dev box, or the local simulator). */
  insecure: boolean
  token_endpoint_auth_method: TokenEndpointAuthMethod
  /** Fixed extra query parameters of the authorization request. */
  authorization_params: Record<string, string>
  /** Fixed extra form parameters of every token request. */
  token_params: Record<string, string>
  token_response: TokenResponse
}

/** What a provider config may override of the provider's declaration (null: keep the provider's). */
export interface ServerOverrides {
  token_endpoint_auth_method: TokenEndpointAuthMethod | null
  authorization_params: Record<string, string> | null
  token_params: Record<string, string> | null
}

/** The client id the simulator knows a workspace's app by (a provider knows the app by its client id). */
export const simulatorClientId = (workspaceId: string) => `switchyard-simulator.${workspaceId}`
export const workspaceOfSimulatorClient = (clientId: string): string | undefined =>
  clientId.startsWith('switchyard-simulator.') ? clientId.slice('switchyard-simulator.'.length) : undefined

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g

/** `{shop}`-style placeholders in a provider URL. */
export const placeholdersOf = (url: string): string[] => [...url.matchAll(PLACEHOLDER)].map((m) => m[1]!)

/** Fills placeholders; values are percent-encoded, so a value can never change the URL's structure. */
export const fillTemplate = (url: string, params: Record<string, string>): string =>
  url.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(params[name] ?? ''))

/**
 * The templates a real-mode flow fills for this provider: authorization and token URLs, issuer and
 * default scopes (Dynamics 365 scopes name the org's host), or the install page.
 */
export function realUrlsOf(provider: Provider, kind: 'auth' | 'install'): string[] {
  const auth = provider.auth
  if (kind === 'auth' && auth.type === 'oauth2')
    return [auth.authorization_url, auth.token_url, ...(auth.issuer ? [auth.issuer] : []), ...auth.scopes]
  if (kind === 'install' && auth.type === 'app_install') return [auth.install_url]
  const wanted = kind === 'auth' ? 'oauth2' : 'app_install'
  throw new AppError(
    'invalid_request',
    `Provider '${provider.id}' uses ${auth.type} auth; a real-mode ${kind} session needs a provider with ${wanted} auth.`,
    { errors: [{ pointer: '/provider', detail: `needs ${wanted} auth for a real-mode ${kind} session` }] },
  )
}

/**
 * The provider's authorization server, with `params` filled into its URL templates and the
 * config's overrides applied (extra parameters merge key by key, the config's value winning).
 */
export function realServer(
  provider: Provider,
  params: Record<string, string>,
  overrides?: ServerOverrides,
): OAuthServer {
  const auth = provider.auth
  if (auth.type !== 'oauth2') throw new Error(`provider ${provider.id} is not oauth2`)
  const authorization = fillTemplate(auth.authorization_url, params)
  const token = fillTemplate(auth.token_url, params)
  const issuer = auth.issuer === undefined ? undefined : fillTemplate(auth.issuer, params)
  return {
    issuer,
    authorization_endpoint: authorization,
    token_endpoint: token,
    scope_separator: auth.scope_separator,
    pkce: auth.pkce,
    insecure: authorization.startsWith('http:') || token.startsWith('http:'),
    token_endpoint_auth_method: overrides?.token_endpoint_auth_method ?? auth.token_endpoint_auth_method,
    authorization_params: { ...auth.authorization_params, ...overrides?.authorization_params },
    token_params: { ...auth.token_params, ...overrides?.token_params },
    token_response: auth.token_response,
  }
}

/**
 * The simulator's endpoints for a provider, served by the gateway at `origin`. Its token responses
 * take the provider's shape, so they are read with the provider's own `token_response`.
 */
export function simulatorServer(origin: string, providerId: string, provider?: Provider): OAuthServer {
  const base = `${origin}/simulator/${encodeURIComponent(providerId)}`
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    scope_separator: ' ',
    pkce: true,
    insecure: origin.startsWith('http:'),
    token_endpoint_auth_method: 'none',
    authorization_params: {},
    token_params: {},
    token_response: provider?.auth.type === 'oauth2' ? provider.auth.token_response : defaultTokenResponse(),
  }
}
