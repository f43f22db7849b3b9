import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/app.js'
import { startServe } from '../helpers/cli.js'

const ROUNDS = 5
const WORKERS = 24
const folders: Array<ReturnType<typeof tempDir>> = []
afterAll(() => {
  for (const folder of folders) folder.cleanup()
})

/** Fires webhooks from `WORKERS` concurrent loops until the server dies; returns what was acknowledged. */
async function hammer(url: string, round: number, acked: Map<string, string>) {
  let alive = true
  const worker = async (w: number) => {
    for (let i = 0; alive; i++) {
      const body = JSON.stringify({ round, w, i, pad: 'x'.repeat(randomInt(0, 2048)) })
      try {
        const res = await fetch(`${url}/webhooks/github`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-round': String(round) },
          body,
        })
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        const { id } = (await res.json()) as { id: string }
        acked.set(id, body)
      } catch {
        alive = false
      }
    }
  }
  return Array.from({ length: WORKERS }, (_, w) => worker(w))
}

// `--durability normal` drops the fsync of each commit, not its write: a killed process loses nothing.
describe.each([['full'], ['normal']])('crash safety of ingest, --durability %s', (durability) => {
  it('every acknowledged webhook survives SIGKILL at random moments, and the database stays intact', async () => {
    const data = tempDir('switchyard-crash-')
    folders.push(data)
    const acked = new Map<string, string>()
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServe(['--data', data.dir, '--durability', durability])
      const workers = await hammer(server.url, round, acked)
      await new Promise((r) => setTimeout(r, randomInt(150, 900)))
      const exited = new Promise((r) => server.child.once('exit', r))
      server.child.kill('SIGKILL')
      await exited
      await Promise.all(workers)
    }
    expect(acked.size).toBeGreaterThan(ROUNDS * 10)

    // A last clean start proves the folder still opens after the final crash.
    const last = await startServe(['--data', data.dir])
    await last.stop()

    const db = new Database(join(data.dir, 'switchyard.db'))
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const find = db.prepare(
        "SELECT e.id, r.body FROM events e JOIN event_requests r ON r.event_id = e.id WHERE e.id = ? AND e.type = 'webhook.received'",
      )
      const missing: string[] = []
      for (const [id, body] of acked) {
        const row = find.get(id) as { id: string; body: Buffer } | undefined
        if (!row || row.body.toString() !== body) missing.push(id)
      }
      expect(missing).toEqual([])
      const partial = db
        .prepare(
          "SELECT COUNT(*) AS n FROM events e LEFT JOIN event_requests r ON r.event_id = e.id WHERE e.source = 'webhook' AND r.event_id IS NULL",
        )
        .get() as { n: number }
      expect(partial.n).toBe(0)
    } finally {
      db.close()
    }
  }, 60_000)
})
