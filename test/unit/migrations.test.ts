import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { applyMigrations, type Migration } from '../../src/core/db/migrate.js'
import { MIGRATIONS } from '../../src/core/db/migrations/index.js'

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

  it('0019 on a folder that already has events keeps them all, and its sparse indexes find the linked ones', () => {
    const db = new Database(':memory:')
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 19),
    )
    db.prepare("INSERT INTO workspaces (id, name, tier, created_at) VALUES ('ws', 'w', 'free', '2026')").run()
    const insert = db.prepare(
      `INSERT INTO events (id, workspace_id, type, source, tenant_id, connection_id, installation_id, created_at)
       VALUES (?, 'ws', 'webhook.received', 'webhook', ?, ?, ?, ?)`,
    )
    for (let i = 0; i < 300; i++) {
      const linked = i % 3 === 0 ? `v${i % 2}` : null
      insert.run(`evt_${i}`, linked, linked, linked, new Date(1.8e12 + i).toISOString())
    }
    applyMigrations(db, MIGRATIONS)
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(300)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    for (const [column, index] of [
      ['tenant_id', 'events_ws_tenant'],
      ['connection_id', 'events_ws_connection'],
      ['installation_id', 'events_ws_installation'],
    ]) {
      const sql = db
        .prepare("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?")
        .pluck()
        .get(index)
      expect(sql).toContain(`WHERE ${column} IS NOT NULL`)
      // Every third event is linked, alternately to v0 and v1: 50 each.
      const find = `SELECT count(*) FROM events INDEXED BY ${index} WHERE workspace_id = 'ws' AND ${column} = ?`
      expect(db.prepare(find).pluck().get('v0')).toBe(50)
      expect(db.prepare(`SELECT count(*) FROM events WHERE ${column} IS NULL`).pluck().get()).toBe(200)
    }
    expect(
      db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'search_events_ws_installation'")
        .pluck()
        .get(),
    ).toBe(0)
  })
})
