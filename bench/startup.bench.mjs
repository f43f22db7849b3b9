// Startup benchmark: process spawn → first 200 from /health, and idle RSS, for `switchyard serve`
// against a bare Hono server measured in the same run, alternating runs so drift hits both alike.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { percentile, writeSection } from './results.mjs'

const ROOT = new URL('..', import.meta.url).pathname
// Start times on a shared 2-core VM swing by ±20% from one run to the next: 31 pairs keep the median steady.
const RUNS = Number(process.env.BENCH_RUNS ?? 31)
const IDLE_MS = 1500

function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
}

const health = (url) => fetch(`${url}/health`)

/** Spawn to the first 200 of `probe`, the resident memory `idle` ms later, and what the child printed. */
async function measure(args, probe = health, idle = IDLE_MS) {
  const started = process.hrtime.bigint()
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) resolve(m[1])
    })
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
  })
  for (;;) {
    const res = await probe(url).catch(() => undefined)
    if (res?.status === 200) break
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  await sleep(idle)
  const rss = rssKiB(child.pid)
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  return { ms, rss, out }
}

const data = mkdtempSync(join(tmpdir(), 'switchyard-bench-'))
const cli = ['bin/switchyard.js', 'serve', '--port', '0', '--data', data]
const bare = ['bench/fixtures/bare-hono.mjs']

// The first start of an empty folder also migrates and creates keys: measured once, reported apart.
const firstRun = await measure(cli)
// Its banner printed the secret key: the API probe is an authenticated search, which needs the
// whole API assembled (a start answers /health before that).
const secretKey = /secret\s+(sk_\S+)/.exec(firstRun.out)?.[1]
if (!secretKey) throw new Error(`no secret key in the first start's output:\n${firstRun.out}`)
const apiSearch = (url) =>
  fetch(`${url}/api/api-keys/search`, { method: 'POST', headers: { authorization: `Bearer ${secretKey}` } })
const results = { switchyard: [], bare: [], api: [] }
for (let i = 0; i < RUNS; i++) {
  results.bare.push(await measure(bare))
  results.switchyard.push(await measure(cli))
  results.api.push(await measure(cli, apiSearch, 0))
}
rmSync(data, { recursive: true, force: true })

const stat = (runs, key) =>
  percentile(
    runs.map((r) => r[key]),
    50,
  )
const row = (name, runs, rss = true) =>
  `| ${name} | ${stat(runs, 'ms').toFixed(0)} ms | ${percentile(
    runs.map((r) => r.ms),
    90,
  ).toFixed(0)} ms | ${rss ? `${(stat(runs, 'rss') / 1024).toFixed(1)} MiB` : '(not measured)'} |`
const timeRatio = stat(results.switchyard, 'ms') / stat(results.bare, 'ms')
// Each pair ran back to back, so its ratio is what drift between pairs leaves alone.
const pairRatios = results.switchyard.map((r, i) => r.ms / results.bare[i].ms)
const rssRatio = stat(results.switchyard, 'rss') / stat(results.bare, 'rss')
const apiRatio = stat(results.api, 'ms') / stat(results.bare, 'ms')

const body = `
Spawn to first \`200\` from \`GET /health\`, and resident memory after ${IDLE_MS / 1000} s idle; median of ${RUNS} alternating runs
(\`npm run bench:startup\`). Baseline: a bare Hono app on @hono/node-server (\`bench/fixtures/bare-hono.mjs\`).
\`switchyard serve\` runs on an existing data folder (the usual start); the very first start of an empty
folder, which also migrates the database and creates the first keys, took ${firstRun.ms.toFixed(0)} ms.
A start answers \`/health\` before the API's route groups are assembled (they follow in the background,
or at once for a request that needs them), so the table also times a third start: spawn to the first
\`200\` of an authenticated \`POST /api/api-keys/search\`, which waits for the whole API.

| server | start, median | start, p90 | idle RSS, median |
|---|---|---|---|
${row('bare Hono (baseline)', results.bare)}
${row('switchyard serve', results.switchyard)}
${row('switchyard serve, first API answer', results.api, false)}

**Ratio to the baseline: start ${timeRatio.toFixed(2)}×, idle RSS ${rssRatio.toFixed(2)}×** (target: ≤ 1.3× start).
Pair by pair (each switchyard start against the bare start just before it): median ${percentile(pairRatios, 50).toFixed(2)}×,
middle half ${percentile(pairRatios, 25).toFixed(2)}–${percentile(pairRatios, 75).toFixed(2)}×.
To the first API answer: ${apiRatio.toFixed(2)}× the bare start.
`
writeSection('Startup', body)
console.log(body)
