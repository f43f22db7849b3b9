import * as oauth from 'oauth4webapi'
import type { TokenSet } from '../connections/connections.schema.js'
import type { OAuthServer } from './endpoints.js'

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

/** The token endpoint could not be reached, failed (5xx) or answered something unusable: try again later. */
export class OAuthTransportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OAuthTransportError'
  }
}

const TOKEN_TIMEOUT_MS = 15_000

const asOf = (server: OAuthServer): oauth.AuthorizationServer => ({
  issuer: server.issuer,
  authorization_endpoint: server.authorization_endpoint,
  token_endpoint: server.token_endpoint,
})

function requestOptions(client: OAuthClient): oauth.TokenEndpointRequestOptions {
  const options: oauth.TokenEndpointRequestOptions = { signal: () => AbortSignal.timeout(TOKEN_TIMEOUT_MS) }
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
 * client_secret_basic (RFC 6749 section 2.3.1), the method every server must support, plugged in
 * through oauth4webapi's ClientAuth hook: its own encoder also escapes "-", "." and "_", and
 * servers that skip the decoding step then see another client id (Google's look like
 * `123-abc.apps.googleusercontent.com`). Public clients (the simulator) send only client_id.
 */
const clientAuth = (client: OAuthClient): oauth.ClientAuth => {
  const secret = client.clientSecret
  if (!secret) return oauth.None()
  return (_as, metadata, _body, headers) => {
    const pair = `${formEncode(metadata.client_id)}:${formEncode(secret)}`
    headers.set('authorization', `Basic ${Buffer.from(pair).toString('base64')}`)
  }
}

/** Turns a processed token response into our TokenSet, and oauth4webapi's errors into ours. */
async function tokensFrom(work: () => Promise<oauth.TokenEndpointResponse>): Promise<TokenSet> {
  try {
    const body = await work()
    return {
      access_token: body.access_token,
      refresh_token: body.refresh_token,
      token_type: body.token_type,
      expires_in: body.expires_in,
      scope: body.scope,
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
  for (const [k, v] of Object.entries(request.extra ?? {})) url.searchParams.set(k, v)
  return url.href
}

/**
 * Validates the authorization response against the expected state and exchanges its code
 * (RFC 6749 section 4.1.3), proving possession of the PKCE verifier.
 */
export async function exchangeCode(
  client: OAuthClient,
  callback: URLSearchParams,
  expected: { state: string; redirectUri: string; codeVerifier: string | null },
): Promise<TokenSet> {
  const as = asOf(client.server)
  const metadata: oauth.Client = { client_id: client.clientId }
  let params: URLSearchParams
  try {
    params = oauth.validateAuthResponse(as, metadata, callback, expected.state)
  } catch (err) {
    throw new OAuthGrantError('invalid_callback', err instanceof Error ? err.message : String(err), 400)
  }
  return tokensFrom(async () => {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      metadata,
      clientAuth(client),
      params,
      expected.redirectUri,
      expected.codeVerifier ?? oauth.nopkce,
      requestOptions(client),
    )
    return oauth.processAuthorizationCodeResponse(as, metadata, response)
  })
}

/** Uses a refresh token (RFC 6749 section 6). */
export async function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
  const as = asOf(client.server)
  const metadata: oauth.Client = { client_id: client.clientId }
  return tokensFrom(async () => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      metadata,
      clientAuth(client),
      refreshToken,
      requestOptions(client),
    )
    return oauth.processRefreshTokenResponse(as, metadata, response)
  })
}

export const newState = (): string => oauth.generateRandomState()
export const newCodeVerifier = (): string => oauth.generateRandomCodeVerifier()
export const codeChallengeOf = (verifier: string): Promise<string> =>
  oauth.calculatePKCECodeChallenge(verifier)
