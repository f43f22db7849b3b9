import { afterEach, describe, expect, it } from 'vitest'
import { openDataFolder } from '../../src/core/data-folder.js'
import { memoUntilChange } from '../../src/core/db/change-stamp.js'
import { inTransaction } from '../../src/core/db/open.js'
import { createTableStamp, forgetTableVersions } from '../../src/core/db/table-stamp.js'
import { tempDir } from '../helpers/app.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/**
 * Two connections to one migrated data folder (as the server and a CLI command in another process,
 * or the commit worker, have), and a lookup of a workspace's tier memoised on the first until the
 * workspaces table changes.
 */
function setup() {
  const { dir, cleanup } = tempDir('switchyard-stamp-')
  const first = openDataFolder(dir)
  const second = openDataFolder(dir)
  cleanups.push(() => {
    first.db.close()
    second.db.close()
    cleanup()
  })
  const { db } = first
  const other = second.db
  db.prepare(
    "INSERT INTO workspaces (id, name, tier, rpm, created_at) VALUES ('w1', 'one', 'free', NULL, '')",
  ).run()
  let lookups = 0
  const read = db.prepare('SELECT tier FROM workspaces WHERE id = ?').pluck()
  const cachedTier = memoUntilChange(createTableStamp(db, ['workspaces']), (id: string) => {
    lookups++
    return read.get(id) as string | undefined
  })
  const setTier = (on: typeof db, tier: string) =>
    on.prepare("UPDATE workspaces SET tier = ? WHERE id = 'w1'").run(tier)
  return { db, other, cachedTier, setTier, lookups: () => lookups }
}

describe('memoUntilChange on a table stamp', () => {
  it('answers from memory while the table is unchanged, whatever else is written', () => {
    const { db, other, cachedTier, lookups } = setup()
    expect(cachedTier('w1')).toBe('free')
    db.prepare("INSERT INTO settings (key, value) VALUES ('x', 'y')").run()
    other.prepare("INSERT INTO settings (key, value) VALUES ('z', 'y')").run()
    expect(cachedTier('w1')).toBe('free')
    expect(lookups()).toBe(1)
  })

  it('reads again at once after this connection wrote', () => {
    const { db, cachedTier, setTier } = setup()
    expect(cachedTier('w1')).toBe('free')
    setTier(db, 'pro')
    expect(cachedTier('w1')).toBe('pro')
  })

  it('reads again after another connection (another process) committed: from the next turn, or the next request', async () => {
    const { db, other, cachedTier, setTier } = setup()
    expect(cachedTier('w1')).toBe('free')
    setTier(other, 'pro')
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(cachedTier('w1')).toBe('pro')
    setTier(other, 'enterprise')
    forgetTableVersions(db)
    expect(cachedTier('w1')).toBe('enterprise')
  })

  it('keeps nothing read inside a transaction that rolled back, even for the next transaction', () => {
    const { db, cachedTier, setTier } = setup()
    expect(cachedTier('w1')).toBe('free')
    expect(() =>
      db.transaction(() => {
        setTier(db, 'enterprise')
        expect(cachedTier('w1')).toBe('enterprise')
        throw new Error('roll back')
      })(),
    ).toThrow('roll back')
    db.transaction(() => expect(cachedTier('w1')).toBe('free'))()
  })

  it('forgets what it read inside a transaction that rolled back', () => {
    const { db, cachedTier, setTier } = setup()
    expect(() =>
      inTransaction(db, () => {
        setTier(db, 'enterprise')
        expect(cachedTier('w1')).toBe('enterprise')
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    expect(cachedTier('w1')).toBe('free')
  })

  it('sees a delete made by a foreign-key cascade or generic SQL', () => {
    const { db, cachedTier } = setup()
    expect(cachedTier('w1')).toBe('free')
    db.prepare("DELETE FROM workspaces WHERE id = 'w1'").run()
    expect(cachedTier('w1')).toBeUndefined()
  })

  it('does not remember a lookup that threw', () => {
    const { db } = setup()
    let calls = 0
    const failing = memoUntilChange(createTableStamp(db, ['workspaces']), () => {
      calls++
      throw new Error('no such row')
    })
    expect(() => failing('x')).toThrow('no such row')
    expect(() => failing('x')).toThrow('no such row')
    expect(calls).toBe(2)
  })

  it('shares frozen values when asked to', () => {
    const { db } = setup()
    const rows = memoUntilChange(
      createTableStamp(db, ['workspaces']),
      () => db.prepare('SELECT id, tier FROM workspaces').all() as Array<{ tier: string }>,
      { freeze: true },
    )
    const first = rows('all')
    expect(rows('all')).toBe(first)
    expect(() => {
      first[0]!.tier = 'changed'
    }).toThrow(TypeError)
  })
})

describe('the memoised lookups of the proxy path see a write at once', () => {
  it('a provider config created (or removed) in the same synchronous stretch is what resolve answers next', async () => {
    const { createTestApp } = await import('../helpers/app.js')
    const t = await createTestApp()
    try {
      const ws = t.core.workspaces.get('default').id
      expect(t.core.providerConfigs.resolve(ws, 'github')).toBeUndefined()
      const config = t.core.providerConfigs.create(ws, { provider: 'github', webhook_secret: 's1' })
      expect(t.core.providerConfigs.resolve(ws, 'github')?.id).toBe(config.id)
      t.core.providerConfigs.remove(ws, config.id)
      expect(t.core.providerConfigs.resolve(ws, 'github')).toBeUndefined()
    } finally {
      t.close()
    }
  })
})

describe('table versions on a data folder made before them (migration 0018 on existing rows)', () => {
  it('versions every table, and a memo on the upgraded folder sees the next write', async () => {
    const { connect } = await import('../../src/core/db/open.js')
    const { applyMigrations } = await import('../../src/core/db/migrate.js')
    const { MIGRATIONS } = await import('../../src/core/db/migrations/index.js')
    const { VERSIONED_TABLES } = await import('../../src/core/db/migrations/0018-table-versions.js')
    const { dir, cleanup } = tempDir('switchyard-upgrade-')
    const db = connect(`${dir}/old.db`)
    cleanups.push(() => {
      db.close()
      cleanup()
    })
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 18),
    )
    db.prepare(
      "INSERT INTO workspaces (id, name, tier, rpm, created_at) VALUES ('w1', 'one', 'free', NULL, '')",
    ).run()
    applyMigrations(db, MIGRATIONS)
    const names = db.prepare('SELECT name FROM table_versions ORDER BY name').pluck().all()
    expect(names).toEqual([...VERSIONED_TABLES].sort())
    const tier = memoUntilChange(createTableStamp(db, ['workspaces']), () =>
      db.prepare("SELECT tier FROM workspaces WHERE id = 'w1'").pluck().get(),
    )
    expect(tier('w1')).toBe('free')
    db.prepare("UPDATE workspaces SET tier = 'pro' WHERE id = 'w1'").run()
    expect(tier('w1')).toBe('pro')
  })
})
