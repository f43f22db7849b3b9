import type { Db } from '../db/open.js'
import { onWrite } from '../db/write-watch.js'
import { type CommitWorker, startCommitWorker, type WalState } from './commit-worker.js'

/** SQLite's own default: a checkpoint once the WAL holds this many frames (pages). */
const SQLITE_AUTOCHECKPOINT = 1000
export interface WalBounds {
  /** How soon after a write its round runs; under steady writes, the time between rounds. */
  roundAfterMs: number
  /**
   * Past this many frames (16 MiB at 4 KiB pages) a round ends holding the group commit's writes, so
   * that it copies the whole WAL and the next commit starts the WAL again from its head.
   */
  holdAtFrames: number
  /** Past this many frames, the WAL having not started again, the connection checkpoints itself (see below). */
  inlineAtFrames: number
}
const WAL_BOUNDS: WalBounds = { roundAfterMs: 100, holdAtFrames: 4096, inlineAtFrames: 16_384 }

/**
 * SQLite's checkpoints off the event loop, for a connection that commits in-process without an
 * fsync per commit (`serve --durability normal`). A checkpoint copies the WAL's pages into the
 * database file and fsyncs it; left to SQLite, it runs inside the commit that crosses 1,000 frames,
 * on the event loop: a large share of what normal-durability ingest spends on storage, and a
 * stall of milliseconds each time (both measured in bench/RESULTS.md).
 *
 * Here the connection's automatic checkpoint is off while a thread (the commit worker's, which
 * then commits nothing) runs passive checkpoints: a round shortly after writes, taking what the
 * WAL holds. A passive checkpoint neither waits for nor blocks the writer. But SQLite starts the WAL
 * again from its head only when a write begins with every frame copied, which a round racing a
 * stream of commits may never leave behind; so a round that has copied a WAL past `holdAtFrames`
 * beside the commits then holds the group commit (its captures wait, the event loop does not) while
 * it copies the tail they added meanwhile, and the next commit starts the WAL again from its head.
 * The WAL so stays bounded under any load: past `holdAtFrames` by what the commits add in a round's
 * time (the wait before it and its copy).
 * Writes outside the group commit (API calls) are not held; should they keep the WAL from starting
 * again until it passes `inlineAtFrames`, the connection checkpoints once on the event loop, as
 * SQLite would have, right after a round (so there is little left to copy).
 *
 * Until the thread is ready, where it cannot start, and after it stops (idle for `idleMs`), SQLite's
 * own automatic checkpoint is on again.
 */
export function createCheckpointRounds(
  db: Db,
  options: {
    /** Told when a held round ends, so the writes it held are committed. */
    onRelease: () => void
    idleMs: number
    warn: (message: string) => void
    /** Smaller and quicker in tests, to see the bound hold without writing hundreds of megabytes. */
    bounds?: WalBounds
    /** For tests: told after each round whether it held the writes. */
    onRound?: (held: boolean) => void
  },
) {
  const { roundAfterMs, holdAtFrames, inlineAtFrames } = options.bounds ?? WAL_BOUNDS
  let thread: CommitWorker | undefined
  let starting: Promise<void> | undefined
  let failed = false
  let stopped = false
  let due: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let holding = false
  let lastWrite = 0
  const EMPTY: WalState = { log: 0, copied: 0 }
  let wal = EMPTY
  let idle: NodeJS.Timeout | undefined
  // Set while this module runs its own pragmas, which the write watch below must not take for writes.
  let own = false

  const pragma = (source: string) => {
    if (!db.open) return
    own = true
    try {
      db.pragma(source)
    } finally {
      own = false
    }
  }
  const automatic = (frames: number) => pragma(`wal_autocheckpoint = ${frames}`)

  function start() {
    if (starting || thread || failed || stopped) return
    let self: CommitWorker | undefined
    // A thread that ends on its own (not stopped here) hands checkpoints back to SQLite; one stopped
    // when idle may end after its successor has started, and must leave that one alone.
    const exited = () => {
      if (self && thread === self) detach()
    }
    starting = startCommitWorker(db, [], exited)
      .then((started) => {
        if (stopped || !db.open) return started.close()
        self = started
        thread = started
        automatic(0)
        watchIdle()
      })
      .catch((err: unknown) => {
        failed = true
        options.warn(
          `warning: the checkpoint thread could not start (${String(err)}); checkpoints stay in-process`,
        )
      })
      .finally(() => {
        starting = undefined
      })
  }

  function detach() {
    thread = undefined
    wal = EMPTY
    clearInterval(idle)
    automatic(SQLITE_AUTOCHECKPOINT)
  }

  function watchIdle() {
    clearInterval(idle)
    idle = setInterval(() => {
      if (db.open && (Date.now() - lastWrite < options.idleMs || running)) return
      const current = thread
      detach()
      void current?.close()
    }, 250)
    idle.unref()
  }

  async function round(current: CommitWorker) {
    // The WAL's length as this round found it.
    let found = 0
    try {
      // The commits outran the last round (its hold could not copy the WAL whole): copying beside
      // them first would only fall further behind.
      if (wal.log >= 2 * holdAtFrames) holding = true
      wal = await current.checkpoint()
      found = wal.log
      if (!holding && wal.log >= holdAtFrames) {
        // Past the bound: the bulk is copied, beside the commits; now hold them while the tail they
        // added meanwhile is copied, so that the next commit starts the WAL again.
        holding = true
        wal = await current.checkpoint()
      }
      // Copied whole while held: the next commit starts the WAL again from its head, so what this
      // round found says nothing of the next.
      if (holding && wal.copied >= wal.log) wal = EMPTY
    } catch {
      // The thread stopped (detach() has turned SQLite's own checkpoints on again).
      wal = EMPTY
    } finally {
      options.onRound?.(holding)
      if (holding) {
        holding = false
        options.onRelease()
      }
    }
    // A WAL this long has gone rounds without starting again (holds begin well before it): writes
    // outside the group commit keep it from it. The round has just copied nearly all of it.
    if (found >= inlineAtFrames) pragma('wal_checkpoint(PASSIVE)')
  }

  function runDue() {
    due = undefined
    if (stopped || !db.open) return
    if (!thread) return start()
    if (running) {
      due = setTimeout(runDue, roundAfterMs)
      due.unref()
      return
    }
    running = round(thread).finally(() => {
      running = undefined
    })
  }

  onWrite(db, () => {
    if (own || stopped || due) return
    lastWrite = Date.now()
    due = setTimeout(runDue, roundAfterMs)
    due.unref()
  })

  return {
    /** Whether a round is holding the group commit's writes. */
    get holding() {
      return holding
    },
    /** Stops the rounds and the thread (before the database closes, which checkpoints it whole). */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(due)
      clearInterval(idle)
      await starting
      await running
      const current = thread
      detach()
      await current?.close()
    },
  }
}
