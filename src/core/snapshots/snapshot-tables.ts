import type { Db } from '../db/open.js'

/** Tables about the database itself: never copied from a snapshot or wiped by a reset. */
const META_TABLES = new Set(['schema_migrations', 'settings'])

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
