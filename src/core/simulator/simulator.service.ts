import { randomInt } from 'node:crypto'
import type { Clock } from '../common/clock.js'
import { randomBase62 } from '../common/ids.js'
import { AppError } from '../errors.js'
import { workspaceOfSimulatorClient } from '../oauth/endpoints.js'
import { PKCE_S256_CHALLENGE } from '../oauth/pkce.js'
import type { Provider } from '../providers/providers.schema.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { TokenLedger } from '../providers-kit/engine/token-ledger.js'
import type { WorkspacesService } from '../workspaces/workspaces.service.js'
import type { AuthorizeQuery, Decision, InstallQuery, IssuedCode } from './simulator.schema.js'
import { createSimulatorTokenEndpoint } from './simulator-token.js'

/** What the consent screen shows and what a decision needs. */
export interface AuthorizeRequest {
  provider: Provider
  workspace: { id: string; name: string }
  clientId: string
  redirectUri: string
  state: string
  scopes: string[]
  codeChallenge: string
  tenant: string | null
}

export interface InstallRequest {
  provider: Provider
  workspace: { id: string; name: string }
  clientId: string
  redirectUri: string
  state: string
  tenant: string | null
}

const invalid = (pointer: string, detail: string) =>
  new AppError('invalid_request', detail, { errors: [{ pointer: `query:${pointer}`, detail }] })

const CODE_LIFETIME_MS = 10 * 60_000
const MAX_PENDING_CODES = 10_000

const withParams = (base: string, params: Record<string, string>) => {
  const url = new URL(base)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

/**
 * The built-in provider simulator: a consent screen, an install screen and a token endpoint that
 * speak OAuth 2.0 (authorization code + PKCE S256, refresh) like a provider would, offline.
 * Codes live in memory for ten minutes; refresh tokens are recognised by their shape, so
 * simulated connections keep refreshing across restarts.
 */
export function createSimulator(deps: {
  clock: Clock
  providers: ProvidersService
  workspaces: WorkspacesService
  ledger?: TokenLedger | undefined
}) {
  const { clock, providers, workspaces } = deps
  const codes = new Map<string, IssuedCode>()
  const refreshesToFail = new Set<string>()
  const workspaceById = (id: string) => {
    try {
      return workspaces.getById(id)
    } catch {
      return undefined
    }
  }

  /** The checks a provider makes before it trusts the request enough to redirect back (RFC 6749 4.1.2.1). */
  function client(
    providerId: string,
    clientId: string | undefined,
    redirectUri: string | undefined,
    origin: string,
  ) {
    const workspaceId = clientId ? workspaceOfSimulatorClient(clientId) : undefined
    const workspace = workspaceId ? workspaceById(workspaceId) : undefined
    if (!workspace || !clientId) {
      throw invalid('/client_id', 'The simulator does not know this client_id.')
    }
    const provider = providers.find(workspace.id, providerId)
    if (!provider) throw new AppError('not_found', `There is no provider '${providerId}' to simulate.`)
    let redirect: URL | undefined
    try {
      redirect = redirectUri ? new URL(redirectUri) : undefined
    } catch {
      redirect = undefined
    }
    if (
      !redirect ||
      redirect.origin !== origin ||
      redirect.pathname !== '/oauth/callback' ||
      redirect.search
    ) {
      throw invalid(
        '/redirect_uri',
        `redirect_uri must be this gateway's callback, ${origin}/oauth/callback.`,
      )
    }
    return {
      provider,
      workspace: { id: workspace.id, name: workspace.name },
      clientId,
      redirectUri: redirect.href,
    }
  }

  const prune = () => {
    const now = clock.now()
    for (const [code, issued] of codes) if (issued.expiresAt <= now) codes.delete(code)
    if (codes.size >= MAX_PENDING_CODES) codes.delete(codes.keys().next().value as string)
  }

  return {
    /**
     * Validates an authorization request. Client and redirect problems throw (they must not redirect);
     * other problems come back as the error redirect a provider would send.
     */
    checkAuthorize(
      providerId: string,
      query: AuthorizeQuery,
      origin: string,
    ): { ok: true; request: AuthorizeRequest } | { ok: false; redirect: string } {
      const base = client(providerId, query.client_id, query.redirect_uri, origin)
      if (!query.state) {
        throw invalid('/state', 'The authorization request has no state; the simulator requires one.')
      }
      const fail = (error: string, description: string) => ({
        ok: false as const,
        redirect: withParams(base.redirectUri, {
          error,
          error_description: description,
          state: query.state!,
        }),
      })
      if (query.response_type !== 'code')
        return fail('unsupported_response_type', 'Only response_type=code is supported.')
      if (query.code_challenge_method !== 'S256' || !PKCE_S256_CHALLENGE.test(query.code_challenge ?? '')) {
        return fail(
          'invalid_request',
          'PKCE is required: send code_challenge with code_challenge_method=S256.',
        )
      }
      return {
        ok: true,
        request: {
          ...base,
          state: query.state,
          scopes: (query.scope ?? '').split(' ').filter(Boolean),
          codeChallenge: query.code_challenge!,
          tenant: query.tenant ?? null,
        },
      }
    },

    /** The redirect back to the client after the user's decision. */
    decideAuthorize(request: AuthorizeRequest, decision: Decision): string {
      if (decision === 'deny') {
        return withParams(request.redirectUri, {
          error: 'access_denied',
          error_description: `The user denied access on the ${request.provider.name} consent screen.`,
          state: request.state,
        })
      }
      prune()
      const code = `simc_${randomBase62(32)}`
      codes.set(code, {
        providerId: request.provider.id,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scopes: request.scopes,
        failExchange: decision === 'error',
        expiresAt: clock.now() + CODE_LIFETIME_MS,
      })
      return withParams(request.redirectUri, { code, state: request.state })
    },

    /** Validates an app installation request (no PKCE: installs return an installation id, not a code). */
    checkInstall(providerId: string, query: InstallQuery, origin: string): InstallRequest {
      const base = client(providerId, query.client_id, query.redirect_uri, origin)
      if (!query.state) {
        throw invalid('/state', 'The installation request has no state; the simulator requires one.')
      }
      return { ...base, state: query.state, tenant: query.tenant ?? null }
    },

    decideInstall(request: InstallRequest, decision: Decision): string {
      if (decision === 'deny') {
        return withParams(request.redirectUri, {
          error: 'access_denied',
          error_description: `The installation of ${request.provider.name} was cancelled.`,
          state: request.state,
        })
      }
      if (decision === 'error') {
        return withParams(request.redirectUri, {
          error: 'server_error',
          error_description: `The simulator was told to fail the ${request.provider.name} installation.`,
          state: request.state,
        })
      }
      const installationId = String(randomInt(10_000_000, 99_999_999))
      return withParams(request.redirectUri, {
        installation_id: installationId,
        setup_action: 'install',
        state: request.state,
      })
    },

    /** The token endpoint (RFC 6749 section 3.2), as a fetch handler: served over HTTP and called in-process. */
    token: createSimulatorTokenEndpoint({
      clock,
      codes,
      refreshesToFail,
      provider: (workspaceId, providerId) => providers.find(workspaceId, providerId),
      workspaceExists: (workspaceId) => workspaceById(workspaceId) !== undefined,
      ledger: deps.ledger,
    }),

    /** Makes the next refresh with this refresh token fail with invalid_grant. */
    failNextRefresh(refreshToken: string): void {
      refreshesToFail.add(refreshToken)
    },
  }
}
export type Simulator = ReturnType<typeof createSimulator>
