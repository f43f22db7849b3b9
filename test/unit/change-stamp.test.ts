import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createChangeStamp, memoUntilChange } from '../../src/core/db/change-stamp.js'
import { connect } from '../../src/core/db/open.js'
import { tempDir } from '../helpers/app.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Two connections to one WAL database file, and a memoised lookup on the first. */
function setup() {
  const { dir, cleanup } = tempDir('switchyard-stamp-')
  cleanups.push(cleanup)
  const file = join(dir, 'x.db')
  const db = connect(file)
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT); INSERT INTO t VALUES ('a', 'one')")
  const other = connect(file)
  let lookups = 0
  const read = db.prepare('SELECT v FROM t WHERE k = ?').pluck()
  const cachedValue = memoUntilChange(createChangeStamp(db), (k: string) => {
    lookups++
    return read.get(k) as string | undefined
  })
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  return { db, other, cachedValue, lookups: () => lookups, nextTurn }
}

describe('memoUntilChange', () => {
  it('answers from memory while nothing changed', async () => {
    const { cachedValue, lookups, nextTurn } = setup()
    expect(cachedValue('a')).toBe('one')
    await nextTurn()
    expect(cachedValue('a')).toBe('one')
    expect(lookups()).toBe(1)
  })

  it.each([
    ['another connection (another process, the commit worker) committed', 'other'],
    ['this connection wrote', 'db'],
  ] as const)('reads again after %s', async (_, writer) => {
    const fixture = setup()
    expect(fixture.cachedValue('a')).toBe('one')
    fixture[writer].prepare("UPDATE t SET v = 'two' WHERE k = 'a'").run()
    await fixture.nextTurn()
    expect(fixture.cachedValue('a')).toBe('two')
  })

  it('reads again right after this connection wrote, in the same synchronous stretch', () => {
    const { db, cachedValue } = setup()
    expect(cachedValue('a')).toBe('one')
    db.prepare("UPDATE t SET v = 'two' WHERE k = 'a'").run()
    expect(cachedValue('a')).toBe('two')
  })

  it('does not remember a lookup that threw', async () => {
    const { db, nextTurn } = setup()
    let calls = 0
    const failing = memoUntilChange(createChangeStamp(db), () => {
      calls++
      throw new Error('no such row')
    })
    expect(() => failing('x')).toThrow('no such row')
    await nextTurn()
    expect(() => failing('x')).toThrow('no such row')
    expect(calls).toBe(2)
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
