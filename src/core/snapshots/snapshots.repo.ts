import { connect, type Db } from '../db/open.js'

/** Tables about the database itself: never copied from a snapshot or wiped by a reset. */
// table_versions is kept up to date by triggers as the data tables change (migration 0018).
const META_TABLES = new Set(['schema_migrations', 'settings', 'table_versions'])

/** The data tables of the database, discovered from the schema so tables added later are included. */
export function dataTables(db: Db): string[] {
  const rows = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all() as Array<{ name: string; sql: string | null }>
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name)
  return rows
    .map((r) => r.name)
    .filter((name) => !META_TABLES.has(name) && !virtual.some((v) => name.startsWith(`${v}_`)))
}

/** Column names of a table, in schema order. */
export const columnsOf = (db: Db, table: string, schema = 'main'): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as Array<{ name: string }>).map(
    (c) => c.name,
  )

/** Identifiers here come from sqlite_master, never from users; quoting keeps odd names safe anyway. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`

/**
 * Runs `work` with foreign-key enforcement off, then deletes rows left pointing at deleted
 * parents (children without ON DELETE CASCADE), so the database ends consistent.
 */
export function withoutForeignKeys(db: Db, work: () => void): void {
  db.pragma('foreign_keys = OFF')
  try {
    db.transaction(() => {
      work()
      for (let pass = 0; pass < 10; pass++) {
        const orphans = db
          .prepare('SELECT "table" AS t, rowid AS r FROM pragma_foreign_key_check')
          .all() as Array<{
          t: string
          r: number
        }>
        if (orphans.length === 0) return
        for (const o of orphans) db.prepare(`DELETE FROM ${quoteIdent(o.t)} WHERE rowid = ?`).run(o.r)
      }
      throw new Error('Could not restore foreign-key consistency')
    }).immediate()
  } finally {
    db.pragma('foreign_keys = ON')
  }
}

/** Rows per data table. */
export const countRows = (db: Db): Record<string, number> =>
  Object.fromEntries(
    dataTables(db).map((t) => [
      t,
      (db.prepare(`SELECT count(*) AS n FROM ${quoteIdent(t)}`).get() as { n: number }).n,
    ]),
  )

/** The migration versions recorded in a database file, read without changing it; throws if it has none. */
export function migrationVersionsOf(file: string): number[] {
  const probe = connect(file, { readonly: true, fileMustExist: true })
  try {
    return (probe.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map(
      (r) => r.version,
    )
  } finally {
    probe.close()
  }
}

/** Runs `work` with the database file at `file` attached as `snap` (outside any transaction). */
export function withAttached(db: Db, file: string, work: () => void): void {
  db.prepare('ATTACH DATABASE ? AS snap').run(file)
  try {
    work()
  } finally {
    db.prepare('DETACH DATABASE snap').run()
  }
}

/** Replaces every data table's rows with those of the attached `snap` database (same schema). */
export function copyAllFromSnap(db: Db): void {
  for (const table of dataTables(db)) {
    const cols = columnsOf(db, table).map(quoteIdent).join(', ')
    db.prepare(`DELETE FROM main.${quoteIdent(table)}`).run()
    db.prepare(
      `INSERT INTO main.${quoteIdent(table)} (${cols}) SELECT ${cols} FROM snap.${quoteIdent(table)}`,
    ).run()
  }
}

/** Deletes every row of every data table. */
export function deleteAll(db: Db): void {
  for (const table of dataTables(db)) db.prepare(`DELETE FROM ${quoteIdent(table)}`).run()
}

/** Deletes a workspace's rows from every data table that has a workspace_id, except the ones listed. */
export function deleteWorkspaceRows(
  db: Db,
  workspaceId: string,
  keep: readonly string[],
): Record<string, number> {
  const removed: Record<string, number> = {}
  for (const table of dataTables(db)) {
    if (keep.includes(table) || !columnsOf(db, table).includes('workspace_id')) continue
    removed[table] = db
      .prepare(`DELETE FROM ${quoteIdent(table)} WHERE workspace_id = ?`)
      .run(workspaceId).changes
  }
  return removed
}

/** A revoked API key row, whole, so an import can keep its revocation. */
export interface RevokedKeyRow {
  id: string
  workspace_id: string
  name: string
  role: string
  prefix: string
  key_hash: Buffer
  created_at: string
  revoked_at: string
}

/** Every revoked API key of the database. */
export const revokedKeys = (db: Db): RevokedKeyRow[] =>
  db
    .prepare(
      `SELECT id, workspace_id, name, role, prefix, key_hash, created_at, revoked_at
       FROM api_keys WHERE revoked_at IS NOT NULL`,
    )
    .all() as RevokedKeyRow[]

/**
 * Re-applies revocations after the data was replaced: a key with the same hash that is active again
 * is revoked again (its first revocation time kept); a revoked key the new data lacks is put back,
 * revoked, so a later import that has it cannot bring it back to life either. Returns how many
 * keys were active in the new data and are revoked again.
 */
export function reapplyRevocations(db: Db, rows: readonly RevokedKeyRow[]): number {
  const revoke = db.prepare(
    'UPDATE api_keys SET revoked_at = @revoked_at WHERE key_hash = @key_hash AND revoked_at IS NULL',
  )
  const has = db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ?').pluck()
  const putBack = db.prepare(
    `INSERT OR IGNORE INTO api_keys (id, workspace_id, name, role, prefix, key_hash, created_at, revoked_at)
     VALUES (@id, @workspace_id, @name, @role, @prefix, @key_hash, @created_at, @revoked_at)`,
  )
  let reapplied = 0
  for (const row of rows) {
    const changed = revoke.run(row).changes
    reapplied += changed
    if (changed === 0 && !has.get(row.key_hash)) putBack.run(row)
  }
  return reapplied
}

/** How many of the given key hashes are revoked in the database. */
export const countRevoked = (db: Db, hashes: readonly Buffer[]): number => {
  const revoked = db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ? AND revoked_at IS NOT NULL').pluck()
  return hashes.filter((hash) => revoked.get(hash) !== undefined).length
}
