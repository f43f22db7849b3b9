import { createHash } from 'node:crypto'
import type Database from 'better-sqlite3'

export interface Migration {
  /** Unique number; migrations are applied in ascending order (gaps are allowed). */
  version: number
  name: string
  sql: string
}

const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex')

/**
 * Applies the migrations that are not yet recorded. A recorded migration whose SQL has changed
 * since it ran fails loudly: edit history by adding a migration, never by rewriting one.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const applied = new Map(
    (
      db.prepare('SELECT version, name, sha256 FROM schema_migrations').all() as Array<{
        version: number
        name: string
        sha256: string
      }>
    ).map((row) => [row.version, row]),
  )
  const ordered = [...migrations].sort((a, b) => a.version - b.version)
  ordered.forEach((m, index) => {
    if (index > 0 && m.version === ordered[index - 1]!.version) {
      throw new Error(`Two migrations share number ${m.version}`)
    }
  })
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (@version, @name, @sha256, @applied_at)',
  )
  for (const migration of ordered) {
    const sha256 = hashOf(migration.sql)
    const seen = applied.get(migration.version)
    if (seen) {
      if (seen.sha256 !== sha256) {
        throw new Error(
          `Migration ${migration.version} (${migration.name}) was edited after it was applied; add a new migration instead.`,
        )
      }
      continue
    }
    db.transaction(() => {
      db.exec(migration.sql)
      record.run({
        version: migration.version,
        name: migration.name,
        sha256,
        applied_at: new Date().toISOString(),
      })
    }).immediate()
  }
}
