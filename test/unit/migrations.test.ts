import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { applyMigrations, type Migration } from '../../src/core/db/migrate.js'

const m1: Migration = { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' }
const m2: Migration = { version: 3, name: 'three', sql: 'CREATE TABLE b (y INTEGER)' }

describe('migrations', () => {
  it('applies pending migrations in order and records each with its hash', () => {
    const db = new Database(':memory:')
    applyMigrations(db, [m2, m1])
    const rows = db
      .prepare('SELECT version, name, length(sha256) AS n FROM schema_migrations ORDER BY version')
      .all()
    expect(rows).toEqual([
      { version: 1, name: 'one', n: 64 },
      { version: 3, name: 'three', n: 64 },
    ])
  })

  it('applying twice changes nothing', () => {
    const db = new Database(':memory:')
    applyMigrations(db, [m1, m2])
    expect(() => applyMigrations(db, [m1, m2])).not.toThrow()
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: 2 })
  })

  it('an edited migration fails loudly instead of silently diverging', () => {
    const db = new Database(':memory:')
    applyMigrations(db, [m1])
    expect(() => applyMigrations(db, [{ ...m1, sql: 'CREATE TABLE a (x TEXT)' }])).toThrow(
      /edited after it was applied/,
    )
  })

  it('a failing migration leaves nothing half-applied', () => {
    const db = new Database(':memory:')
    const broken: Migration = {
      version: 2,
      name: 'broken',
      sql: 'CREATE TABLE c (z INTEGER); SELECT nope FROM missing;',
    }
    expect(() => applyMigrations(db, [m1, broken])).toThrow()
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'c'").get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: 1 })
  })

  it('two migrations with one number are refused', () => {
    const db = new Database(':memory:')
    expect(() => applyMigrations(db, [m1, { ...m2, version: 1 }])).toThrow(/share number 1/)
  })
})
