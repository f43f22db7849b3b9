import * as oauth from 'oauth4webapi'
import type { TokenSet } from '../connections/connections.schema.js'
import type { OAuthServer } from './endpoints.js'
import { type ConnectionMetadata, normalizeTokenResponse } from './token-response.js'

/** A fetch the token requests go through: the real one, or the simulator's in-process handler. */
export type TokenFetch = (url: string, init: RequestInit) => Promise<Response>

export interface OAuthClient {
  server: OAuthServer
  clientId: string
  /** Absent for a public client (the simulator): then only PKCE proves possession. */
  clientSecret?: string | undefined
  fetch?: TokenFetch | undefined
}

/** The token endpoint answered with an OAuth error (RFC 6749 section 5.2): the grant itself was refused. */
export class OAuthGrantError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number,
  ) {
    super(`${error}: ${description}`)
    this.name = 'OAuthGrantError'
  }
}

/**
 * The provider's redirect back failed its checks before any token request was made (state, or an
 * `iss` that is not the provider's issuer): reported as `invalid_callback`.
 */
export class OAuthCallbackError extends Error {
  constructor(readonly description: string) {
    super(description)
    this.name = 'OAuthCallbackError'
  }
}

/** A token response: the tokens (sealed by the caller) and the non-secret metadata the provider declared. */
export interface TokenResult {
  tokens: TokenSet
  metadata: ConnectionMetadata
}

/** The token endpoint could not be reached, failed (5xx) or answered something unusable: try again later. */
export class OAuthTransportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OAuthTransportError'
  }
}

const TOKEN_TIMEOUT_MS = 15_000

/**
 * ID tokens from the token endpoint are not signature-checked (OpenID Connect Core 3.1.3.7 allows
 * trusting TLS there); their claims are. So any signing algorithm a provider uses is accepted.
 */
const ID_TOKEN_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]

const asOf = (server: OAuthServer): oauth.AuthorizationServer => ({
  // Plain OAuth 2 (no declared issuer): a stand-in; `iss` and ID tokens are then never compared to it.
  issuer: server.issuer ?? new URL(server.authorization_endpoint).origin,
  authorization_endpoint: server.authorization_endpoint,
  token_endpoint: server.token_endpoint,
  id_token_signing_alg_values_supported: ID_TOKEN_ALGS,
})

function requestOptions(client: OAuthClient): oauth.TokenEndpointRequestOptions {
  const options: oauth.TokenEndpointRequestOptions = { signal: () => AbortSignal.timeout(TOKEN_TIMEOUT_MS) }
  if (Object.keys(client.server.token_params).length) {
    options.additionalParameters = client.server.token_params
  }
  // Only http endpoints need this: custom providers on a dev box and the local simulator.
  if (client.server.insecure) options[oauth.allowInsecureRequests] = true
  if (client.fetch) {
    const through = client.fetch
    options[oauth.customFetch] = (url, init) => through(url, init as RequestInit)
  }
  return options
}

/** application/x-www-form-urlencoded as browsers and servers do it (`-`, `.`, `_`, `*` stay as they are). */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2)

/**
 * Client authentication per the provider's `token_endpoint_auth_method`. client_secret_basic
 * (RFC 6749 section 2.3.1) is plugged in through oauth4webapi's ClientAuth hook: its own encoder
 * also escapes "-", "." and "_", and servers that skip the decoding step then see another client
 * id (Google's look like `123-abc.apps.googleusercontent.com`). Public clients (method `none`, and
 * the simulator) send only client_id.
 */
const clientAuth = (client: OAuthClient): oauth.ClientAuth => {
  const secret = client.clientSecret
  const method = client.server.token_endpoint_auth_method
  if (!secret || method === 'none') return oauth.None()
  if (method === 'client_secret_post') return oauth.ClientSecretPost(secret)
  return (_as, metadata, _body, headers) => {
    const pair = `${formEncode(metadata.client_id)}:${formEncode(secret)}`
    headers.set('authorization', `Basic ${Buffer.from(pair).toString('base64')}`)
  }
}

/**
 * Sends a token request, reads the answer the provider's way (see normalizeTokenResponse), lets
 * oauth4webapi check it, and turns its errors into ours.
 */
async function tokensFrom(
  client: OAuthClient,
  send: () => Promise<Response>,
  check: (response: Response) => Promise<oauth.TokenEndpointResponse>,
): Promise<TokenResult> {
  try {
    const normalized = await normalizeTokenResponse(await send(), client.server.token_response, {
      keepIdToken: client.server.issuer !== undefined,
    })
    const body = await check(normalized.response)
    return {
      tokens: {
        access_token: body.access_token,
        refresh_token: body.refresh_token,
        token_type: body.token_type,
        expires_in: body.expires_in,
        scope: body.scope,
      },
      metadata: normalized.metadata,
    }
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError && err.status < 500) {
      throw new OAuthGrantError(
        err.error,
        err.error_description ?? 'The provider refused the grant.',
        err.status,
      )
    }
    if (err instanceof oauth.ResponseBodyError) {
      throw new OAuthTransportError(`The token endpoint failed with HTTP ${err.status} (${err.error}).`)
    }
    // Only the message: the error's cause may hold the response body, which may hold tokens.
    const what = err instanceof Error ? err.message : String(err)
    throw new OAuthTransportError(`The token request failed: ${what}`)
  }
}

/** The authorization request URL (RFC 6749 section 4.1.1, with RFC 7636 S256 when the server takes PKCE). */
export function authorizationUrl(
  client: OAuthClient,
  request: {
    redirectUri: string
    scopes: string[]
    state: string
    codeChallenge?: string | undefined
    extra?: Record<string, string>
  },
): string {
  const url = new URL(client.server.authorization_endpoint)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', client.clientId)
  url.searchParams.set('redirect_uri', request.redirectUri)
  if (request.scopes.length) url.searchParams.set('scope', request.scopes.join(client.server.scope_separator))
  url.searchParams.set('state', request.state)
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
  }
  for (const [k, v] of Object.entries({ ...client.server.authorization_params, ...request.extra })) {
    url.searchParams.set(k, v)
  }
  return url.href
}

/**
 * The callback's checks before any token request: the state, and (RFC 9207) an `iss` parameter
 * against the declared issuer. Without a declared issuer `iss` cannot be checked and is ignored.
 */
function validateCallback(client: OAuthClient, callback: URLSearchParams, state: string): URLSearchParams {
  const query = new URLSearchParams(callback)
  if (client.server.issuer === undefined) query.delete('iss')
  const iss = query.get('iss')
  if (iss !== null && iss !== client.server.issuer) {
    throw new OAuthCallbackError(
      `The callback's issuer (iss) is '${iss}', but this provider's issuer is '${client.server.issuer}'.`,
    )
  }
  try {
    return oauth.validateAuthResponse(asOf(client.server), { client_id: client.clientId }, query, state)
  } catch (err) {
    throw new OAuthCallbackError(err instanceof Error ? err.message : String(err))
  }
}

/**
 * Validates the authorization response against the expected state (and issuer) and exchanges its
 * code (RFC 6749 section 4.1.3), proving possession of the PKCE verifier.
 */
export async function exchangeCode(
  client: OAuthClient,
  callback: URLSearchParams,
  expected: { state: string; redirectUri: string; codeVerifier: string | null },
): Promise<TokenResult> {
  const as = asOf(client.server)
  const metadata: oauth.Client = { client_id: client.clientId }
  const params = validateCallback(client, callback, expected.state)
  return tokensFrom(
    client,
    () =>
      oauth.authorizationCodeGrantRequest(
        as,
        metadata,
        clientAuth(client),
        params,
        expected.redirectUri,
        expected.codeVerifier ?? oauth.nopkce,
        requestOptions(client),
      ),
    (response) => oauth.processAuthorizationCodeResponse(as, metadata, response),
  )
}

/** Uses a refresh token (RFC 6749 section 6). */
export async function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenResult> {
  const as = asOf(client.server)
  const metadata: oauth.Client = { client_id: client.clientId }
  return tokensFrom(
    client,
    () =>
      oauth.refreshTokenGrantRequest(as, metadata, clientAuth(client), refreshToken, requestOptions(client)),
    (response) => oauth.processRefreshTokenResponse(as, metadata, response),
  )
}

export const newState = (): string => oauth.generateRandomState()
export const newCodeVerifier = (): string => oauth.generateRandomCodeVerifier()
export const codeChallengeOf = (verifier: string): Promise<string> =>
  oauth.calculatePKCECodeChallenge(verifier)
