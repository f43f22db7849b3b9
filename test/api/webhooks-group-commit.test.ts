import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/open.js'
import { openDatabase } from '../../src/core/db/open.js'
import { createGroupCommit, type Write } from '../../src/core/webhooks/group-commit.js'
import { tempDir } from '../helpers/app.js'

let dir: ReturnType<typeof tempDir>
let db: Db
const INSERT = 'INSERT INTO t (id, v) VALUES (@id, @v)'

beforeEach(() => {
  dir = tempDir()
  db = openDatabase({ path: join(dir.dir, 'switchyard.db') })
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)')
})
afterEach(() => {
  db.close()
  dir.cleanup()
})

/** What another connection (another process, after a crash) would find on disk. */
const onDisk = () => {
  const other = new Database(join(dir.dir, 'switchyard.db'), { readonly: true })
  try {
    const rows = other.prepare('SELECT id FROM t WHERE id < 10000 ORDER BY id').all() as Array<{ id: number }>
    return rows.map((r) => r.id)
  } finally {
    other.close()
  }
}

/** Concurrent load (ids from 10000 up, which `onDisk` ignores) until commits run in the worker. */
async function warm(gc: ReturnType<typeof createGroupCommit>) {
  const deadline = Date.now() + 15_000
  for (let round = 0; !gc.usingWorker; round++) {
    if (Date.now() > deadline) throw new Error('the worker never started')
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gc.submit([[0, { id: 10_000 + round * 20 + i, v: Buffer.alloc(1) }]]),
      ),
    )
    await new Promise((r) => setTimeout(r, 10))
  }
}

for (const worker of [false, true]) {
  describe(`group commit (${worker ? 'worker thread' : 'in-process'})`, () => {
    const make = async () => {
      const gc = createGroupCommit(db, [INSERT], { worker })
      if (worker) await warm(gc)
      return gc
    }

    it('a submitted write is on disk when its promise resolves', async () => {
      const gc = await make()
      await gc.submit([[0, { id: 1, v: Buffer.from([0, 255]) }]])
      expect(onDisk()).toEqual([1])
    })

    it('one bad unit fails alone; its neighbours in the batch commit', async () => {
      const gc = await make()
      await gc.submit([[0, { id: 7, v: Buffer.from('x') }]])
      const results = await Promise.allSettled(
        [1, 7, 2, 3, 4, 5].map((id) => gc.submit([[0, { id, v: Buffer.from('x') }]])),
      )
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ])
      expect(onDisk()).toEqual([1, 2, 3, 4, 5, 7])
    })

    it('the writes of one unit commit together or not at all', async () => {
      const gc = await make()
      await gc.submit([[0, { id: 9, v: Buffer.from('x') }]])
      await expect(
        gc.submit([
          [0, { id: 10, v: Buffer.from('x') }],
          [0, { id: 9, v: Buffer.from('dup') }],
        ]),
      ).rejects.toThrow()
      expect(onDisk()).toEqual([9])
    })
  })
}

describe('group commit worker', () => {
  it('starts under concurrent load and keeps every write', async () => {
    const gc = createGroupCommit(db, [INSERT])
    await warm(gc)
    const ids = Array.from({ length: 300 }, (_, i) => i + 1)
    await Promise.all(ids.map((id) => gc.submit([[0, { id, v: Buffer.alloc(64) }]])))
    expect(gc.usingWorker).toBe(true)
    expect(onDisk()).toEqual(ids)
  })

  it('starts for units that each carry many rows (a batch of proxy.request events every 20 ms)', async () => {
    const gc = createGroupCommit(db, [INSERT])
    const unit = (from: number) =>
      Array.from({ length: 50 }, (_, i): Write => [0, { id: from + i, v: Buffer.alloc(8) }])
    for (let round = 0; !gc.usingWorker && round < 100; round++) {
      await gc.submit(unit(1 + round * 50))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(gc.usingWorker).toBe(true)
    await gc.stop()
  })

  it('a trickle of single writes stays in-process', async () => {
    const gc = createGroupCommit(db, [INSERT])
    for (let id = 1; id <= 5; id++) await gc.submit([[0, { id, v: Buffer.alloc(1) }]])
    expect(gc.usingWorker).toBe(false)
  })

  it('stop() lets the batch in flight commit, then ends the worker thread', async () => {
    const gc = createGroupCommit(db, [INSERT])
    await warm(gc)
    const inFlight = gc.submit([[0, { id: 1, v: Buffer.alloc(1) }]])
    await gc.stop()
    await inFlight
    expect(gc.usingWorker).toBe(false)
    expect(onDisk()).toEqual([1])
  })

  it('stop() while the worker is still starting waits for it: its thread never opens the closed database', async () => {
    const warnings: string[] = []
    const gc = createGroupCommit(db, [INSERT], { warn: (message) => warnings.push(message) })
    // Rows enough to start the worker; the first batch commits in-process while it starts.
    const writes = Array.from({ length: 8 }, (_, i) => gc.submit([[0, { id: i + 1, v: Buffer.alloc(1) }]]))
    await new Promise((resolve) => setImmediate(resolve))
    await gc.stop()
    await Promise.allSettled(writes)
    expect(gc.usingWorker).toBe(false)
    // As a server's close does next: the database closed, the folder removed. A thread still on its
    // way would then fail to open the database, and say so.
    db.close()
    dir.cleanup()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(warnings).toEqual([])
  })

  it('after stop(), writes are refused as unavailable', async () => {
    const gc = createGroupCommit(db, [INSERT])
    await gc.stop()
    await expect(gc.submit([[0, { id: 1, v: Buffer.alloc(1) }]])).rejects.toMatchObject({
      code: 'unavailable',
    })
    expect(onDisk()).toEqual([])
  })

  it('after the database is closed, writes are refused as unavailable', async () => {
    const gc = createGroupCommit(db, [INSERT])
    db.close()
    await expect(gc.submit([[0, { id: 1, v: Buffer.alloc(1) }]])).rejects.toMatchObject({
      code: 'unavailable',
    })
  })
})
