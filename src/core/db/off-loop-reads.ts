import { type CommitWorker, startCommitWorker } from '../webhooks/commit-worker.js'
import type { Db } from './open.js'

type Statement = ReturnType<Db['prepare']>
type Params = Record<string, unknown>

/** Rows a table holds at most for a statement over it to run here whatever its plan (sorting them is quick). */
const FEW_ROWS = 5_000

/** Rows as this connection gives them: the copy between threads made each blob a plain Uint8Array. */
function asHere(rows: unknown[]): unknown[] {
  for (const row of rows as Array<Record<string, unknown>>) {
    for (const [column, value] of Object.entries(row)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value))
        row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    }
  }
  return rows
}

/**
 * Reads no index bounds, run on a thread so the event loop keeps serving meanwhile. Two kinds of
 * search page make SQLite read every row of the workspace on the way to the first one:
 * - one whose order no index gives (a sort on a field kept in a partial index, or on two fields):
 *   every matching row is read and sorted first (`USE TEMP B-TREE` in the plan);
 * - one whose filters no index seeks (a field without an index, `eq: null`, an `in` list the planner
 *   reads in time order instead): the rows are read in order and filtered, all of them when few or
 *   none match.
 * On a big log either holds the event loop for a long time (figures: the search section of
 * bench/RESULTS.md), and meanwhile nothing else runs, not even a webhook's capture. Such a
 * statement (its plan read once per SQL text: the engine's parameters are opaque to the planner, so
 * values do not change it) runs on a thread with its own connection, which in WAL mode reads the
 * last commit without holding up the writer. A page an index both seeks and orders, the usual case, stays here; so does one with a
 * second filter the index it seeks leaves to a scan of that index's rows (a provider's events of one
 * type). The answer is the same either way: both connections see every commit made before the read.
 *
 * The thread starts on first need and stops after `idleMs` without reads. Where it cannot run (an
 * in-memory database, a native module it cannot load) the read runs here, as before.
 */
export function createOffLoopReads(
  db: Db,
  options: {
    idleMs?: number
    warn?: (message: string) => void
    /** For tests: told where each read that needed the thread ran. */
    onRead?: (where: 'thread' | 'here') => void
    /** For tests: the rows a table holds at most for its reads to stay here whatever their plan. */
    fewRows?: number
  } = {},
) {
  const idleMs = options.idleMs ?? 10_000
  const fewRows = options.fewRows ?? FEW_ROWS
  const warn = options.warn ?? console.warn
  const needsThread = new Map<string, boolean>()
  let thread: CommitWorker | undefined
  let starting: Promise<void> | undefined
  let failed = false
  let stopped = false
  let pending = 0
  let idle: NodeJS.Timeout | undefined

  function unbounded(sql: string, params: Params, filtered: ReadonlyArray<string | undefined>): boolean {
    let found = needsThread.get(sql)
    if (found === undefined) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map(
        (step) => step.detail,
      )
      // The terms the tables' indexes are sought by: `SEARCH events USING INDEX x (workspace_id=? AND type=?)`.
      const sought = plan
        .filter((step) => /^(SEARCH|SCAN) /.test(step) && !step.includes('json_each'))
        .map((step) => /^\S+ \S+ .*? \((.*)\)$/.exec(step)?.[1] ?? '')
        .join(' AND ')
      const seeks = (column: string | undefined) =>
        column !== undefined && new RegExp(`\\b${column}\\b`).test(sought)
      found =
        plan.some((step) => step.startsWith('USE TEMP B-TREE')) ||
        (filtered.length > 0 && !filtered.some(seeks))
      // The shapes are bounded by the search allowlists; the cap is a backstop.
      if (needsThread.size >= 500) needsThread.clear()
      needsThread.set(sql, found)
    }
    return found
  }

  // The largest rowid bounds a table's rows from above (one seek to the end of its B-tree).
  const lastRowid = new Map<string, () => unknown>()
  function holdsFew(table: string | undefined): boolean {
    if (table === undefined || !/^\w+$/.test(table)) return false
    let read = lastRowid.get(table)
    if (!read) {
      const statement = db.prepare<[]>(`SELECT max(rowid) FROM "${table}"`).pluck()
      read = () => statement.get()
      lastRowid.set(table, read)
    }
    return Number(read() ?? 0) <= fewRows
  }

  function start(): Promise<void> {
    let mine: CommitWorker | undefined
    starting ??= startCommitWorker(db, [], () => {
      if (thread === mine) thread = undefined
    })
      .then((started) => {
        if (stopped || !db.open) return started.close()
        mine = started
        thread = started
      })
      .catch((err: unknown) => {
        failed = true
        warn(`warning: the read thread could not start (${String(err)}); slow searches run on the event loop`)
      })
      .finally(() => {
        starting = undefined
      })
    return starting
  }

  function stopWhenIdle() {
    clearTimeout(idle)
    idle = setTimeout(() => {
      if (pending > 0 || !thread) return
      // Forgotten first, so a read that comes while it closes starts another.
      const closing = thread
      thread = undefined
      void closing.close()
    }, idleMs)
    idle.unref()
  }

  async function onThread(statement: Statement, sql: string, params: Params): Promise<unknown[]> {
    pending++
    clearTimeout(idle)
    try {
      if (!thread) await start()
      if (!thread || stopped) {
        options.onRead?.('here')
        return statement.all(params)
      }
      options.onRead?.('thread')
      return asHere(await thread.read({ sql, params }))
    } finally {
      pending--
      if (pending === 0 && !stopped) stopWhenIdle()
    }
  }

  return {
    /** Whether the read thread is up now (for tests and diagnostics). */
    get threadRunning() {
      return thread !== undefined
    },
    /**
     * The rows of a read-only statement: now when an index bounds it, else a promise of them from
     * the thread. `filtered`: the columns its conditions test (undefined for an expression).
     * `table`: the one table it reads, if so; one that holds few rows is read here whatever the plan
     * (a thread would cost more, and starting one far more).
     */
    all(
      statement: Statement,
      sql: string,
      params: Params,
      filtered: ReadonlyArray<string | undefined>,
      table?: string,
    ): unknown[] | Promise<unknown[]> {
      if (db.memory || failed || stopped || !unbounded(sql, params, filtered) || holdsFew(table))
        return statement.all(params)
      return onThread(statement, sql, params)
    },
    /** Before the database closes: waits for a thread on its way and closes it. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(idle)
      await starting
      await thread?.close()
    },
  }
}
export type OffLoopReads = ReturnType<typeof createOffLoopReads>
