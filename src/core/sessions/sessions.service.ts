import { createHash } from 'node:crypto'
import type { KeyRole } from '../api-keys/key-format.js'
import { type Clock, isoAt } from '../common/clock.js'
import type { Ids } from '../common/ids.js'
import type { ConnectionsService } from '../connections/connections.service.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import { fillTemplate, placeholdersOf, realUrlsOf, simulatorClientId } from '../oauth/endpoints.js'
import type { FlowClients } from '../oauth/flow-clients.js'
import { hostChoosingPlaceholders } from '../oauth/host-placeholders.js'
import { authorizationUrl, codeChallengeOf, newCodeVerifier, newState } from '../oauth/oauth-client.js'
import type { ProviderConfig } from '../provider-configs/provider-configs.schema.js'
import type { ProviderConfigsService } from '../provider-configs/provider-configs.service.js'
import type { ProvidersService } from '../providers/providers.service.js'
import type { RedirectOriginsService } from '../workspaces/redirect-origins.service.js'
import type { SessionRow, SessionsRepo } from './sessions.repo.js'
import type {
  CreateAuthSession,
  CreateInstallSession,
  SessionCreated,
  SessionKind,
  Simulate,
} from './sessions.schema.js'

/** How long a session may be used: 15 minutes, single use (DESIGN.md "Sessions"). */
const SESSION_LIFETIME_MS = 15 * 60_000

/** The OAuth `state` is stored only as its hash: the database alone cannot complete a flow. */
export const stateHashOf = (state: string) => createHash('sha256').update(state).digest('hex')

const KEEP_EXPIRED_MS = 24 * 60 * 60_000

const invalidAt = (pointer: string, detail: string, message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer, detail }] })

/**
 * Auth and install sessions: creation (which decides real or simulated mode once) and the start of
 * the flow, which mints the one-time state and PKCE verifier and names the URL to send the browser to.
 */
export function createSessionsService(deps: {
  db: Db
  repo: SessionsRepo
  providers: ProvidersService
  providerConfigs: ProviderConfigsService
  connections: ConnectionsService
  redirectOrigins: RedirectOriginsService
  flows: FlowClients
  events: EventsService
  box: SecretBox
  clock: Clock
  ids: Ids
}) {
  const { db, repo, providers, providerConfigs, connections, flows, events, box, clock, ids } = deps

  const configFor = (workspaceId: string, provider: string, configId: string | undefined) => {
    try {
      return providerConfigs.resolve(workspaceId, provider, configId)
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') {
        throw invalidAt('/provider_config_id', 'no such provider config in this workspace', err.detail)
      }
      throw err
    }
  }

  return {
    /**
     * Creates a session: 201 `{id, url, expires_at}`; `origin` is the gateway's own origin, `role`
     * the caller's key role. A publishable key is public (it ships in browser code), so it may not
     * re-authorize an existing connection, nor fill a placeholder that chooses a real provider's host
     * (the browser and the client secret would go where it says); no key may send the browser off-list.
     */
    create(
      workspaceId: string,
      kind: SessionKind,
      input: CreateAuthSession | CreateInstallSession,
      origin: string,
      role: KeyRole,
    ): SessionCreated {
      const reauthorizing = kind === 'auth' && (input as CreateAuthSession).connection_id !== undefined
      if (reauthorizing && role !== 'secret') {
        throw new AppError(
          'forbidden',
          'Re-authorizing an existing connection (connection_id) needs a secret key: a publishable key is public, and whoever completes consent would be bound to that connection.',
        )
      }
      if (input.redirect_url) deps.redirectOrigins.assertAllowed(workspaceId, input.redirect_url)
      const provider = providers.find(workspaceId, input.provider)
      if (!provider) {
        throw invalidAt(
          '/provider',
          'no catalog or custom provider has this id',
          `Unknown provider '${input.provider}'.`,
        )
      }
      const config: ProviderConfig | undefined = configFor(workspaceId, provider.id, input.provider_config_id)
      const mode = config?.mode === 'real' ? 'real' : 'simulated'
      const params = input.params ?? {}
      if (mode === 'real') {
        const urls = realUrlsOf(provider, kind)
        const hostChoosing = urls.flatMap(hostChoosingPlaceholders)[0]
        if (hostChoosing !== undefined && role !== 'secret') {
          throw new AppError(
            'forbidden',
            `params.${hostChoosing} chooses the host of '${provider.id}' (where the user signs in and where the client secret is sent), so a real-mode session of this provider needs a secret key: create it from your backend. A publishable key is public.`,
            {
              errors: [
                { pointer: `/params/${hostChoosing}`, detail: 'chooses the host: needs a secret key' },
              ],
            },
          )
        }
        for (const name of urls.flatMap(placeholdersOf)) {
          if (!params[name]) {
            throw invalidAt(
              `/params/${name}`,
              'is required: the provider URL has this placeholder',
              `Provider '${provider.id}' needs params.${name} for a real-mode session.`,
            )
          }
        }
      }
      const auth = kind === 'auth' ? (input as CreateAuthSession) : undefined
      if (auth?.connection_id) {
        connections.assertReauthorizable(workspaceId, auth.connection_id, provider.id, input.tenant_id)
      }
      const scopes =
        auth?.scopes ??
        config?.scopes ??
        (kind === 'auth' && provider.auth.type === 'oauth2' ? provider.auth.scopes : [])
      const now = clock.now()
      const row: SessionRow = {
        id: ids.next(kind === 'auth' ? 'sess' : 'isess'),
        workspace_id: workspaceId,
        kind,
        mode,
        provider: provider.id,
        provider_config_id: config?.id ?? null,
        tenant_id: input.tenant_id,
        redirect_url: input.redirect_url ?? null,
        scopes: JSON.stringify(scopes),
        params: JSON.stringify(params),
        connection_id: auth?.connection_id ?? null,
        origin,
        status: 'pending',
        state_hash: null,
        code_verifier: null,
        result_id: null,
        error: null,
        error_description: null,
        created_at: isoAt(now),
        expires_at: isoAt(now + SESSION_LIFETIME_MS),
        started_at: null,
        finished_at: null,
      }
      inTransaction(db, () => {
        repo.prune(isoAt(now - KEEP_EXPIRED_MS))
        repo.insert(row)
        events.emit(workspaceId, {
          type: `${kind}_session.created`,
          provider: row.provider,
          tenant_id: row.tenant_id,
          connection_id: row.connection_id,
          data: { session_id: row.id, mode },
        })
      })
      return { id: row.id, url: `${origin}/connect/${row.id}`, expires_at: row.expires_at }
    },

    /**
     * Opens a session (once): mints the state and PKCE verifier and returns where the browser goes —
     * the provider's authorization or install page, or the simulator's.
     */
    async start(id: string, simulate: Simulate | undefined): Promise<string> {
      const session = repo.get(id)
      if (!session) throw new AppError('not_found', `Session '${id}' does not exist.`)
      if (session.status !== 'pending') {
        throw new AppError('conflict', 'This session has already been used; create a new one.')
      }
      if (clock.now() >= Date.parse(session.expires_at)) {
        throw new AppError(
          'session_expired',
          'This session expired (sessions live 15 minutes); create a new one.',
        )
      }
      if (simulate && session.mode === 'real') {
        throw invalidAt(
          'query:/simulate',
          'only in simulated mode',
          'simulate= works only for simulated sessions; this one uses real client credentials.',
        )
      }
      const params = JSON.parse(session.params) as Record<string, string>
      const target = {
        workspaceId: session.workspace_id,
        mode: session.mode,
        provider: session.provider,
        providerConfigId: session.provider_config_id,
        params,
        origin: session.origin,
      }
      const redirectUri = `${session.origin}/oauth/callback`
      const state = newState()
      let url: string
      let verifier: string | null = null
      if (session.kind === 'auth') {
        const client = flows.clientFor(target)
        verifier = client.server.pkce ? newCodeVerifier() : null
        url = authorizationUrl(client, {
          redirectUri,
          // Real providers may need the session's params inside a scope (Dynamics 365: the org's host).
          scopes: (JSON.parse(session.scopes) as string[]).map((scope) =>
            session.mode === 'real' ? fillTemplate(scope, params) : scope,
          ),
          state,
          codeChallenge: verifier ? await codeChallengeOf(verifier) : undefined,
          ...(session.mode === 'simulated' && {
            extra: { tenant: session.tenant_id, ...(simulate && { simulate }) },
          }),
        })
      } else {
        const provider = providers.find(session.workspace_id, session.provider)
        if (session.mode === 'real' && provider?.auth.type !== 'app_install') {
          throw new AppError('conflict', `Provider '${session.provider}' no longer offers app installation.`)
        }
        const install =
          provider?.auth.type === 'app_install' && session.mode === 'real'
            ? new URL(fillTemplate(provider.auth.install_url, params))
            : new URL(`${session.origin}/simulator/${encodeURIComponent(session.provider)}/install`)
        if (session.mode === 'simulated') {
          install.searchParams.set('client_id', simulatorClientId(session.workspace_id))
          install.searchParams.set('redirect_uri', redirectUri)
          install.searchParams.set('tenant', session.tenant_id)
          if (simulate) install.searchParams.set('simulate', simulate)
        }
        install.searchParams.set('state', state)
        url = install.href
      }
      const started = repo.start({
        id,
        state_hash: stateHashOf(state),
        code_verifier: verifier ? box.seal(verifier, `sessions/${id}/code_verifier`) : null,
        now: isoAt(clock.now()),
      })
      if (started === 0) {
        if (clock.now() >= Date.parse(session.expires_at)) {
          throw new AppError(
            'session_expired',
            'This session expired (sessions live 15 minutes); create a new one.',
          )
        }
        throw new AppError('conflict', 'This session has already been used; create a new one.')
      }
      return url
    },
  }
}
export type SessionsService = ReturnType<typeof createSessionsService>
