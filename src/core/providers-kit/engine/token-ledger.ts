import { createHash } from 'node:crypto'
import { type Clock, isoAt } from '../../common/clock.js'
import type { Ids } from '../../common/ids.js'
import type { Db } from '../../db/open.js'

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Why the simulated API refuses a token (each gets the provider's own 401). */
export type TokenVerdict = 'ok' | 'unknown' | 'expired' | 'revoked'

interface TokenRow {
  workspace_id: string
  grant_id: string
  kind: 'access' | 'refresh'
  expires_at: string | null
  expired_at: string | null
  connection_id: string | null
  revoked_at: string | null
  provider: string
}

/**
 * The tokens the simulator issued (hashes only). Issuing is recorded by the token endpoint; the
 * simulated APIs ask `check`. A grant (one authorization and every refresh of it) is bound to the
 * first simulated connection that presents one of its tokens, so a token copied to another
 * connection is refused like an unknown one.
 */
export function createTokenLedger(deps: { db: Db; clock: Clock; ids: Ids }) {
  const { db, clock, ids } = deps
  const insertGrant = db.prepare(
    'INSERT INTO simulation_grants (id, workspace_id, provider, connection_id, revoked_at, created_at) VALUES (?, ?, ?, NULL, NULL, ?)',
  )
  const insertToken = db.prepare(
    'INSERT OR IGNORE INTO simulation_tokens (token_hash, workspace_id, grant_id, kind, expires_at, expired_at, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)',
  )
  // A token is looked up in its workspace only: another workspace's token of the same value is not it.
  // `+?`: through the join the planner read the values, and planned every call again (opaque-param.ts).
  const find = db.prepare<[string, string], TokenRow>(
    `SELECT t.workspace_id, t.grant_id, t.kind, t.expires_at, t.expired_at, g.connection_id, g.revoked_at, g.provider
     FROM simulation_tokens t JOIN simulation_grants g ON g.id = t.grant_id WHERE t.workspace_id = +? AND t.token_hash = +?`,
  )
  const bind = db.prepare(
    'UPDATE simulation_grants SET connection_id = ? WHERE id = ? AND connection_id IS NULL',
  )
  const expireAccess = db.prepare(
    `UPDATE simulation_tokens SET expired_at = ? WHERE kind = 'access' AND expired_at IS NULL
     AND grant_id IN (SELECT id FROM simulation_grants WHERE workspace_id = ? AND connection_id = ?)`,
  )
  const revoke = db.prepare(
    'UPDATE simulation_grants SET revoked_at = ? WHERE workspace_id = ? AND connection_id = ? AND revoked_at IS NULL',
  )

  return {
    /**
     * Records a token response. A refresh keeps the grant of the refresh token it used (and retires
     * that grant's older access tokens); a code exchange starts a grant.
     */
    issued(input: {
      workspaceId: string
      provider: string
      accessToken: string
      refreshToken: string
      expiresIn: number
      usedRefreshToken?: string | undefined
    }): void {
      const now = clock.now()
      const used = input.usedRefreshToken
        ? find.get(input.workspaceId, sha256(input.usedRefreshToken))
        : undefined
      let grantId = used?.workspace_id === input.workspaceId ? used.grant_id : undefined
      if (grantId) {
        db.prepare(
          `UPDATE simulation_tokens SET expired_at = ? WHERE grant_id = ? AND kind = 'access' AND expired_at IS NULL`,
        ).run(isoAt(now), grantId)
      } else {
        grantId = ids.next('simg')
        insertGrant.run(grantId, input.workspaceId, input.provider, isoAt(now))
      }
      insertToken.run(
        sha256(input.accessToken),
        input.workspaceId,
        grantId,
        'access',
        isoAt(now + input.expiresIn * 1000),
        isoAt(now),
      )
      insertToken.run(sha256(input.refreshToken), input.workspaceId, grantId, 'refresh', null, isoAt(now))
    },

    /** Whether this refresh token was issued for the workspace's provider (a refresh needs one that was). */
    issuedRefresh(workspaceId: string, provider: string, refreshToken: string): boolean {
      const row = find.get(workspaceId, sha256(refreshToken))
      return row?.kind === 'refresh' && row.workspace_id === workspaceId && row.provider === provider
    },

    /** Whether a refresh token was revoked (a refresh with it must fail with invalid_grant). */
    refreshRevoked(workspaceId: string, refreshToken: string): boolean {
      const row = find.get(workspaceId, sha256(refreshToken))
      return !!row && row.workspace_id === workspaceId && row.revoked_at !== null
    },

    /** The verdict on an access token presented for a connection; binds an unbound grant to it. */
    check(
      workspaceId: string,
      connectionId: string,
      provider: string,
      token: string | null | undefined,
    ): TokenVerdict {
      const row = token ? find.get(workspaceId, sha256(token)) : undefined
      if (row?.kind !== 'access' || row.workspace_id !== workspaceId || row.provider !== provider)
        return 'unknown'
      if (row.connection_id !== null && row.connection_id !== connectionId) return 'unknown'
      if (row.revoked_at) return 'revoked'
      if (row.expired_at || (row.expires_at && Date.parse(row.expires_at) <= clock.now())) return 'expired'
      if (row.connection_id === null) bind.run(connectionId, row.grant_id)
      return 'ok'
    },

    /** Binds the grant of a connection's current token without judging it (before a fault). */
    claim(workspaceId: string, connectionId: string, token: string | null | undefined): void {
      const row = token ? find.get(workspaceId, sha256(token)) : undefined
      if (row && row.workspace_id === workspaceId && row.connection_id === null)
        bind.run(connectionId, row.grant_id)
    },

    /** The `expire_token` fault: the connection's access tokens stop working now. */
    expire(workspaceId: string, connectionId: string): number {
      return expireAccess.run(isoAt(clock.now()), workspaceId, connectionId).changes
    },

    /** The `revoke_access` fault: every token of the connection's grants stops working, refresh included. */
    revoke(workspaceId: string, connectionId: string): number {
      return revoke.run(isoAt(clock.now()), workspaceId, connectionId).changes
    },
  }
}
export type TokenLedger = ReturnType<typeof createTokenLedger>
