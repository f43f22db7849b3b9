import { opaque } from '../../db/opaque-param.js'
import type { Db } from '../../db/open.js'

/** Newest first, oldest first, or by the object's `name`. */
export type PageOrder = 'desc' | 'asc' | 'name'

interface AccountRow {
  provider: string
  state: string
  faults: string
}

/** SQL over the simulation's accounts and objects (see migration 0014). */
export function createSimulationRepo(db: Db) {
  const account = db.prepare<[string, string], AccountRow>(
    'SELECT provider, state, faults FROM simulation_accounts WHERE workspace_id = ? AND connection_id = ?',
  )
  const insertAccount = db.prepare(
    `INSERT INTO simulation_accounts (workspace_id, connection_id, provider, state, faults, created_at)
     VALUES (?, ?, ?, ?, '[]', ?)`,
  )
  const updateState = db.prepare(
    'UPDATE simulation_accounts SET state = ? WHERE workspace_id = ? AND connection_id = ?',
  )
  const updateFaults = db.prepare(
    'UPDATE simulation_accounts SET faults = ? WHERE workspace_id = ? AND connection_id = ?',
  )
  const getObject = db.prepare<[string, string, string, string, number], { data: string }>(
    'SELECT data FROM simulation_objects WHERE workspace_id = ? AND connection_id = ? AND kind = ? AND scope = ? AND num = ?',
  )
  const putObject = db.prepare(
    `INSERT INTO simulation_objects (workspace_id, connection_id, kind, scope, num, tag, data) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (workspace_id, connection_id, kind, scope, num) DO UPDATE SET tag = excluded.tag, data = excluded.data`,
  )
  // Parameters the planner must not read (opaque-param.ts): a page is one plan, whatever the values.
  const FILTER = `workspace_id = ${opaque('workspace')} AND connection_id = ${opaque('connection')}
     AND kind = ${opaque('kind')} AND scope = ${opaque('scope')} AND (${opaque('tag')} IS NULL OR tag = ${opaque('tag')})`
  type Filter = {
    workspace: string
    connection: string
    kind: string
    scope: string
    tag: string | null
  }
  const ORDERS = {
    desc: 'num DESC',
    asc: 'num ASC',
    name: "json_extract(data, '$.name') COLLATE NOCASE ASC",
  } as const
  const pages = Object.fromEntries(
    Object.entries(ORDERS).map(([order, sql]) => [
      order,
      db.prepare<[Filter & { limit: number; offset: number }], { data: string }>(
        `SELECT data FROM simulation_objects WHERE ${FILTER} ORDER BY ${sql} LIMIT ${opaque('limit')} OFFSET ${opaque('offset')}`,
      ),
    ]),
  ) as Record<
    PageOrder,
    ReturnType<typeof db.prepare<[Filter & { limit: number; offset: number }], { data: string }>>
  >
  const count = db.prepare<[Filter], { n: number }>(
    `SELECT count(*) AS n FROM simulation_objects WHERE ${FILTER}`,
  )
  return {
    account: (workspaceId: string, connectionId: string) => account.get(workspaceId, connectionId),
    createAccount(
      workspaceId: string,
      connectionId: string,
      provider: string,
      state: string,
      createdAt: string,
    ) {
      insertAccount.run(workspaceId, connectionId, provider, state, createdAt)
    },
    saveState(workspaceId: string, connectionId: string, state: string) {
      updateState.run(state, workspaceId, connectionId)
    },
    saveFaults(workspaceId: string, connectionId: string, faults: string) {
      updateFaults.run(faults, workspaceId, connectionId)
    },
    get: (workspaceId: string, connectionId: string, kind: string, scope: string, num: number) =>
      getObject.get(workspaceId, connectionId, kind, scope, num)?.data,
    put(
      workspaceId: string,
      connectionId: string,
      kind: string,
      scope: string,
      num: number,
      tag: string | null,
      data: string,
    ) {
      putObject.run(workspaceId, connectionId, kind, scope, num, tag, data)
    },
    /** Only objects with this tag, when `tag` is not null. */
    page(
      workspaceId: string,
      connectionId: string,
      kind: string,
      scope: string,
      tag: string | null,
      limit: number,
      offset: number,
      order: PageOrder = 'desc',
    ) {
      const filter: Filter = {
        workspace: workspaceId,
        connection: connectionId,
        kind,
        scope,
        tag,
      }
      return {
        rows: pages[order].all({ ...filter, limit, offset }).map((r) => r.data),
        total: count.get(filter)!.n,
      }
    },
  }
}
export type SimulationRepo = ReturnType<typeof createSimulationRepo>
