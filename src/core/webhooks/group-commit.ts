import { type Db, inTransaction } from '../db/open.js'
import { AppError } from '../errors.js'
import { createCheckpointRounds, type WalBounds } from './checkpoint-rounds.js'
import { type CommitWorker, positional, startCommitWorker, type Write } from './commit-worker.js'

export type { Write } from './commit-worker.js'

interface Pending {
  writes: Write[]
  resolve: () => void
  reject: (err: unknown) => void
}

const closed = () => new AppError('unavailable', 'The gateway is shutting down; send the webhook again.')

/**
 * Group commit: units submitted while the previous commit is under way share the next transaction,
 * so one fsync (synchronous = FULL) acknowledges many requests. Each promise settles only after its
 * transaction has committed (or failed), so an acknowledged write is durable.
 *
 * On a database file the commits run in a worker thread with its own connection: while it waits
 * for the disk, the event loop keeps reading requests, which become the next batch. Until that
 * worker is ready (or where it cannot run: in-memory databases), commits run in-process, batched
 * per turn of the event loop. An idle worker stops after `idleMs` and starts again on demand.
 *
 * Where commits stay in-process on a database file (`worker: false`: no fsync per commit, so handing
 * them over would cost more than it saves), SQLite's checkpoints run on that thread instead
 * (checkpoint-rounds.ts), and a round that must copy the whole WAL holds the queue meanwhile.
 */
export function createGroupCommit(
  db: Db,
  statements: string[],
  options: {
    worker?: boolean
    maxBatch?: number
    idleMs?: number
    /** Told once when a thread cannot start (commits or checkpoints then stay in-process: slower, as durable). */
    warn?: (message: string) => void
    /** For tests: the WAL sizes at which in-process commits' checkpoint rounds act (checkpoint-rounds.ts). */
    walBounds?: WalBounds
    /** For tests: told after each of those rounds whether it held the group commit's writes. */
    onCheckpointRound?: (held: boolean) => void
  } = {},
) {
  const maxBatch = options.maxBatch ?? 1000
  const idleMs = options.idleMs ?? 10_000
  const warn = options.warn ?? console.warn
  // A worker pays off under concurrent load, counted in rows waiting (one unit may carry many: a
  // batch of proxy.request events); a trickle of webhooks commits in-process.
  const workerAt = 4
  const useWorker = (options.worker ?? true) && !db.memory
  const checkpoints =
    !useWorker && !db.memory
      ? createCheckpointRounds(db, {
          onRelease: () => schedule(),
          idleMs,
          warn,
          bounds: options.walBounds,
          onRound: options.onCheckpointRound,
        })
      : undefined
  // Positional parameters, here as in the worker: binding by name looks each value up through the
  // addon, a measurable share of an insert with fifteen columns.
  const forWorker = statements.map(positional)
  const prepared = forWorker.map((s) => db.prepare(s.sql))
  const valuesOf = (i: number, params: Write[1]) =>
    forWorker[i]!.names.map((name) => (params as Record<string, unknown>)[name])
  const queue: Pending[] = []
  let scheduled = false
  let worker: CommitWorker | undefined
  // A worker on its way: stop() waits for it, or its thread would open the database after the close.
  let starting: Promise<void> | undefined
  // A worker that cannot start here (say, a native module built for another runtime) is not retried.
  let workerFailed = false
  let inFlight = false
  let idle: NodeJS.Timeout | undefined
  let idleSince = 0
  let stopped = false

  const rowsWaiting = () => {
    let rows = 0
    for (let i = 0; i < queue.length && rows < workerAt; i++) rows += queue[i]!.writes.length
    return rows
  }

  const settle = (batch: Pending[], errors: Array<string | null>) => {
    batch.forEach((item, i) => {
      const error = errors[i]
      if (error) item.reject(new Error(error))
      else item.resolve()
    })
  }

  const runUnits = (units: Pending[]) =>
    inTransaction(db, () => {
      for (const unit of units) for (const [i, params] of unit.writes) prepared[i]!.run(valuesOf(i, params))
    })

  function commitInProcess(batch: Pending[]) {
    if (!db.open) {
      for (const item of batch) item.reject(closed())
      return
    }
    try {
      runUnits(batch)
    } catch {
      // One bad unit must not fail its neighbours: retry each alone so only the culprit fails.
      for (const item of batch) {
        try {
          runUnits([item])
          item.resolve()
        } catch (err) {
          item.reject(err)
        }
      }
      return
    }
    for (const item of batch) item.resolve()
  }

  function startWorker() {
    if (starting || worker || workerFailed || !useWorker) return
    starting = startCommitWorker(
      db,
      forWorker.map((s) => s.sql),
      () => {
        worker = undefined
      },
    )
      .then((w) => {
        if (stopped || !db.open) return w.close()
        worker = w
        flush()
      })
      .catch((err: unknown) => {
        workerFailed = true
        warn(`warning: the webhook commit worker could not start (${String(err)}); committing in-process`)
      })
      .finally(() => {
        starting = undefined
      })
  }

  function flush() {
    scheduled = false
    if (queue.length === 0 || checkpoints?.holding) return
    clearInterval(idle)
    if (!db.open) {
      for (const item of queue.splice(0)) item.reject(closed())
      return
    }
    if (worker) {
      if (inFlight) return
      const batch = queue.splice(0, maxBatch)
      const current = worker
      inFlight = true
      // The next batch goes to the worker before this one's requests are answered: answering them
      // takes the event loop a while, and the worker would wait for it (with the disk idle).
      const next = () => {
        inFlight = false
        if (queue.length) flush()
        else if (!stopped) stopWhenIdle(current)
      }
      current.commit(batch.map((b) => b.writes.map(([i, params]) => [i, valuesOf(i, params)]))).then(
        (errors) => {
          next()
          settle(batch, errors)
        },
        (err: Error) => {
          next()
          for (const item of batch) item.reject(err)
        },
      )
      return
    }
    if (rowsWaiting() >= workerAt) startWorker()
    commitInProcess(queue.splice(0, maxBatch))
    if (queue.length) schedule()
  }

  /** Stops the worker once it has been idle a while, or at once when the database has been closed. */
  function stopWhenIdle(current: CommitWorker) {
    idleSince = Date.now()
    clearInterval(idle)
    idle = setInterval(() => {
      if (db.open && Date.now() - idleSince < idleMs) return
      clearInterval(idle)
      current.terminate()
    }, 250)
    idle.unref()
  }

  function schedule() {
    if (scheduled) return
    scheduled = true
    // setImmediate runs after pending I/O callbacks, so requests that arrived together batch together.
    setImmediate(flush)
  }

  return {
    /** Whether commits currently run in the worker thread (for tests and diagnostics). */
    get usingWorker() {
      return worker !== undefined
    },
    /**
     * Before the database closes: fails the writes not yet sent (their requests are being cut off),
     * lets the worker finish the batch it has, closes its connection and waits for its thread to
     * exit (an idle worker would otherwise hold the process open until its idle check).
     */
    async stop(): Promise<void> {
      stopped = true
      clearInterval(idle)
      for (const item of queue.splice(0)) item.reject(closed())
      await starting
      await worker?.close()
      await checkpoints?.stop()
    },
    /** Runs one unit of writes in the next group transaction; resolves once it has committed. */
    submit(writes: Write[]): Promise<void> {
      if (stopped) return Promise.reject(closed())
      return new Promise<void>((resolve, reject) => {
        queue.push({ writes, resolve, reject })
        if (worker && !inFlight) flush()
        else if (!worker) schedule()
      })
    },
  }
}
export type GroupCommit = ReturnType<typeof createGroupCommit>
