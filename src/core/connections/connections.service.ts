import { type Clock, isoAt } from '../common/clock.js'
import { chosenId, type Ids } from '../common/ids.js'
import type { SecretBox } from '../crypto/secret-box.js'
import { deepFreeze } from '../db/change-stamp.js'
import { type Db, inTransaction } from '../db/open.js'
import { AppError, notFound } from '../errors.js'
import type { EventsService } from '../events/events.service.js'
import type { FlowClients } from '../oauth/flow-clients.js'
import { OAuthGrantError, OAuthTransportError, refreshTokens } from '../oauth/oauth-client.js'
import type { Simulator } from '../simulator/simulator.service.js'
import { type ConnectionRow, type ConnectionsRepo, toConnection } from './connections.repo.js'
import type { Connection, ConnectionMetadata, FlowMode, TokenSet } from './connections.schema.js'

/** What a completed auth session hands over to create or re-authorize a connection. */
export interface Grant {
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: FlowMode
  params: Record<string, string>
  requested_scopes: string[]
  tokens: TokenSet
  /** Non-secret token-response fields; none when absent. */
  metadata?: ConnectionMetadata | undefined
  session_id: string
}

/** A concurrent revoke, re-authorization or refresh replaced the row (every one of them reseals the tokens). */
const changedSince = (now: ConnectionRow, before: ConnectionRow) =>
  now.status !== before.status ||
  !(now.refresh_token && before.refresh_token && now.refresh_token.equals(before.refresh_token))

const transition = (id: string, from: string, action: string) =>
  new AppError('invalid_transition', `Connection '${id}' is ${from}; it cannot be ${action}.`)

/**
 * Connections and their lifecycle: active → needs_reauth (a refresh failed) → active (re-authorized
 * through an auth session); active | needs_reauth → revoked (permanent). Tokens are sealed with the
 * row id and column bound in, and leave this module only towards the provider's token endpoint.
 */
export function createConnectionsService(deps: {
  db: Db
  repo: ConnectionsRepo
  box: SecretBox
  events: EventsService
  flows: FlowClients
  simulator: Simulator
  clock: Clock
  ids: Ids
}) {
  const { db, repo, box, events, flows, simulator, clock, ids } = deps
  const inflight = new Map<string, Promise<Connection>>()
  const seal = (value: string | undefined, id: string, column: string) =>
    value === undefined ? null : box.seal(value, `connections/${id}/${column}`)
  const open = (value: Buffer | null, id: string, column: string) =>
    value === null ? undefined : box.open(value, `connections/${id}/${column}`)

  // The repo's rows are shared until the table changes (its memo); so is their API shape.
  const shapes = new WeakMap<ConnectionRow, Connection>()
  const shapeOf = (r: ConnectionRow): Connection => {
    let shape = shapes.get(r)
    if (!shape) {
      shape = deepFreeze(toConnection(r))
      shapes.set(r, shape)
    }
    return shape
  }

  const row = (workspaceId: string, id: string): ConnectionRow => {
    const found = repo.get(workspaceId, id)
    if (!found) throw notFound('Connection', id)
    return found
  }

  /** Token columns for a token response; a refresh response without a refresh token keeps the old one. */
  const tokenColumns = (id: string, tokens: TokenSet, keepRefresh: Buffer | null) => ({
    access_token: seal(tokens.access_token, id, 'access_token'),
    refresh_token: tokens.refresh_token ? seal(tokens.refresh_token, id, 'refresh_token') : keepRefresh,
    token_type: tokens.token_type,
    token_expires_at: tokens.expires_in ? isoAt(clock.now() + tokens.expires_in * 1000) : null,
  })

  const grantedScopes = (grant: Grant) =>
    JSON.stringify(
      grant.tokens.scope ? grant.tokens.scope.split(/[\s,]+/).filter(Boolean) : grant.requested_scopes,
    )

  const emit = (workspaceId: string, r: ConnectionRow, type: string, data: Record<string, unknown>) =>
    events.emit(workspaceId, {
      type,
      provider: r.provider,
      tenant_id: r.tenant_id,
      connection_id: r.id,
      data: { status: r.status, mode: r.mode, ...data },
    })

  async function runRefresh(
    workspaceId: string,
    id: string,
    origin: string,
    fail: boolean,
  ): Promise<Connection> {
    const current = row(workspaceId, id)
    if (current.status !== 'active') throw transition(id, current.status, 'refreshed')
    if (fail && current.mode !== 'simulated') {
      throw new AppError('invalid_request', 'simulate=error works on simulated connections only.', {
        errors: [{ pointer: 'query:/simulate', detail: 'this connection is not simulated' }],
      })
    }
    const refreshToken = open(current.refresh_token, id, 'refresh_token')
    if (!refreshToken) {
      throw new AppError(
        'conflict',
        `Connection '${id}' has no refresh token; the provider did not issue one.`,
      )
    }
    let tokens: TokenSet | undefined
    let metadata: ConnectionMetadata = {}
    let reason = ''
    try {
      const client = flows.clientFor({
        workspaceId,
        mode: current.mode,
        provider: current.provider,
        providerConfigId: current.provider_config_id,
        params: JSON.parse(current.params) as Record<string, string>,
        origin,
      })
      if (fail) simulator.failNextRefresh(refreshToken)
      ;({ tokens, metadata } = await refreshTokens(client, refreshToken))
    } catch (err) {
      if (err instanceof OAuthGrantError) reason = `refresh_failed (${err.error}): ${err.description}`
      else if (err instanceof AppError && err.code === 'conflict') reason = `refresh_failed: ${err.detail}`
      // Unreachable or failing provider: transient, so the connection keeps its status.
      else if (err instanceof OAuthTransportError) throw new AppError('upstream_error', err.message)
      else throw err
    }
    return inTransaction(db, () => {
      const now = row(workspaceId, id)
      // Revoked, re-authorized or refreshed while the request was in flight: the newer state wins.
      if (changedSince(now, current)) return toConnection(now)
      const stamp = isoAt(clock.now())
      const next: ConnectionRow = tokens
        ? {
            ...now,
            ...tokenColumns(id, tokens, now.refresh_token),
            // A refresh answer may repeat (or update) metadata, such as Salesforce's instance_url.
            metadata: JSON.stringify({ ...(JSON.parse(now.metadata) as ConnectionMetadata), ...metadata }),
            updated_at: stamp,
            last_refreshed_at: stamp,
          }
        : { ...now, status: 'needs_reauth', status_reason: reason.slice(0, 500), updated_at: stamp }
      repo.update(next)
      if (tokens) emit(workspaceId, next, 'connection.refreshed', { token_expires_at: next.token_expires_at })
      else emit(workspaceId, next, 'connection.needs_reauth', { reason: next.status_reason })
      return toConnection(next)
    })
  }

  return {
    get: (workspaceId: string, id: string): Connection => shapeOf(row(workspaceId, id)),

    /** Checks, at session creation, that this connection may be re-authorized by that provider and tenant. */
    assertReauthorizable(workspaceId: string, id: string, provider: string, tenantId: string): void {
      const found = repo.get(workspaceId, id)
      if (!found) {
        throw new AppError('invalid_request', `Connection '${id}' does not exist.`, {
          errors: [{ pointer: '/connection_id', detail: 'no such connection in this workspace' }],
        })
      }
      const mismatch =
        found.provider !== provider ? 'provider' : found.tenant_id !== tenantId ? 'tenant_id' : null
      if (mismatch) {
        throw new AppError('invalid_request', `Connection '${id}' belongs to another ${mismatch}.`, {
          errors: [{ pointer: `/${mismatch}`, detail: `must match the connection's ${mismatch}` }],
        })
      }
      if (found.status === 'revoked') throw transition(id, 'revoked', 're-authorized')
    },

    /**
     * Creates an active connection from a completed auth session. Call inside the completing
     * transaction. Fixtures choose its id and may declare it needing re-authorization.
     */
    create(
      workspaceId: string,
      grant: Grant,
      options: { id?: string; needsReauth?: string } = {},
    ): Connection {
      const id = chosenId(ids, 'conn', options.id, repo.idInUse)
      const now = isoAt(clock.now())
      const created: ConnectionRow = {
        id,
        workspace_id: workspaceId,
        provider: grant.provider,
        provider_config_id: grant.provider_config_id,
        tenant_id: grant.tenant_id,
        mode: grant.mode,
        status: options.needsReauth === undefined ? 'active' : 'needs_reauth',
        status_reason: options.needsReauth ?? null,
        scopes: grantedScopes(grant),
        params: JSON.stringify(grant.params),
        metadata: JSON.stringify(grant.metadata ?? {}),
        ...tokenColumns(id, grant.tokens, null),
        created_at: now,
        updated_at: now,
        last_refreshed_at: null,
      }
      repo.insert(created)
      emit(workspaceId, created, 'connection.created', {
        session_id: grant.session_id,
        scopes: JSON.parse(created.scopes),
      })
      return toConnection(created)
    },

    /** Re-activates a connection with fresh tokens. Call inside the completing transaction. */
    reauthorize(workspaceId: string, id: string, grant: Grant): Connection {
      const current = row(workspaceId, id)
      if (current.status === 'revoked') throw transition(id, 'revoked', 're-authorized')
      const next: ConnectionRow = {
        ...current,
        provider_config_id: grant.provider_config_id,
        mode: grant.mode,
        status: 'active',
        status_reason: null,
        scopes: grantedScopes(grant),
        params: JSON.stringify(grant.params),
        metadata: JSON.stringify(grant.metadata ?? {}),
        ...tokenColumns(id, grant.tokens, null),
        updated_at: isoAt(clock.now()),
      }
      repo.update(next)
      emit(workspaceId, next, 'connection.reauthorized', {
        session_id: grant.session_id,
        previous_status: current.status,
        scopes: JSON.parse(next.scopes),
      })
      return toConnection(next)
    },

    /**
     * Uses the refresh token. A refusal by the provider moves the connection to needs_reauth (and
     * answers with it); an unreachable provider is a 502 and changes nothing. Concurrent refreshes
     * of one connection share a single token request.
     */
    refresh(workspaceId: string, id: string, options: { origin: string; simulate?: 'error' | undefined }) {
      const key = `${workspaceId}/${id}`
      const running = inflight.get(key)
      if (running) return running
      const work = runRefresh(workspaceId, id, options.origin, options.simulate === 'error').finally(() =>
        inflight.delete(key),
      )
      inflight.set(key, work)
      return work
    },

    /**
     * Revokes for good: the tokens are erased. Idempotent: revoking a revoked connection changes
     * nothing and emits no second `connection.revoked`.
     */
    revoke(workspaceId: string, id: string): Connection {
      return inTransaction(db, () => {
        const current = row(workspaceId, id)
        if (current.status === 'revoked') return toConnection(current)
        const next: ConnectionRow = {
          ...current,
          status: 'revoked',
          status_reason: 'revoked through the API',
          access_token: null,
          refresh_token: null,
          token_expires_at: null,
          updated_at: isoAt(clock.now()),
        }
        repo.update(next)
        emit(workspaceId, next, 'connection.revoked', { previous_status: current.status })
        return toConnection(next)
      })
    },

    /**
     * Dates the access token's expiry a second ago (the simulation's `expire_token` fault), so the
     * credentials endpoint and the proxy refresh it instead of handing it out as still good.
     */
    markTokenExpired(workspaceId: string, id: string): void {
      const current = row(workspaceId, id)
      const now = clock.now()
      repo.update({ ...current, token_expires_at: isoAt(now - 1000), updated_at: isoAt(now) })
    },

    /** The connection with its decrypted access token and token type, for the credentials endpoint and the proxy. */
    secrets(workspaceId: string, id: string) {
      const r = row(workspaceId, id)
      return {
        connection: shapeOf(r),
        access_token: open(r.access_token, id, 'access_token'),
        has_refresh_token: r.refresh_token !== null,
        token_type: r.token_type,
      }
    },

    /** Decrypted tokens, for code in this process that calls the provider on a tenant's behalf. */
    tokens(workspaceId: string, id: string): { access_token?: string; refresh_token?: string } {
      const r = row(workspaceId, id)
      const access = open(r.access_token, id, 'access_token')
      const refresh = open(r.refresh_token, id, 'refresh_token')
      return { ...(access && { access_token: access }), ...(refresh && { refresh_token: refresh }) }
    },
  }
}
export type ConnectionsService = ReturnType<typeof createConnectionsService>
