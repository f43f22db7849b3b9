import { createRequire } from 'node:module'
import { CONNECTION_PRAGMAS, installedAddon } from '../db/open.js'

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

/**
 * The worker's source. It is evaluated (not a file) so the one-file CLI bundle needs no second
 * entry point. It opens its own connection with `openDatabase`'s pragmas (CONNECTION_PRAGMAS), commits each
 * batch in one transaction and, if that fails, retries every unit alone so one bad unit fails alone.
 * A `close` message closes its connection after the batches before it; the thread then exits.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqlite)
const db = new Database(workerData.file, { fileMustExist: true, ...(workerData.addon && { nativeBinding: workerData.addon }) })
for (const pragma of workerData.pragmas) db.pragma(pragma)
const statements = workerData.statements.map((sql) => db.prepare(sql))
const blob = (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v)
const run = (units) => db.transaction(() => { for (const unit of units) for (const [i, values] of unit) statements[i].run(values.map(blob)) }).immediate()
parentPort.on('message', ({ id, units, close }) => {
  if (close) {
    db.close()
    parentPort.close()
    return
  }
  try {
    run(units)
    parentPort.postMessage({ id, errors: units.map(() => null) })
  } catch {
    const errors = units.map((unit) => { try { run([unit]); return null } catch (err) { return String(err && err.message || err) } })
    parentPort.postMessage({ id, errors })
  }
})
parentPort.postMessage({ ready: true })
`

export interface CommitWorker {
  /** Commits the units in one transaction; resolves with one error message (or null) per unit. */
  commit(units: PositionalWrite[][]): Promise<Array<string | null>>
  /** Closes the worker's connection after the commits already sent, and resolves once it has exited. */
  close(): Promise<void>
  terminate(): void
}

/**
 * Starts a commit worker on the database file. Resolves once it has opened the database, or
 * rejects when it cannot (an in-memory database, a native module it cannot load).
 */
export async function startCommitWorker(
  file: string,
  /** SQL with `?` placeholders (see `positional`). */
  statements: string[],
  onExit: () => void,
): Promise<CommitWorker> {
  // Loaded on first use: a start (and every CLI command) that never sees concurrent webhooks skips it.
  // (Not `import()`: the CLI bundle runs as a vm.Script, which has no dynamic-import hook.)
  const { Worker } = process.getBuiltinModule('node:worker_threads')
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: {
      sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
      // The process's addon (Electron's own build in the desktop app), not whatever `bindings` finds.
      addon: installedAddon(),
      file,
      statements,
      pragmas: CONNECTION_PRAGMAS,
    },
  })
  worker.unref()
  const pending = new Map<
    number,
    { resolve: (e: Array<string | null>) => void; reject: (err: Error) => void }
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
    worker.on('message', (msg: { ready?: true; id?: number; errors?: Array<string | null> }) => {
      if (msg.ready) {
        ready = true
        resolve({
          commit(units) {
            const id = next++
            return new Promise((res, rej) => {
              pending.set(id, { resolve: res, reject: rej })
              worker.postMessage({ id, units })
            })
          },
          close: () =>
            new Promise<void>((done) => {
              worker.once('exit', () => done())
              worker.postMessage({ close: true })
            }),
          terminate: () => void worker.terminate(),
        })
        return
      }
      const waiter = pending.get(msg.id!)
      pending.delete(msg.id!)
      waiter?.resolve(msg.errors!)
    })
  })
}
