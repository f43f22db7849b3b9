import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { connect, inTransaction } from '../../src/core/db/open.js'
import { tableVersion } from '../../src/core/db/table-memo.js'
import { tempDir } from '../helpers/app.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Two connections to one WAL file; a memoised read of table t on the first, touched by its writer. */
function setup() {
  const { dir, cleanup } = tempDir('switchyard-table-memo-')
  cleanups.push(cleanup)
  const file = join(dir, 'x.db')
  const db = connect(file)
  db.pragma('journal_mode = WAL')
  db.exec(
    "CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT); CREATE TABLE other (x); INSERT INTO t VALUES ('a', 'one')",
  )
  const other = connect(file)
  const table = tableVersion(db, 't')
  const update = db.prepare('UPDATE t SET v = ? WHERE k = ?')
  const write = (v: string) => {
    table.touch()
    update.run(v, 'a')
  }
  let lookups = 0
  const read = db.prepare('SELECT k, v FROM t WHERE k = ?')
  const cached = table.memo((k: string) => {
    lookups++
    return read.get(k) as { k: string; v: string } | undefined
  })
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  return { db, other, cached, write, lookups: () => lookups, nextTurn }
}

describe('tableVersion().memo', () => {
  it('answers from memory while the table is untouched, even as other tables are written', async () => {
    const { db, cached, lookups, nextTurn } = setup()
    expect(cached('a')?.v).toBe('one')
    db.prepare('INSERT INTO other VALUES (1)').run()
    await nextTurn()
    expect(cached('a')?.v).toBe('one')
    expect(lookups()).toBe(1)
  })

  it("reads again right after this connection's write to the table, in the same synchronous stretch", () => {
    const { cached, write } = setup()
    expect(cached('a')?.v).toBe('one')
    write('two')
    expect(cached('a')?.v).toBe('two')
  })

  it('reads again from the next turn after another connection committed', async () => {
    const { other, cached, nextTurn } = setup()
    expect(cached('a')?.v).toBe('one')
    other.prepare("UPDATE t SET v = 'three' WHERE k = 'a'").run()
    await nextTurn()
    expect(cached('a')?.v).toBe('three')
  })

  it('keeps nothing read inside a transaction that wrote the table, and forgets it after a rollback', () => {
    const { db, cached, write, lookups } = setup()
    expect(() =>
      inTransaction(db, () => {
        write('uncommitted')
        expect(cached('a')?.v).toBe('uncommitted')
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    expect(cached('a')?.v).toBe('one')
    expect(cached('a')?.v).toBe('one')
    expect(lookups()).toBe(2)
  })

  it('never keeps a miss, and hands out frozen values', () => {
    const { db, cached, lookups } = setup()
    expect(cached('b')).toBeUndefined()
    db.prepare("INSERT INTO t VALUES ('b', 'new')").run()
    // A writer that forgot to touch would be caught by this: a kept miss would hide the new row.
    expect(cached('b')?.v).toBe('new')
    expect(lookups()).toBe(2)
    const value = cached('a')!
    expect(Object.isFrozen(value)).toBe(true)
    expect(() => {
      ;(value as { v: string }).v = 'changed'
    }).toThrow(TypeError)
  })
})
