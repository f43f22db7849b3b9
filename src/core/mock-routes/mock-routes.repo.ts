import { memoUntilChange } from '../db/change-stamp.js'
import type { Db } from '../db/open.js'
import { createTableStamp } from '../db/table-stamp.js'
import type { MockRoute } from './mock-routes.schema.js'

export interface MockRouteRow {
  workspace_id: string
  id: string
  provider: string
  method: string
  path: string
  status: number
  /** JSON object, name → value template. */
  headers: string
  body: string
  description: string | null
  enabled: number
  created_at: string
  updated_at: string
}

const COLUMNS =
  'workspace_id, id, provider, method, path, status, headers, body, description, enabled, created_at, updated_at'

export const toMockRoute = (row: MockRouteRow): MockRoute => ({
  id: row.id,
  provider: row.provider,
  method: row.method as MockRoute['method'],
  path: row.path,
  status: row.status,
  headers: JSON.parse(row.headers) as Record<string, string>,
  body: row.body,
  description: row.description,
  enabled: row.enabled === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** SQL for mock routes. */
export function createMockRoutesRepo(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO mock_routes (${COLUMNS}) VALUES (@workspace_id, @id, @provider, @method, @path, @status,
     @headers, @body, @description, @enabled, @created_at, @updated_at)
     ON CONFLICT (workspace_id, id) DO UPDATE SET provider = excluded.provider, method = excluded.method,
     path = excluded.path, status = excluded.status, headers = excluded.headers, body = excluded.body,
     description = excluded.description, enabled = excluded.enabled, created_at = excluded.created_at,
     updated_at = excluded.updated_at`,
  )
  const byId = db.prepare(`SELECT ${COLUMNS} FROM mock_routes WHERE workspace_id = ? AND id = ?`)
  const list = db.prepare(
    `SELECT ${COLUMNS} FROM mock_routes WHERE workspace_id = @workspace_id AND (@provider IS NULL OR provider = @provider)
     ORDER BY provider, path, method, created_at DESC, id DESC`,
  )
  // The candidates for one call: enabled, same provider, its method or any.
  const candidates = db.prepare(
    `SELECT ${COLUMNS} FROM mock_routes
     WHERE workspace_id = @workspace_id AND provider = @provider AND enabled = 1 AND method IN (@method, '*')`,
  )
  const count = db.prepare('SELECT count(*) AS n FROM mock_routes WHERE workspace_id = ?')
  const remove = db.prepare('DELETE FROM mock_routes WHERE workspace_id = ? AND id = ?')
  // Every offline proxied call asks for its candidates: kept until the table changes.
  const memoCandidates = memoUntilChange(
    createTableStamp(db, ['mock_routes']),
    (key: string) => {
      const [workspace_id, provider, method] = key.split('\0')
      return candidates.all({ workspace_id, provider, method }) as MockRouteRow[]
    },
    { freeze: true },
  )
  return {
    /** Inserts, or replaces the route with the same workspace and id. */
    put: (row: MockRouteRow) => {
      upsert.run(row)
    },
    get: (workspaceId: string, id: string) => byId.get(workspaceId, id) as MockRouteRow | undefined,
    list: (workspaceId: string, provider: string | null) =>
      list.all({ workspace_id: workspaceId, provider }) as MockRouteRow[],
    /** Frozen rows, shared until the table changes. */
    candidates: (workspaceId: string, provider: string, method: string): readonly MockRouteRow[] =>
      memoCandidates(`${workspaceId}\0${provider}\0${method}`),
    count: (workspaceId: string) => (count.get(workspaceId) as { n: number }).n,
    remove: (workspaceId: string, id: string) => remove.run(workspaceId, id).changes,
  }
}
export type MockRoutesRepo = ReturnType<typeof createMockRoutesRepo>
