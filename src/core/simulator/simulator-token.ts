import type { Clock } from '../common/clock.js'
import { workspaceOfSimulatorClient } from '../oauth/endpoints.js'
import { verifyS256 } from '../oauth/pkce.js'
import type { Provider } from '../providers/providers.schema.js'
import type { TokenLedger } from '../providers-kit/engine/token-ledger.js'
import type { IssuedCode } from './simulator.schema.js'
import { tokenStyleOf } from './token-styles.js'

const MAX_FORM_BYTES = 16 * 1024
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...NO_STORE, ...headers },
  })

/** An RFC 6749 section 5.2 error response. */
const oauthError = (
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
) => json(status, { error, error_description: description }, headers)

/** client_id from HTTP Basic (the secret is not checked: simulated apps are public clients) or the form. */
function clientIdOf(request: Request, form: URLSearchParams): string | null {
  const header = request.headers.get('authorization')
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    try {
      // RFC 6749 section 2.3.1: the id is form-urlencoded before it is base64-encoded.
      return decodeURIComponent((colon === -1 ? decoded : decoded.slice(0, colon)).replaceAll('+', ' '))
    } catch {
      return null
    }
  }
  return form.get('client_id')
}

/**
 * The extra fields the real provider's token response carries, with the plausible values the
 * catalog declares (a simulated Salesforce answer has an `instance_url`), at the same paths, so
 * they become connection metadata exactly as a real answer's would.
 */
function providerShaped(provider: Provider): Record<string, unknown> {
  if (provider.auth.type !== 'oauth2') return {}
  const body: Record<string, unknown> = {}
  for (const { path, example } of Object.values(provider.auth.token_response.metadata)) {
    const keys = path.split('.')
    let node = body
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {}
      node = node[key] as Record<string, unknown>
    }
    node[keys.at(-1)!] = example
  }
  return body
}

/** `/simulator/{provider}/token` → provider id. */
const providerOf = (url: string) => {
  const match = /\/simulator\/([^/]+)\/token$/.exec(new URL(url).pathname)
  return match ? decodeURIComponent(match[1]!) : undefined
}

/** The simulator's token endpoint: authorization_code (with PKCE S256) and refresh_token grants. */
export function createSimulatorTokenEndpoint(deps: {
  clock: Clock
  codes: Map<string, IssuedCode>
  refreshesToFail: Set<string>
  /** The provider a workspace's client sees, for the shape of its token responses. */
  provider: (workspaceId: string, providerId: string) => Provider | undefined
  /** Whether a workspace of this id exists: a client id naming no workspace is an unknown client. */
  workspaceExists: (workspaceId: string) => boolean
  /** Where issued tokens are recorded, so the simulated APIs accept them (and faults can end them). */
  ledger?: Pick<TokenLedger, 'issued' | 'refreshRevoked' | 'issuedRefresh'> | undefined
}) {
  const { clock, codes, refreshesToFail } = deps

  const issue = (
    providerId: string,
    clientId: string,
    scopes: string[] | undefined,
    usedRefreshToken?: string,
  ) => {
    const style = tokenStyleOf(providerId)
    const workspaceId = workspaceOfSimulatorClient(clientId)!
    const provider = deps.provider(workspaceId, providerId)
    const accessToken = style.access()
    const refreshToken = style.refresh()
    deps.ledger?.issued({
      workspaceId,
      provider: providerId,
      accessToken,
      refreshToken,
      expiresIn: style.expiresIn,
      usedRefreshToken,
    })
    return json(200, {
      ...(provider && providerShaped(provider)),
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: style.expiresIn,
      refresh_token: refreshToken,
      ...(scopes && { scope: scopes.join(' ') }),
    })
  }

  return async (request: Request): Promise<Response> => {
    const providerId = providerOf(request.url)
    if (request.method !== 'POST' || !providerId) {
      return oauthError(400, 'invalid_request', 'POST the token request to /simulator/{provider}/token.')
    }
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
      return oauthError(
        400,
        'invalid_request',
        'The token request must be application/x-www-form-urlencoded.',
      )
    }
    const text = await request.text()
    if (text.length > MAX_FORM_BYTES)
      return oauthError(400, 'invalid_request', 'The token request is too large.')
    const form = new URLSearchParams(text)
    for (const key of new Set(form.keys())) {
      if (form.getAll(key).length > 1)
        return oauthError(400, 'invalid_request', `Parameter '${key}' appears twice.`)
    }
    const clientId = clientIdOf(request, form)
    const clientWorkspace = clientId ? workspaceOfSimulatorClient(clientId) : undefined
    if (!clientId || !clientWorkspace || !deps.workspaceExists(clientWorkspace)) {
      return oauthError(401, 'invalid_client', 'Unknown client.', {
        'www-authenticate': 'Basic realm="simulator"',
      })
    }

    switch (form.get('grant_type')) {
      case 'authorization_code': {
        const code = form.get('code') ?? ''
        const issued = codes.get(code)
        codes.delete(code)
        if (!issued || issued.expiresAt <= clock.now()) {
          return oauthError(400, 'invalid_grant', 'The code is unknown, expired or already used.')
        }
        if (issued.providerId !== providerId || issued.clientId !== clientId) {
          return oauthError(400, 'invalid_grant', 'The code was issued to another client.')
        }
        if (form.get('redirect_uri') !== issued.redirectUri) {
          return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.')
        }
        if (!verifyS256(form.get('code_verifier') ?? '', issued.codeChallenge)) {
          return oauthError(400, 'invalid_grant', 'PKCE verification failed: code_verifier does not match.')
        }
        if (issued.failExchange) {
          return oauthError(400, 'invalid_grant', 'The simulator was told to fail this token exchange.')
        }
        return issue(providerId, clientId, issued.scopes)
      }
      case 'refresh_token': {
        const refreshToken = form.get('refresh_token') ?? ''
        if (refreshesToFail.delete(refreshToken)) {
          return oauthError(400, 'invalid_grant', 'The simulator was told to fail this refresh.')
        }
        // Only a token it issued (kept in the ledger) to this client for this provider: a made-up one of
        // the right shape must not mint a new grant.
        if (
          !tokenStyleOf(providerId).isRefresh(refreshToken) ||
          (deps.ledger && !deps.ledger.issuedRefresh(clientWorkspace, providerId, refreshToken))
        ) {
          return oauthError(400, 'invalid_grant', 'This is not a refresh token the simulator issued.')
        }
        if (deps.ledger?.refreshRevoked(clientWorkspace, refreshToken)) {
          return oauthError(400, 'invalid_grant', 'The user revoked access (a revoke_access fault).')
        }
        return issue(providerId, clientId, undefined, refreshToken)
      }
      default:
        return oauthError(400, 'unsupported_grant_type', 'Use authorization_code or refresh_token.')
    }
  }
}
