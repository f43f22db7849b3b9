import type { Db } from '../db/open.js'
import type { SessionKind, SessionStatus } from './sessions.schema.js'

export interface SessionRow {
  id: string
  workspace_id: string
  kind: SessionKind
  mode: 'real' | 'simulated'
  provider: string
  provider_config_id: string | null
  tenant_id: string
  redirect_url: string | null
  /** JSON array, resolved at creation. */
  scopes: string
  /** JSON object of URL template values. */
  params: string
  connection_id: string | null
  /** The gateway origin the session was created on; the redirect_uri is `{origin}/oauth/callback`. */
  origin: string
  status: SessionStatus
  state_hash: string | null
  code_verifier: Buffer | null
  result_id: string | null
  error: string | null
  error_description: string | null
  created_at: string
  expires_at: string
  started_at: string | null
  finished_at: string | null
}

const COLUMNS =
  'id, workspace_id, kind, mode, provider, provider_config_id, tenant_id, redirect_url, scopes, params, connection_id, origin, status, state_hash, code_verifier, result_id, error, error_description, created_at, expires_at, started_at, finished_at'

/** SQL for auth and install sessions. Each status change is a guarded UPDATE, so only one caller wins it. */
export function createSessionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (${COLUMNS}) VALUES (@id, @workspace_id, @kind, @mode, @provider, @provider_config_id,
     @tenant_id, @redirect_url, @scopes, @params, @connection_id, @origin, @status, @state_hash, @code_verifier,
     @result_id, @error, @error_description, @created_at, @expires_at, @started_at, @finished_at)`,
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`)
  const byState = db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE state_hash = ?`)
  const start = db.prepare(
    `UPDATE sessions SET status = 'started', state_hash = @state_hash, code_verifier = @code_verifier,
     started_at = @now WHERE id = @id AND status = 'pending' AND expires_at > @now`,
  )
  const claim = db.prepare(
    `UPDATE sessions SET status = 'exchanging' WHERE id = @id AND status = 'started' AND expires_at > @now`,
  )
  const finish = db.prepare(
    `UPDATE sessions SET status = @status, result_id = @result_id, error = @error,
     error_description = @error_description, code_verifier = NULL, finished_at = @now
     WHERE id = @id AND status IN ('started', 'exchanging')`,
  )
  const prune = db.prepare('DELETE FROM sessions WHERE expires_at < ?')
  return {
    insert: (row: SessionRow) => insert.run(row),
    get: (id: string) => byId.get(id) as SessionRow | undefined,
    byStateHash: (hash: string) => byState.get(hash) as SessionRow | undefined,
    /** pending → started; 0 when someone else started it first or it has expired. */
    start: (p: { id: string; state_hash: string; code_verifier: Buffer | null; now: string }) =>
      start.run(p).changes,
    /** started → exchanging; 0 when the state was already used or has expired. */
    claim: (id: string, now: string) => claim.run({ id, now }).changes,
    finish: (p: {
      id: string
      status: 'completed' | 'failed'
      result_id: string | null
      error: string | null
      error_description: string | null
      now: string
    }) => finish.run(p).changes,
    /** Forgets sessions that expired before `before`. */
    prune: (before: string) => prune.run(before).changes,
  }
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>
