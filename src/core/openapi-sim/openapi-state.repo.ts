import type { Db } from '../db/open.js'

export interface StoredObject {
  id: string
  seq: number
  body: string
}

/** SQL for the objects an OpenAPI simulation keeps, per connection and concrete collection path. */
export function createOpenApiStateRepo(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO openapi_objects (workspace_id, connection_id, scope, id, seq, body)
     VALUES (@workspace_id, @connection_id, @scope, @id, @seq, @body)
     ON CONFLICT (workspace_id, connection_id, scope, id) DO UPDATE SET body = excluded.body`,
  )
  const one = db.prepare(
    'SELECT id, seq, body FROM openapi_objects WHERE workspace_id = ? AND connection_id = ? AND scope = ? AND id = ?',
  )
  // `+?`: parameters the planner must not read, or every page is planned again (opaque-param.ts).
  const page = db.prepare(
    `SELECT id, seq, body FROM openapi_objects WHERE workspace_id = +? AND connection_id = +? AND scope = +?
     AND seq > +? ORDER BY seq LIMIT +? OFFSET +?`,
  )
  const lastSeq = db.prepare(
    'SELECT COALESCE(MAX(seq), 0) AS seq FROM openapi_objects WHERE workspace_id = ? AND connection_id = ? AND scope = ?',
  )
  const remove = db.prepare(
    'DELETE FROM openapi_objects WHERE workspace_id = ? AND connection_id = ? AND scope = ? AND id = ?',
  )
  return {
    save: (row: {
      workspace_id: string
      connection_id: string
      scope: string
      id: string
      seq: number
      body: string
    }) => void upsert.run(row),
    get: (workspaceId: string, connectionId: string, scope: string, id: string) =>
      one.get(workspaceId, connectionId, scope, id) as StoredObject | undefined,
    /** Oldest first, after the sequence number `after` (0: from the start). */
    list: (
      workspaceId: string,
      connectionId: string,
      scope: string,
      o: { after: number; limit: number; offset: number },
    ) => page.all(workspaceId, connectionId, scope, o.after, o.limit, o.offset) as StoredObject[],
    lastSeq: (workspaceId: string, connectionId: string, scope: string) =>
      (lastSeq.get(workspaceId, connectionId, scope) as { seq: number }).seq,
    remove: (workspaceId: string, connectionId: string, scope: string, id: string) =>
      remove.run(workspaceId, connectionId, scope, id).changes > 0,
  }
}
export type OpenApiStateRepo = ReturnType<typeof createOpenApiStateRepo>
