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

async function measure(args) {
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
    const res = await fetch(`${url}/health`).catch(() => undefined)
    if (res?.status === 200) break
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  await sleep(IDLE_MS)
  const rss = rssKiB(child.pid)
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  return { ms, rss }
}

const data = mkdtempSync(join(tmpdir(), 'switchyard-bench-'))
const cli = ['bin/switchyard.js', 'serve', '--port', '0', '--data', data]
const bare = ['bench/fixtures/bare-hono.mjs']

// The first start of an empty folder also migrates and creates keys: measured once, reported apart.
const firstRun = await measure(cli)
const results = { switchyard: [], bare: [] }
for (let i = 0; i < RUNS; i++) {
  results.bare.push(await measure(bare))
  results.switchyard.push(await measure(cli))
}
rmSync(data, { recursive: true, force: true })

const stat = (runs, key) =>
  percentile(
    runs.map((r) => r[key]),
    50,
  )
const row = (name, runs) =>
  `| ${name} | ${stat(runs, 'ms').toFixed(0)} ms | ${percentile(
    runs.map((r) => r.ms),
    90,
  ).toFixed(0)} ms | ${(stat(runs, 'rss') / 1024).toFixed(1)} MiB |`
const timeRatio = stat(results.switchyard, 'ms') / stat(results.bare, 'ms')
// Each pair ran back to back, so its ratio is what drift between pairs leaves alone.
const pairRatios = results.switchyard.map((r, i) => r.ms / results.bare[i].ms)
const rssRatio = stat(results.switchyard, 'rss') / stat(results.bare, 'rss')

const body = `
Spawn to first \`200\` from \`GET /health\`, and resident memory after ${IDLE_MS / 1000} s idle; median of ${RUNS} alternating runs
(\`npm run bench:startup\`). Baseline: a bare Hono app on @hono/node-server (\`bench/fixtures/bare-hono.mjs\`).
\`switchyard serve\` runs on an existing data folder (the usual start); the very first start of an empty
folder, which also migrates the database and creates the first keys, took ${firstRun.ms.toFixed(0)} ms.

| server | start, median | start, p90 | idle RSS, median |
|---|---|---|---|
${row('bare Hono (baseline)', results.bare)}
${row('switchyard serve', results.switchyard)}

**Ratio to the baseline: start ${timeRatio.toFixed(2)}×, idle RSS ${rssRatio.toFixed(2)}×** (target: ≤ 1.3× start).
Pair by pair (each switchyard start against the bare start just before it): median ${percentile(pairRatios, 50).toFixed(2)}×,
middle half ${percentile(pairRatios, 25).toFixed(2)}–${percentile(pairRatios, 75).toFixed(2)}×.
`
writeSection('Startup', body)
console.log(body)
