import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createChangeStamp, memoUntilChange } from '../../src/core/db/change-stamp.js'
import { connect } from '../../src/core/db/open.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Two connections to one WAL database file, and a memoised lookup on the first. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-stamp-'))
  dirs.push(dir)
  const file = join(dir, 'x.db')
  const db = connect(file)
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT); INSERT INTO t VALUES ('a', 'one')")
  const other = connect(file)
  let lookups = 0
  const read = db.prepare('SELECT v FROM t WHERE k = ?').pluck()
  const valueOf = memoUntilChange(createChangeStamp(db), (k: string) => {
    lookups++
    return read.get(k) as string | undefined
  })
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  return { db, other, valueOf, lookups: () => lookups, nextTurn }
}

describe('memoUntilChange', () => {
  it('answers from memory while nothing changed', async () => {
    const { valueOf, lookups, nextTurn } = setup()
    expect(valueOf('a')).toBe('one')
    await nextTurn()
    expect(valueOf('a')).toBe('one')
    expect(lookups()).toBe(1)
  })

  it('reads again after another connection (another process, the commit worker) committed', async () => {
    const { other, valueOf, nextTurn } = setup()
    expect(valueOf('a')).toBe('one')
    other.prepare("UPDATE t SET v = 'two' WHERE k = 'a'").run()
    await nextTurn()
    expect(valueOf('a')).toBe('two')
  })

  it('reads again after this connection wrote', async () => {
    const { db, valueOf, nextTurn } = setup()
    expect(valueOf('a')).toBe('one')
    db.prepare("UPDATE t SET v = 'three' WHERE k = 'a'").run()
    await nextTurn()
    expect(valueOf('a')).toBe('three')
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
