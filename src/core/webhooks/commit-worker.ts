import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { sameDurabilityAs } from '../db/durability.js'
import { CONNECTION_PRAGMAS, type Db, installedAddon } from '../db/open.js'

/** Writes of one logical unit (one captured webhook): statement index and its named parameters. */
export type Write = [statement: number, params: object]

/** A write as the worker takes it: statement index and its parameter values, in `?` order. */
export type PositionalWrite = [statement: number, values: unknown[]]

/**
 * A named-parameter statement (`@name`) as the worker runs it: with `?` placeholders, and the names
 * in their order. A flat list of values costs far less to copy between threads than an object.
 */
export function positional(sql: string): { sql: string; names: string[] } {
  return { sql: sql.replace(/@\w+/g, '?'), names: [...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!) }
}

/** What the thread (commit-worker.thread.ts) is started with. */
export interface CommitWorkerData {
  file: string
  addon: string | undefined
  /** SQL with `?` placeholders (see `positional`). */
  statements: string[]
  pragmas: readonly string[]
}

/** What a checkpoint found: the frames (pages) in the WAL when it ran, and how many it had copied. */
export interface WalState {
  log: number
  copied: number
}

/** One query with its named parameters (off-loop-reads.ts). */
export interface ReadRequest {
  sql: string
  params: Record<string, unknown>
}

export type CommitWorkerRequest =
  | { id: number; units: PositionalWrite[][] }
  | { id: number; checkpoint: true }
  | { id: number; read: ReadRequest }
  | { close: true }
export type CommitWorkerReply =
  | { ready: true }
  | { id: number; errors: Array<string | null> }
  | { id: number; wal: WalState }
  | { id: number; rows: unknown[] }
  | { id: number; error: string }

/**
 * The thread's module. Each bundle (the CLI's, switchyard/testing's, the desktop main's) has it
 * built beside itself as its own entry, commit-worker.js; from source (tsx, vitest) the thread
 * loads tsx first, since Node alone cannot run TypeScript and a worker does not inherit the
 * parent's loaders.
 */
function threadModule(): { filename: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { filename: new URL('./commit-worker.js', import.meta.url), eval: false }
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  const thread = fileURLToPath(new URL('./commit-worker.thread.ts', import.meta.url))
  return {
    filename: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(thread)}, __filename)`,
    eval: true,
  }
}

export interface CommitWorker {
  /** Commits the units in one transaction; resolves with one error message (or null) per unit. */
  commit(units: PositionalWrite[][]): Promise<Array<string | null>>
  /** Runs a passive checkpoint on the thread's connection (checkpoint-rounds.ts). */
  checkpoint(): Promise<WalState>
  /** Runs one query on the thread's connection and resolves with its rows (off-loop-reads.ts). */
  read(request: ReadRequest): Promise<unknown[]>
  /** Closes the worker's connection after the commits already sent, and resolves once it has exited. */
  close(): Promise<void>
  terminate(): void
}

/**
 * Starts a commit worker on the connection's database file, its own connection set up as `db` is
 * (CONNECTION_PRAGMAS and the durability `db` runs with: db/durability.ts). Resolves once it has
 * opened the database, or rejects when it cannot (an in-memory database, a native module it cannot
 * load). Group commit, checkpoint rounds and off-loop reads each start one this way.
 */
export async function startCommitWorker(
  db: Db,
  /** SQL with `?` placeholders (see `positional`); none for a thread that only checkpoints or reads. */
  statements: string[],
  onExit: () => void,
): Promise<CommitWorker> {
  const file = db.name
  const pragmas = [...CONNECTION_PRAGMAS, sameDurabilityAs(db)]
  // Loaded on first use: a start (and every CLI command) that never sees concurrent webhooks skips it.
  const { Worker } = process.getBuiltinModule('node:worker_threads')
  const { filename, eval: evaluated } = threadModule()
  const workerData: CommitWorkerData = {
    // The addon the main thread found (the bundled CLI cannot find it on its own).
    addon: installedAddon(),
    file,
    statements,
    pragmas,
  }
  const worker = new Worker(filename, { eval: evaluated, workerData })
  worker.unref()
  const pending = new Map<
    number,
    { settle: (reply: CommitWorkerReply) => void; reject: (err: Error) => void }
  >()
  let next = 0
  let ready = false
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      for (const p of pending.values()) p.reject(err)
      pending.clear()
      if (!ready) reject(err)
      onExit()
    }
    worker.on('error', fail)
    worker.on('exit', () => fail(new Error('The commit worker stopped.')))
    worker.on('message', (msg: CommitWorkerReply) => {
      if ('ready' in msg) {
        ready = true
        // Each request's promise takes its answer out of the reply (`read`); a reply without one is a bug.
        const ask = <T>(
          request: CommitWorkerRequest & { id: number },
          read: (reply: CommitWorkerReply) => T | undefined,
        ) =>
          new Promise<T>((res, rej) => {
            const settle = (reply: CommitWorkerReply) => {
              let answer: T | undefined
              try {
                answer = read(reply)
              } catch (err) {
                rej(err)
                return
              }
              if (answer === undefined) rej(new Error('The commit worker answered another request.'))
              else res(answer)
            }
            pending.set(request.id, { settle, reject: rej })
            worker.postMessage(request)
          })
        resolve({
          commit: (units) =>
            ask({ id: next++, units }, (reply) => ('errors' in reply ? reply.errors : undefined)),
          checkpoint: () =>
            ask({ id: next++, checkpoint: true }, (reply) => ('wal' in reply ? reply.wal : undefined)),
          read: (read) =>
            ask({ id: next++, read }, (reply) => {
              if ('error' in reply) throw new Error(reply.error)
              return 'rows' in reply ? reply.rows : undefined
            }),
          close: () =>
            new Promise<void>((done) => {
              // Held open until the thread has closed its connection: the caller waits for that, and
              // a process with nothing else left to do would otherwise exit first.
              worker.ref()
              worker.once('exit', () => done())
              worker.postMessage({ close: true } satisfies CommitWorkerRequest)
            }),
          terminate: () => void worker.terminate(),
        })
        return
      }
      const waiter = pending.get(msg.id)
      pending.delete(msg.id)
      waiter?.settle(msg)
    })
  })
}
