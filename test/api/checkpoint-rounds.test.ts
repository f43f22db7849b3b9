import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../src/core/db/open.js'
import { createGroupCommit } from '../../src/core/webhooks/group-commit.js'
import { tempDir } from '../helpers/app.js'

// In-process group commit (serve --durability normal) with SQLite's checkpoints on a thread:
// checkpoint-rounds.ts.

let dir: ReturnType<typeof tempDir>
let db: Db
let file: string
const INSERT = 'INSERT INTO t (id, v) VALUES (@id, @v)'
// Small bounds and quick rounds, so a few megabytes show what hundreds would with the real ones.
const walBounds = { holdAtFrames: 64, inlineAtFrames: 100_000, roundAfterMs: 10 }

beforeEach(() => {
  dir = tempDir()
  file = join(dir.dir, 'switchyard.db')
  db = openDatabase({ path: file, durability: 'normal' })
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)')
})
afterEach(() => {
  if (db.open) db.close()
  dir.cleanup()
})

const automaticCheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true })
const sizeOf = (path: string) => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
async function until(condition: () => boolean, what: string) {
  for (const deadline = Date.now() + 10_000; !condition(); await sleep(20))
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
}

/** One write, then waits for the thread: SQLite's own checkpoint is off once it is ready. */
async function threadReady(gc: ReturnType<typeof createGroupCommit>) {
  await gc.submit([[0, { id: 1, v: Buffer.alloc(1) }]])
  await until(() => automaticCheckpoint() === 0, 'the checkpoint thread is ready')
}

/** A group commit whose checkpoint rounds are recorded, each as whether it held; its thread ready. */
async function recordingRounds() {
  const rounds: boolean[] = []
  const gc = createGroupCommit(db, [INSERT], {
    worker: false,
    walBounds,
    onCheckpointRound: (held) => rounds.push(held),
  })
  await threadReady(gc)
  return { gc, rounds }
}
type GroupCommit = ReturnType<typeof createGroupCommit>

/** `count` rows of 2 KiB after id `after`, submitted at once; the last id. */
async function burst(gc: GroupCommit, after: number, count: number) {
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      gc.submit([[0, { id: after + i + 1, v: Buffer.alloc(2048, 5) }]]),
    ),
  )
  return after + count
}

/** Fifteen small rows after id `after`, 20 ms apart (a few pages between rounds); the last id. */
async function trickle(gc: GroupCommit, after: number) {
  for (let i = 1; i <= 15; i++) {
    await gc.submit([[0, { id: after + i, v: Buffer.alloc(100, 1) }]])
    await sleep(20)
  }
  return after + 15
}

describe('checkpoints beside in-process commits', () => {
  it('under sustained writes the WAL stays bounded, and every write is kept', async () => {
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds })
    await threadReady(gc)
    let maxWal = 0
    let id = 1
    // 40 MiB in batches of 40 rows of 2 KiB: without the rounds (or without their holds, which the
    // stream of commits would outrun), the WAL would grow to hold all of it.
    for (let batch = 0; batch < 500; batch++) {
      await Promise.all(
        Array.from({ length: 40 }, () => gc.submit([[0, { id: ++id, v: Buffer.alloc(2048, 7) }]])),
      )
      maxWal = Math.max(maxWal, sizeOf(`${file}-wal`))
    }
    expect(automaticCheckpoint()).toBe(0)
    expect(maxWal).toBeGreaterThan(0)
    expect(maxWal).toBeLessThan(16 * 2 ** 20)
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(id)
    await gc.stop()
    expect(automaticCheckpoint()).toBe(1000)
  })

  it('holds once for a burst past the bound, and not again while the WAL has just started again', async () => {
    const { gc, rounds } = await recordingRounds()
    // About 150 pages at once, past the bound of 64: the round that finds them holds.
    let id = await burst(gc, 1, 300)
    await until(() => rounds.includes(true), 'a round has held')
    const heldAt = rounds.length
    // Then a trickle: the WAL starts again after the hold and stays small.
    id = await trickle(gc, id)
    await gc.stop()
    expect(rounds.length).toBeGreaterThan(heldAt + 5)
    // A round goes by the WAL it finds: one that has just started again needs no hold.
    expect(rounds.slice(heldAt)).not.toContain(true)
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(id)
  })

  it('a reader that keeps the WAL from being copied whole does not stall captures; after it, the WAL starts again', async () => {
    const { gc, rounds } = await recordingRounds()
    // Another connection inside a read transaction: no checkpoint may copy frames past its snapshot.
    const reader = new Database(file)
    reader.exec('BEGIN')
    reader.prepare('SELECT COUNT(*) FROM t').pluck().get()
    let id = 1
    const started = Date.now()
    for (let batch = 0; batch < 20; batch++) {
      id = await burst(gc, id, 40)
      await sleep(5)
    }
    // Every round past the bound holds, and none can copy the WAL whole, yet each ends and lets the
    // captures through (20 batches in well under the 10 s a stall would take).
    expect(rounds).toContain(true)
    expect(Date.now() - started).toBeLessThan(10_000)
    reader.exec('COMMIT')
    reader.close()
    // With the reader gone, a burst's round copies the WAL whole and a trickle after it holds no more.
    id = await burst(gc, id, 100)
    await sleep(100)
    const settled = rounds.length
    id = await trickle(gc, id)
    await gc.stop()
    expect(rounds.slice(settled)).not.toContain(true)
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(id)
  })

  it('copies writes made outside the group commit into the database file', async () => {
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds })
    await threadReady(gc)
    const before = sizeOf(file)
    // About 500 pages, fewer than SQLite's own 1,000: only a round copies them (and it is off anyway).
    const insert = db.prepare(INSERT)
    db.transaction(() => {
      for (let id = 2; id < 500; id++) insert.run({ id, v: Buffer.alloc(4000, 1) })
    })()
    await until(() => sizeOf(file) >= before + 499 * 4000, 'the database file holds the rows')
    await gc.stop()
  })

  it('keeps the WAL bounded under a stream of writes outside the group commit, which no hold can pause', async () => {
    const bounds = { ...walBounds, inlineAtFrames: 512 }
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds: bounds })
    await threadReady(gc)
    const insert = db.prepare(INSERT)
    let maxWal = 0
    // 40 MiB of single-row writes (API calls), a turn of the event loop apart: every round races them.
    for (let id = 2; id < 20_000; id++) {
      insert.run({ id, v: Buffer.alloc(2048, 3) })
      if (id % 8 === 0) {
        await new Promise((resolve) => setImmediate(resolve))
        maxWal = Math.max(maxWal, sizeOf(`${file}-wal`))
      }
    }
    expect(automaticCheckpoint()).toBe(0)
    // Unbounded, these writes grow the WAL to about 250 MB (each commit writes a few pages). Bounded,
    // it passes the 2 MiB at which the connection checkpoints itself by what the writes add during one
    // round, which a slow shared disk (the round's fsync) stretched to 18 MB once in CI: hence 32 MiB.
    expect(maxWal).toBeLessThan(32 * 2 ** 20)
    await gc.stop()
  })

  it('an idle thread stops, and SQLite checkpoints on its own again', async () => {
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds, idleMs: 200 })
    await threadReady(gc)
    await until(() => automaticCheckpoint() === 1000, 'the idle thread has stopped')
    // And it starts again on the next writes.
    await gc.submit([[0, { id: 2, v: Buffer.alloc(1) }]])
    await until(() => automaticCheckpoint() === 0, 'the thread is back')
    await gc.stop()
  })

  it('where the thread cannot start, says so once and leaves SQLite its own checkpoints', async () => {
    const warnings: string[] = []
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds, warn: (m) => warnings.push(m) })
    // The thread opens the file by name, which is gone; this connection keeps its open file.
    rmSync(file)
    for (let id = 1; id <= 5; id++) {
      await gc.submit([[0, { id, v: Buffer.alloc(1) }]])
      await sleep(30)
    }
    await until(() => warnings.length > 0, 'the warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/checkpoint thread could not start/)
    expect(automaticCheckpoint()).toBe(1000)
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(5)
    await gc.stop()
  })

  it('stop() ends the thread and leaves the connection as it found it, ready to close', async () => {
    const gc = createGroupCommit(db, [INSERT], { worker: false, walBounds })
    await threadReady(gc)
    await gc.stop()
    expect(automaticCheckpoint()).toBe(1000)
    await expect(gc.submit([[0, { id: 2, v: Buffer.alloc(1) }]])).rejects.toMatchObject({
      code: 'unavailable',
    })
  })
})
