import type { Db } from '../db/open.js'
import type { EventRequestRow, EventRow } from '../events/events.repo.js'

/** Resources a pull copies, in dependency order (configs name providers, connections name configs). */
export const SYNC_RESOURCES = [
  'providers',
  'provider_configs',
  'installations',
  'connections',
  'events',
] as const
export type SyncResource = (typeof SYNC_RESOURCES)[number]

export interface Watermark {
  at: string
  id: string
}

export interface PulledConfigRow {
  id: string
  workspace_id: string
  provider: string
  name: string
  client_id: string | null
  scopes: string | null
  webhook_signature: string | null
  created_at: string
  updated_at: string
}

export interface PulledConnectionRow {
  id: string
  workspace_id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: string
  status: string
  status_reason: string | null
  scopes: string
  created_at: string
  updated_at: string
  last_refreshed_at: string | null
}

export interface PulledInstallationRow {
  id: string
  workspace_id: string
  provider: string
  provider_config_id: string | null
  tenant_id: string
  mode: string
  status: string
  external_id: string
  created_at: string
  updated_at: string
}

/** A captured webhook not yet pushed to an upstream, with its stored request. */
export type PushCandidate = Pick<EventRow, 'id' | 'provider' | 'created_at'> &
  EventRequestRow & { seq: number }

/**
 * SQL of the sync feature. Pulled rows keep their upstream ids and go in with INSERT OR IGNORE,
 * so pulling the same rows twice changes nothing; secrets and tokens are never written.
 */
export function createSyncRepo(db: Db) {
  const getMark = db.prepare(
    'SELECT watermark_at AS at, watermark_id AS id FROM sync_state WHERE workspace_id = ? AND upstream = ? AND resource = ?',
  )
  const setMark = db.prepare(
    `INSERT INTO sync_state (workspace_id, upstream, resource, watermark_at, watermark_id, updated_at)
     VALUES (@ws, @upstream, @resource, @at, @id, @now)
     ON CONFLICT (workspace_id, upstream, resource) DO UPDATE SET watermark_at = excluded.watermark_at,
       watermark_id = excluded.watermark_id, updated_at = excluded.updated_at`,
  )
  const marks = db.prepare(
    'SELECT upstream, resource, watermark_at, watermark_id, updated_at FROM sync_state WHERE workspace_id = ? ORDER BY upstream, resource',
  )
  const origin = db.prepare(
    `INSERT OR IGNORE INTO sync_origins (workspace_id, resource, local_id, upstream, pulled_at)
     VALUES (@ws, @resource, @id, @upstream, @now)`,
  )
  const originOf = db.prepare(
    'SELECT upstream FROM sync_origins WHERE workspace_id = ? AND resource = ? AND local_id = ?',
  )
  const insertConfig = db.prepare(
    `INSERT OR IGNORE INTO provider_configs (id, workspace_id, provider, name, client_id, client_secret, scopes,
       webhook_secret, webhook_signature, created_at, updated_at)
     VALUES (@id, @workspace_id, @provider, @name, @client_id, NULL, @scopes, NULL, @webhook_signature,
       @created_at, @updated_at)`,
  )
  const insertConnection = db.prepare(
    `INSERT OR IGNORE INTO connections (id, workspace_id, provider, provider_config_id, tenant_id, mode, status,
       status_reason, scopes, params, access_token, refresh_token, token_type, token_expires_at, created_at,
       updated_at, last_refreshed_at)
     VALUES (@id, @workspace_id, @provider, @provider_config_id, @tenant_id, @mode, @status, @status_reason,
       @scopes, '{}', NULL, NULL, NULL, NULL, @created_at, @updated_at, @last_refreshed_at)`,
  )
  const insertInstallation = db.prepare(
    `INSERT OR IGNORE INTO installations (id, workspace_id, provider, provider_config_id, tenant_id, mode, status,
       external_id, created_at, updated_at)
     VALUES (@id, @workspace_id, @provider, @provider_config_id, @tenant_id, @mode, @status, @external_id,
       @created_at, @updated_at)`,
  )
  const candidates = db.prepare(
    `SELECT e.rowid AS seq, e.id, e.provider, e.created_at, r.event_id, r.method, r.path, r.query, r.headers,
       r.content_type, r.body, r.received_at
     FROM events e JOIN event_requests r ON r.event_id = e.id
     WHERE e.workspace_id = @ws AND e.source = 'webhook' AND e.provider IS NOT NULL AND e.rowid > @after
       AND NOT EXISTS (SELECT 1 FROM sync_pushes p WHERE p.event_id = e.id AND p.upstream = @upstream)
     ORDER BY e.rowid LIMIT @limit`,
  )
  const pending = db.prepare(
    `SELECT COUNT(*) AS n FROM events e JOIN event_requests r ON r.event_id = e.id
     WHERE e.workspace_id = @ws AND e.source = 'webhook' AND e.provider IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM sync_pushes p WHERE p.event_id = e.id AND p.upstream = @upstream)`,
  )
  const pushed = db.prepare(
    'INSERT OR IGNORE INTO sync_pushes (event_id, upstream, status, pushed_at) VALUES (?, ?, ?, ?)',
  )
  const changed = (info: { changes: number }) => info.changes > 0

  return {
    watermark: (ws: string, upstream: string, resource: SyncResource) =>
      getMark.get(ws, upstream, resource) as Watermark | undefined,
    setWatermark: (ws: string, upstream: string, resource: SyncResource, mark: Watermark, now: string) =>
      setMark.run({ ws, upstream, resource, at: mark.at, id: mark.id, now }),
    watermarks: (ws: string) =>
      marks.all(ws) as Array<{
        upstream: string
        resource: SyncResource
        watermark_at: string
        watermark_id: string
        updated_at: string
      }>,
    markOrigin: (ws: string, resource: SyncResource, id: string, upstream: string, now: string) =>
      origin.run({ ws, resource, id, upstream, now }),
    /** The upstream a local row was pulled from, or undefined for a row made here. */
    originOf: (ws: string, resource: SyncResource, id: string) =>
      (originOf.get(ws, resource, id) as { upstream: string } | undefined)?.upstream,
    insertConfig: (row: PulledConfigRow) => changed(insertConfig.run(row)),
    insertConnection: (row: PulledConnectionRow) => changed(insertConnection.run(row)),
    insertInstallation: (row: PulledInstallationRow) => changed(insertInstallation.run(row)),
    pushCandidates: (ws: string, upstream: string, after: number, limit: number) =>
      candidates.all({ ws, upstream, after, limit }) as PushCandidate[],
    pendingPushes: (ws: string, upstream: string) => (pending.get({ ws, upstream }) as { n: number }).n,
    recordPush: (eventId: string, upstream: string, status: number, now: string) =>
      pushed.run(eventId, upstream, status, now),
  }
}
export type SyncRepo = ReturnType<typeof createSyncRepo>
