import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'
import type {
  CommitWorkerData,
  CommitWorkerReply,
  CommitWorkerRequest,
  PositionalWrite,
  WalState,
} from './commit-worker.js'

// The commit worker's thread: its own connection with `openDatabase`'s pragmas, each batch in one
// transaction and, if that fails, every unit retried alone so one bad unit fails alone. A
// `checkpoint` message runs a passive checkpoint (checkpoint-rounds.ts); a `read` message runs one
// query and answers its rows (off-loop-reads.ts: a thread started for reads commits nothing). A
// `close` message closes the connection after the messages before it; the thread then exits.
const port = parentPort!
const data = workerData as CommitWorkerData
const db = new Database(data.file, { fileMustExist: true, ...(data.addon && { nativeBinding: data.addon }) })
for (const pragma of data.pragmas) db.pragma(pragma)
const statements = data.statements.map((sql) => db.prepare(sql))
// Reads come in a few shapes (the search engine's allowlists bound them); the cap is a backstop.
const reads = new Map<string, Database.Statement>()
const readStatement = (sql: string) => {
  let statement = reads.get(sql)
  if (!statement) {
    if (reads.size >= 200) reads.clear()
    statement = db.prepare(sql)
    reads.set(sql, statement)
  }
  return statement
}
// Structured clone turns a Buffer into a plain Uint8Array; SQLite stores only Buffers as blobs.
const blob = (v: unknown) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v
const run = (units: PositionalWrite[][]) =>
  db
    .transaction(() => {
      for (const unit of units) for (const [i, values] of unit) statements[i]!.run(values.map(blob))
    })
    .immediate()

// PASSIVE: copies what it can without waiting for, or blocking, the writer or any reader.
const checkpoint = (): WalState => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>
  return { log: row?.log ?? 0, copied: row?.checkpointed ?? 0 }
}

port.on('message', (msg: CommitWorkerRequest) => {
  if ('close' in msg) {
    db.close()
    port.close()
    return
  }
  if ('read' in msg) {
    let reply: CommitWorkerReply
    try {
      reply = { id: msg.id, rows: readStatement(msg.read.sql).all(msg.read.params) as unknown[] }
    } catch (err) {
      reply = { id: msg.id, error: String((err as Error)?.message || err) }
    }
    port.postMessage(reply)
    return
  }
  if ('checkpoint' in msg) {
    port.postMessage({ id: msg.id, wal: checkpoint() } satisfies CommitWorkerReply)
    return
  }
  const { id, units } = msg
  let reply: CommitWorkerReply
  try {
    run(units)
    reply = { id, errors: units.map(() => null) }
  } catch {
    const errors = units.map((unit) => {
      try {
        run([unit])
        return null
      } catch (err) {
        return String((err as Error)?.message || err)
      }
    })
    reply = { id, errors }
  }
  port.postMessage(reply)
})
port.postMessage({ ready: true } satisfies CommitWorkerReply)
