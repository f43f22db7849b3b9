import type { Db } from '../db/open.js'
import { TIER_RPM, type Tier } from './tiers.js'
import type { Workspace } from './workspaces.schema.js'

interface WorkspaceRow {
  id: string
  name: string
  tier: Tier
  rpm: number | null
  created_at: string
}

const COLUMNS = 'id, name, tier, rpm, created_at'

const toWorkspace = (row: WorkspaceRow): Workspace => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  rpm: row.rpm ?? TIER_RPM[row.tier],
  created_at: row.created_at,
})

/** SQL for the workspaces table; prepared once per connection. */
export function createWorkspacesRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO workspaces (${COLUMNS}) VALUES (@id, @name, @tier, @rpm, @created_at)`,
  )
  const byName = db.prepare(`SELECT ${COLUMNS} FROM workspaces WHERE name = ?`)
  const byId = db.prepare(`SELECT ${COLUMNS} FROM workspaces WHERE id = ?`)
  const all = db.prepare(`SELECT ${COLUMNS} FROM workspaces ORDER BY created_at, id`)
  const count = db.prepare('SELECT count(*) AS n FROM workspaces')
  const setTier = db.prepare('UPDATE workspaces SET tier = @tier, rpm = @rpm WHERE name = @name')

  return {
    insert(row: WorkspaceRow): Workspace {
      insert.run(row)
      return toWorkspace(row)
    },
    findByName: (name: string) => {
      const row = byName.get(name) as WorkspaceRow | undefined
      return row ? toWorkspace(row) : undefined
    },
    findById: (id: string) => {
      const row = byId.get(id) as WorkspaceRow | undefined
      return row ? toWorkspace(row) : undefined
    },
    list: () => (all.all() as WorkspaceRow[]).map(toWorkspace),
    count: () => (count.get() as { n: number }).n,
    setTier: (name: string, tier: Tier, rpm: number | null) => setTier.run({ name, tier, rpm }).changes,
  }
}
export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>
