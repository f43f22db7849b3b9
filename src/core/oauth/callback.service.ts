import { type Clock, isoAt } from '../common/clock.js'
import type { ConnectionsService, Grant } from '../connections/connections.service.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import type { InstallationsService } from '../installations/installations.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { SessionRow, SessionsRepo } from '../sessions/sessions.repo.js'
import { stateHashOf } from '../sessions/sessions.service.js'
import type { FlowClients } from './flow-clients.js'
import { exchangeCode, OAuthCallbackError, OAuthGrantError, type TokenResult } from './oauth-client.js'

/** How a flow ended, for the route to redirect or render. */
export interface CallbackOutcome {
  kind: 'auth' | 'install'
  provider: string
  /** Display name for the result page. */
  provider_name: string
  tenant_id: string
  redirect_url: string | null
  result:
    | { connection_id: string }
    | { installation_id: string }
    | { error: string; error_description: string }
}

/** RFC 6749 error codes use %x20-21 / %x23-5B / %x5D-7E; anything else from a provider becomes server_error. */
const errorCode = (value: string | null) =>
  value && /^[\x20\x21\x23-\x5B\x5D-\x7E]{1,100}$/.test(value) ? value : 'server_error'
const description = (value: string | null, fallback: string) =>
  (value ?? fallback).replace(/\p{Cc}/gu, ' ').slice(0, 500) || fallback
const EXTERNAL_ID = /^[A-Za-z0-9._:-]{1,200}$/

const invalidState = (detail: string) => new AppError('invalid_state', detail)

/**
 * GET /oauth/callback: the one code path both modes finish through. The state is claimed
 * atomically (so of two concurrent uses exactly one proceeds) before any token request is made.
 */
export function createCallbackHandler(deps: {
  db: Db
  repo: SessionsRepo
  connections: ConnectionsService
  installations: InstallationsService
  flows: FlowClients
  providers: ProvidersService
  events: EventsService
  box: SecretBox
  clock: Clock
}) {
  const { db, repo, connections, installations, flows, providers, events, box, clock } = deps

  const outcome = (s: SessionRow, result: CallbackOutcome['result']): CallbackOutcome => ({
    kind: s.kind,
    provider: s.provider,
    provider_name: providers.find(s.workspace_id, s.provider)?.name ?? s.provider,
    tenant_id: s.tenant_id,
    redirect_url: s.redirect_url,
    result,
  })

  /** Marks the session failed and records `<kind>_session.failed`, in one transaction. */
  const fail = (s: SessionRow, error: string, detail: string): CallbackOutcome => {
    inTransaction(db, () => {
      repo.finish({
        id: s.id,
        status: 'failed',
        result_id: null,
        error,
        error_description: detail,
        now: isoAt(clock.now()),
      })
      events.emit(s.workspace_id, {
        type: `${s.kind}_session.failed`,
        provider: s.provider,
        tenant_id: s.tenant_id,
        connection_id: s.connection_id,
        data: { session_id: s.id, mode: s.mode, error, error_description: detail },
      })
    })
    return outcome(s, { error, error_description: detail })
  }

  /** Finds the session by state and moves it to `exchanging`; every reason to refuse is a 400. */
  function claim(query: URLSearchParams): SessionRow {
    const states = query.getAll('state')
    if (states.length !== 1 || !states[0] || states[0].length > 512) {
      throw invalidState('The callback needs exactly one state parameter.')
    }
    const session = repo.byStateHash(stateHashOf(states[0]))
    if (!session)
      throw invalidState('Unknown state: this callback does not belong to a flow this gateway started.')
    const now = isoAt(clock.now())
    const claimed = inTransaction(db, () => {
      const current = repo.byStateHash(stateHashOf(states[0]!))!
      if (current.status !== 'started') return 'used'
      if (now >= current.expires_at) return 'expired'
      return repo.claim(current.id, now) === 1 ? 'claimed' : 'used'
    })
    if (claimed === 'used') throw invalidState('This state has already been used.')
    if (claimed === 'expired') {
      fail(session, 'session_expired', 'The session expired before the provider called back.')
      throw invalidState('The state has expired (sessions live 15 minutes).')
    }
    return session
  }

  async function completeAuth(s: SessionRow, query: URLSearchParams, verifier: string | null) {
    const params = JSON.parse(s.params) as Record<string, string>
    let result: TokenResult
    try {
      const client = flows.clientFor({
        workspaceId: s.workspace_id,
        mode: s.mode,
        provider: s.provider,
        providerConfigId: s.provider_config_id,
        params,
        origin: s.origin,
      })
      result = await exchangeCode(client, query, {
        state: query.get('state')!,
        redirectUri: `${s.origin}/oauth/callback`,
        codeVerifier: verifier,
      })
    } catch (err) {
      // The provider's own words, sanitised: they are shown in a page and stored with the session.
      if (err instanceof OAuthCallbackError) {
        return fail(s, 'invalid_callback', description(err.description, 'The callback failed its checks.'))
      }
      if (err instanceof OAuthGrantError) {
        return fail(
          s,
          'token_exchange_failed',
          description(
            `The token endpoint refused the code (${errorCode(err.error)}): ${err.description}`,
            'The token endpoint refused the code.',
          ),
        )
      }
      return fail(
        s,
        'token_exchange_failed',
        description((err as Error).message, 'The token exchange failed.'),
      )
    }
    const grant: Grant = {
      provider: s.provider,
      provider_config_id: s.provider_config_id,
      tenant_id: s.tenant_id,
      mode: s.mode,
      params,
      requested_scopes: JSON.parse(s.scopes) as string[],
      tokens: result.tokens,
      metadata: result.metadata,
      session_id: s.id,
    }
    try {
      const connection = inTransaction(db, () => {
        const c = s.connection_id
          ? connections.reauthorize(s.workspace_id, s.connection_id, grant)
          : connections.create(s.workspace_id, grant)
        finishCompleted(s, c.id)
        return c
      })
      return outcome(s, { connection_id: connection.id })
    } catch (err) {
      if (err instanceof AppError) return fail(s, 'connection_unavailable', err.detail)
      throw err
    }
  }

  function completeInstall(s: SessionRow, query: URLSearchParams) {
    const external = query.get('installation_id')
    if (!external || !EXTERNAL_ID.test(external)) {
      return fail(s, 'invalid_callback', 'The provider did not return a valid installation_id.')
    }
    const installation = inTransaction(db, () => {
      const created = installations.create(s.workspace_id, {
        provider: s.provider,
        provider_config_id: s.provider_config_id,
        tenant_id: s.tenant_id,
        mode: s.mode,
        external_id: external,
        session_id: s.id,
      })
      finishCompleted(s, created.id)
      return created
    })
    return outcome(s, { installation_id: installation.id })
  }

  const finishCompleted = (s: SessionRow, resultId: string) =>
    repo.finish({
      id: s.id,
      status: 'completed',
      result_id: resultId,
      error: null,
      error_description: null,
      now: isoAt(clock.now()),
    })

  return {
    /** Handles the provider's redirect back. Throws `invalid_state` (400) before any token request when the state is not usable. */
    async handle(query: URLSearchParams): Promise<CallbackOutcome> {
      const session = claim(query)
      const verifier = session.code_verifier
        ? box.open(session.code_verifier, `sessions/${session.id}/code_verifier`)
        : null
      if (query.has('error')) {
        const error = errorCode(query.get('error'))
        return fail(
          session,
          error,
          description(query.get('error_description'), `The provider answered ${error}.`),
        )
      }
      return session.kind === 'auth'
        ? completeAuth(session, query, verifier)
        : completeInstall(session, query)
    },
  }
}
export type CallbackHandler = ReturnType<typeof createCallbackHandler>
