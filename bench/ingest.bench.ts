// Webhook ingest throughput: POST /webhooks/github on `switchyard serve` (exact bytes and headers
// stored, group commit; synchronous = FULL, then `--durability normal`) against the ceiling — a bare Hono POST on
// @hono/node-server that reads the same body and answers the same JSON — in the same run.
// Each server is its own process, so autocannon (here) never shares their event loop.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openDatabase } from '../src/core/db/open.js'
import { EVENT_COLUMNS, INSERT_EVENT_SQL, INSERT_REQUEST_SQL } from '../src/core/events/events.repo.js'
import { cpuSeconds, load as loadRequests, start, stop } from './harness.js'
import { percent, percentile, writeSection } from './results.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP_SECONDS = 1
const CONNECTIONS = 50

const CEILING = `
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const app = new Hono()
app.post('/webhooks/:provider', async (c) => {
  await c.req.arrayBuffer()
  return c.json({ id: 'evt_ceiling' })
})
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write('listening on http://127.0.0.1:' + info.port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`

/** A realistic ~1 KB JSON webhook (GitHub-like push). */
const body = JSON.stringify({
  ref: 'refs/heads/main',
  before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
  after: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5',
  repository: {
    id: 186853002,
    name: 'switchyard-demo',
    full_name: 'octo-org/switchyard-demo',
    private: false,
  },
  pusher: { name: 'octocat', email: 'mona@example.com' },
  sender: { login: 'octocat', id: 21031067, type: 'User', site_admin: false },
  commits: [
    {
      id: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5',
      message: 'Capture webhooks byte for byte, commit before answering, and batch the commits',
      timestamp: '2026-01-01T00:00:00Z',
      author: { name: 'Mona Octocat', email: 'mona@example.com', username: 'octocat' },
      added: ['src/core/webhooks/group-commit.ts'],
      removed: [],
      modified: ['README.md', 'src/core/webhooks/webhooks.service.ts'],
    },
  ],
  head_commit: { id: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5', message: 'Capture webhooks byte for byte' },
  padding: 'x'.repeat(240),
})

const load = (url: string, seconds: number) =>
  loadRequests(url, seconds, {
    path: '/webhooks/github',
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', 'x-github-event': 'push' },
    body,
  })

/** One measured run on a started server: a warm-up, then the load, with the CPU it cost. */
async function runOnce(server: Awaited<ReturnType<typeof start>>, warmupSeconds: number) {
  const warm = await load(server.url, warmupSeconds)
  const pid = server.child.pid!
  const cpuBefore = cpuSeconds(pid)
  const loadgenBefore = process.cpuUsage()
  const run = await load(server.url, SECONDS)
  const cpuAfter = cpuSeconds(pid)
  const loadgen = process.cpuUsage(loadgenBefore)
  return {
    ...run,
    acknowledged: warm.ok,
    cpu: cpuAfter.all - cpuBefore.all,
    mainCpu: cpuAfter.main - cpuBefore.main,
    loadgenCpu: (loadgen.user + loadgen.system) / 1e6,
  }
}
type Run = Awaited<ReturnType<typeof runOnce>>

/**
 * A server's runs summed up: the median run's req/s and latencies; CPU per request and cores kept
 * busy over all of its runs.
 */
function summarize(runs: Run[]) {
  const median = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!
  const requests = runs.reduce((n, r) => n + r.ok + r.bad, 0)
  const cpu = runs.reduce((n, r) => n + r.cpu, 0)
  const mainCpu = runs.reduce((n, r) => n + r.mainCpu, 0)
  const seconds = SECONDS * runs.length
  return {
    rps: median.rps,
    p50: median.p50,
    p99: median.p99,
    ok: runs.reduce((n, r) => n + r.ok, 0),
    bad: runs.reduce((n, r) => n + r.bad, 0),
    acknowledged: runs.reduce((n, r) => n + r.acknowledged + r.ok, 0),
    cpuUs: (cpu / requests) * 1e6,
    mainUs: (mainCpu / requests) * 1e6,
    // CPU cores kept busy on average during the runs: the server (its event loop, its other
    // threads) and autocannon (this process).
    cores: {
      server: cpu / seconds,
      eventLoop: mainCpu / seconds,
      otherThreads: (cpu - mainCpu) / seconds,
      loadgen: runs.reduce((n, r) => n + r.loadgenCpu, 0) / seconds,
    },
  }
}

/**
 * The three servers measured in alternating rounds (ceiling, FULL, NORMAL, then the other way
 * round): on a shared machine whose speed drifts over a minute, each ratio compares runs a few
 * seconds apart, and the median round's ratio is the one reported (every round's is listed).
 */
async function measureInRounds(servers: Record<'ceiling' | 'full' | 'normal', string[]>) {
  type Name = keyof typeof servers
  const names = Object.keys(servers) as Name[]
  const started = new Map<Name, Awaited<ReturnType<typeof start>>>()
  const runs: Record<Name, Run[]> = { ceiling: [], full: [], normal: [] }
  try {
    for (const name of names) started.set(name, await start(servers[name]))
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order)
        runs[name].push(await runOnce(started.get(name)!, round === 0 ? 2 : WARMUP_SECONDS))
    }
  } finally {
    await Promise.all([...started.values()].map((server) => stop(server.child)))
  }
  return runs
}

/** What one durable commit costs on this disk: 1-row transactions in WAL mode, FULL vs NORMAL. */
function commitFloor(dir: string) {
  const db = new Database(join(dir, 'floor.db'))
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, b BLOB)')
  const insert = db.prepare('INSERT INTO t (b) VALUES (?)')
  const row = Buffer.alloc(1100, 1)
  const p50 = (mode: string) => {
    db.pragma(`synchronous = ${mode}`)
    const times: number[] = []
    for (let i = 0; i < 300; i++) {
      const started = performance.now()
      db.transaction(() => insert.run(row)).immediate()
      times.push(performance.now() - started)
    }
    return percentile(times, 50)
  }
  const result = { full: p50('FULL'), normal: p50('NORMAL') }
  db.close()
  return result
}

/**
 * What SQLite's automatic checkpoints cost the event loop at `--durability normal`, where captures
 * commit in-process: batches of 32 captures (the server's two inserts each, as the batches under
 * this load hold) into the gateway's schema, with SQLite checkpointing inside the commits, and with
 * that off, as it is while the checkpoint thread runs (src/core/webhooks/checkpoint-rounds.ts).
 */
function checkpointCost(dir: string) {
  const BATCHES = 1500
  const PER_BATCH = 32
  const payload = Buffer.from(body)
  const measureWith = (automatic: boolean) => {
    const db = openDatabase({ path: join(dir, `checkpoints-${automatic}.db`), durability: 'normal' })
    if (!automatic) db.pragma('wal_autocheckpoint = 0')
    db.prepare(
      "INSERT INTO workspaces (id, name, tier, created_at) VALUES ('ws', 'bench', 'free', '2026')",
    ).run()
    const insertEvent = db.prepare(INSERT_EVENT_SQL)
    const insertRequest = db.prepare(INSERT_REQUEST_SQL)
    // Every column null but those a capture sets.
    const noColumns = Object.fromEntries(EVENT_COLUMNS.split(', ').map((column) => [column, null]))
    let n = 0
    const capture = () => {
      const id = `evt_${String(++n).padStart(20, '0')}`
      const at = new Date(1.8e12 + n).toISOString()
      insertEvent.run({
        ...noColumns,
        id,
        workspace_id: 'ws',
        type: 'webhook.received',
        source: 'webhook',
        provider: 'github',
        provider_event_type: 'push',
        signature: 'unverified',
        data: '{"method":"POST"}',
        created_at: at,
      })
      insertRequest.run({
        event_id: id,
        method: 'POST',
        path: '/webhooks/github',
        query: '',
        headers: '[["content-type","application/json"],["x-github-event","push"]]',
        content_type: 'application/json',
        body: payload,
        received_at: at,
      })
    }
    const batch = db.transaction(() => {
      for (let i = 0; i < PER_BATCH; i++) capture()
    })
    const times: number[] = []
    for (let i = 0; i < BATCHES; i++) {
      const started = performance.now()
      batch.immediate()
      times.push(performance.now() - started)
    }
    db.close()
    const total = times.reduce((a, b) => a + b, 0)
    return {
      perCaptureUs: (total * 1000) / (BATCHES * PER_BATCH),
      p99: percentile(times, 99),
      max: Math.max(...times),
    }
  }
  return { automatic: measureWith(true), off: measureWith(false), captures: BATCHES * PER_BATCH }
}

/** Captures stored in a data folder's database after a run. */
function storedIn(dir: string) {
  const db = new Database(join(dir, 'switchyard.db'), { readonly: true })
  const n = (
    db.prepare("SELECT COUNT(*) AS n FROM events WHERE type = 'webhook.received'").get() as { n: number }
  ).n
  db.close()
  return n
}

const TARGET_FULL = 0.3
const TARGET_NORMAL = 0.5
const data = mkdtempSync(join(tmpdir(), 'switchyard-ingest-bench-'))
const dataNormal = mkdtempSync(join(tmpdir(), 'switchyard-ingest-bench-normal-'))
try {
  const floor = commitFloor(data)
  const checkpoints = checkpointCost(data)
  const runs = await measureInRounds({
    ceiling: ['--input-type=module', '-e', CEILING],
    full: ['bin/switchyard.js', 'serve', '--port', '0', '--data', data],
    normal: ['bin/switchyard.js', 'serve', '--port', '0', '--data', dataNormal, '--durability', 'normal'],
  })
  const ceiling = summarize(runs.ceiling)
  const ingest = summarize(runs.full)
  const normal = summarize(runs.normal)
  const ratios = (of: Run[]) => of.map((run, round) => run.rps / runs.ceiling[round]!.rps)
  const ratiosFull = ratios(runs.full)
  const ratiosNormal = ratios(runs.normal)
  const acknowledged = ingest.acknowledged
  const stored = storedIn(data)
  const acknowledgedNormal = normal.acknowledged
  const storedNormal = storedIn(dataNormal)

  const ratio = percentile(ratiosFull, 50)
  const ratioNormal = percentile(ratiosNormal, 50)
  const listed = (of: number[]) => of.map((r) => percent(r)).join(', ')
  const row = (name: string, r: typeof ingest) =>
    `| ${name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${Math.round(r.cpuUs)} µs | ${r.bad} |`
  const verdict = (r: number, target: number) =>
    `${percent(r)} of the ceiling (target ≥ ${target * 100}%): ${r >= target ? 'met' : 'NOT met'}`
  const summary = verdict(ratio, TARGET_FULL)
  const summaryNormal = verdict(ratioNormal, TARGET_NORMAL)
  writeSection(
    'Webhook ingest',
    `
\`npm run bench:ingest\`: autocannon, ${CONNECTIONS} connections, a ${Buffer.byteLength(body)}-byte JSON body to
\`POST /webhooks/github\`. Ceiling: a trivial Hono endpoint on @hono/node-server that reads the body and
answers JSON. Each server runs in its own process. The three are measured in ${ROUNDS} alternating rounds
(ceiling, FULL, NORMAL, then the other way round), ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up (2 s in the first round),
so that each ratio compares runs seconds apart on this shared machine; the table shows each server's
median run, and the ratios are the median round's, every round's listed below it.
\`switchyard serve\` stores the exact bytes, headers and query of every request with
\`synchronous = FULL\` (WAL) and answers only after the row is committed; group commit batches
the requests that arrive together into one transaction (one fsync).

| server | req/s | p50 | p99 | server CPU per request | non-2xx + errors |
|---|---|---|---|---|---|
${row('trivial Hono endpoint (ceiling)', ceiling)}
${row('switchyard webhook ingest (`synchronous = FULL`, the default)', ingest)}
${row('switchyard webhook ingest, `serve --durability normal`', normal)}

**Ingest: ${summary}.** Round by round: ${listed(ratiosFull)}.
**Ingest with \`--durability normal\`: ${summaryNormal}.** Round by round: ${listed(ratiosNormal)}.
Afterwards the databases held ${stored.toLocaleString('en-US')} captures for ${acknowledged.toLocaleString('en-US')} acknowledged requests
(FULL) and ${storedNormal.toLocaleString('en-US')} for ${acknowledgedNormal.toLocaleString('en-US')} (NORMAL), warm-ups included${stored >= acknowledged && storedNormal >= acknowledgedNormal ? '' : ' — FEWER THAN ACKNOWLEDGED'}.

Where the time goes: the server spends ${Math.round(ingest.cpuUs)} µs of CPU per captured webhook against
${Math.round(ceiling.cpuUs)} µs for the ceiling. Of those, ${Math.round(ingest.mainUs)} µs are on the event loop (HTTP, the
memoised workspace/provider lookups, ids, JSON, handing the batch over) and ${Math.round(ingest.cpuUs - ingest.mainUs)} µs on other threads,
mostly the commit worker (two rows and eight index entries per capture, written and committed). Neither
side is saturated: during the ingest runs the event loop kept ${ingest.cores.eventLoop.toFixed(2)} of a core busy, the other
threads ${ingest.cores.otherThreads.toFixed(2)} and autocannon ${ingest.cores.loadgen.toFixed(2)}, out of 2 (the ceiling: ${ceiling.cores.server.toFixed(2)} + ${ceiling.cores.loadgen.toFixed(2)}).
Ingest is bound by the commit cycle: with 50 connections in flight, captures form about two alternating
batches, and each waits for the commit (with its fsync) of the batch before it, then for the event loop to
answer it, before those connections can send again. One 1-row commit takes ${floor.full.toFixed(2)} ms (median) with
\`synchronous = FULL\` (${floor.normal.toFixed(3)} ms with \`NORMAL\`), and group commit shares it among the
requests in flight.

With \`--durability normal\` nothing waits for the disk, and the commits stay on the event loop (handing
them to a thread costs more than they do). The event loop spent ${Math.round(normal.mainUs)} µs per capture, other threads
${Math.round(normal.cpuUs - normal.mainUs)} µs; the event loop kept ${normal.cores.eventLoop.toFixed(2)} of a core busy, the other threads ${normal.cores.otherThreads.toFixed(2)} and
autocannon ${normal.cores.loadgen.toFixed(2)}. SQLite's checkpoints (copying the WAL into the database file) run on a
thread instead of inside the commits (\`src/core/webhooks/checkpoint-rounds.ts\`). What that takes off the
event loop, measured here in-process on the gateway's schema (${checkpoints.captures.toLocaleString('en-US')} captures in batches of 32, each way):
with SQLite checkpointing inside the commits, ${checkpoints.automatic.perCaptureUs.toFixed(1)} µs per capture and a batch p99 of
${checkpoints.automatic.p99.toFixed(1)} ms (max ${checkpoints.automatic.max.toFixed(1)} ms); with that off, ${checkpoints.off.perCaptureUs.toFixed(1)} µs and ${checkpoints.off.p99.toFixed(1)} ms (max ${checkpoints.off.max.toFixed(1)} ms).
`,
  )
  console.log(`ceiling ${Math.round(ceiling.rps)} req/s, ingest ${Math.round(ingest.rps)} req/s → ${summary}`)
  console.log(`ingest --durability normal ${Math.round(normal.rps)} req/s → ${summaryNormal}`)
  if (stored < acknowledged || storedNormal < acknowledgedNormal) process.exitCode = 1
} finally {
  rmSync(data, { recursive: true, force: true })
  rmSync(dataNormal, { recursive: true, force: true })
}
