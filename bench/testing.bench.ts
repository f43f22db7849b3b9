// switchyard/testing: how long a test suite waits from `startSwitchyard()` to the first answer of
// the API (an authenticated GET /api/workspace), on the shipped bundle (dist/testing). "Cold" is
// the first start in a fresh process (what a test file that starts one per file pays), measured
// in child processes; "warm" is every later start in the same process (one per test).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { percentile, writeSection } from './results.mjs'

const ROOT = join(import.meta.dirname, '..')
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15)
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 40)

/** Run in a child: imports the bundle, then times `runs` starts (the first one is the cold one). */
const PROBE = `
const t0 = performance.now()
const { startSwitchyard } = await import(${JSON.stringify(join(ROOT, 'dist/testing/index.mjs'))})
const importMs = performance.now() - t0
const starts = []
for (let i = 0; i < Number(process.argv[1]); i++) {
  const t = performance.now()
  const sy = await startSwitchyard()
  const res = await fetch(sy.url + '/api/workspace', { headers: { authorization: 'Bearer ' + sy.secretKey } })
  if (res.status !== 200) throw new Error('status ' + res.status)
  await res.arrayBuffer()
  starts.push(performance.now() - t)
  await sy.stop()
}
process.stdout.write(JSON.stringify({ importMs, starts }))
`
const probe = (runs: number) =>
  JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, String(runs)], { encoding: 'utf8' }),
  ) as { importMs: number; starts: number[] }

const imports: number[] = []
const cold: number[] = []
for (let i = 0; i < COLD_RUNS; i++) {
  const r = probe(1)
  imports.push(r.importMs)
  cold.push(r.starts[0]!)
}
const warm = probe(WARM_RUNS + 1).starts.slice(1)

const ms = (v: number) => `${v.toFixed(1)} ms`
const row = (what: string, values: number[]) =>
  `| ${what} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} |`
const body = `
\`npm run bench:testing\`: \`startSwitchyard()\` (fresh temporary data folder, migrations, bootstrap,
listen on port 0) until an authenticated \`GET /api/workspace\` has answered, on the shipped bundle
\`dist/testing\`. Target: under 150 ms.

| What | Runs | p50 | p95 |
|---|---|---|---|
${row('Import of `switchyard/testing` (once per process)', imports)}
${row('First start to first answer in a fresh process (cold)', cold)}
${row('Later starts in the same process (warm)', warm)}
`
writeSection('switchyard/testing start (bench/testing.bench.ts)', body)
console.log(body)
