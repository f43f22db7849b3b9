import type { Db } from '../db/open.js'

/** SQL for `workspace_redirect_origins`; prepared once per connection. */
export function createRedirectOriginsRepo(db: Db) {
  const list = db.prepare(
    // rowid: the order they were added in (a replaced list keeps the order it was sent in).
    'SELECT origin FROM workspace_redirect_origins WHERE workspace_id = ? ORDER BY rowid',
  )
  const has = db.prepare('SELECT 1 FROM workspace_redirect_origins WHERE workspace_id = ? AND origin = ?')
  const insert = db.prepare(
    `INSERT OR IGNORE INTO workspace_redirect_origins (workspace_id, origin, created_at)
     VALUES (@workspace_id, @origin, @created_at)`,
  )
  const remove = db.prepare('DELETE FROM workspace_redirect_origins WHERE workspace_id = ? AND origin = ?')
  const clear = db.prepare('DELETE FROM workspace_redirect_origins WHERE workspace_id = ?')
  const count = db.prepare('SELECT count(*) AS n FROM workspace_redirect_origins WHERE workspace_id = ?')

  return {
    list: (workspaceId: string) => (list.all(workspaceId) as Array<{ origin: string }>).map((r) => r.origin),
    has: (workspaceId: string, origin: string) => has.get(workspaceId, origin) !== undefined,
    count: (workspaceId: string) => (count.get(workspaceId) as { n: number }).n,
    /** Returns 1 when added, 0 when it was already there. */
    add: (workspaceId: string, origin: string, createdAt: string) =>
      insert.run({ workspace_id: workspaceId, origin, created_at: createdAt }).changes,
    /** Returns 1 when removed, 0 when it was not there. */
    remove: (workspaceId: string, origin: string) => remove.run(workspaceId, origin).changes,
    clear: (workspaceId: string) => clear.run(workspaceId).changes,
  }
}
export type RedirectOriginsRepo = ReturnType<typeof createRedirectOriginsRepo>
