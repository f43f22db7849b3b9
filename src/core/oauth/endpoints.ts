import { AppError } from '../errors.js'
import type { Provider } from '../providers/providers.schema.js'

/** Where a flow talks to: the provider's own endpoints (real mode) or the built-in simulator. */
export interface OAuthServer {
  /** Issuer identifier: checked against `iss` in callbacks and ID tokens when a provider sends them. */
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  scope_separator: string
  pkce: boolean
  /** True when an endpoint is plain http (a custom provider on a dev box, or the local simulator). */
  insecure: boolean
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

/** The URLs a real-mode flow opens for this provider (authorization + token, or the install page). */
export function realUrlsOf(provider: Provider, kind: 'auth' | 'install'): string[] {
  const auth = provider.auth
  if (kind === 'auth' && auth.type === 'oauth2') return [auth.authorization_url, auth.token_url]
  if (kind === 'install' && auth.type === 'app_install') return [auth.install_url]
  const wanted = kind === 'auth' ? 'oauth2' : 'app_install'
  throw new AppError(
    'invalid_request',
    `Provider '${provider.id}' uses ${auth.type} auth; a real-mode ${kind} session needs a provider with ${wanted} auth.`,
    { errors: [{ pointer: '/provider', detail: `needs ${wanted} auth for a real-mode ${kind} session` }] },
  )
}

/** The provider's authorization server, with `params` filled into its URL templates. */
export function realServer(provider: Provider, params: Record<string, string>): OAuthServer {
  if (provider.auth.type !== 'oauth2') throw new Error(`provider ${provider.id} is not oauth2`)
  const authorization = fillTemplate(provider.auth.authorization_url, params)
  const token = fillTemplate(provider.auth.token_url, params)
  return {
    issuer: new URL(authorization).origin,
    authorization_endpoint: authorization,
    token_endpoint: token,
    scope_separator: provider.auth.scope_separator,
    pkce: provider.auth.pkce,
    insecure: authorization.startsWith('http:') || token.startsWith('http:'),
  }
}

/** The simulator's endpoints for a provider, served by the gateway at `origin`. */
export function simulatorServer(origin: string, providerId: string): OAuthServer {
  const base = `${origin}/simulator/${encodeURIComponent(providerId)}`
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    scope_separator: ' ',
    pkce: true,
    insecure: origin.startsWith('http:'),
  }
}
