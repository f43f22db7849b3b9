// API request throughput: an authenticated `POST /api/api-keys/search` on `switchyard serve` (key
// check, rate limit, body validation, a search, the envelope) against the ceiling: a trivial Hono
// endpoint on @hono/node-server that parses the same JSON body and answers JSON, in the same run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuSeconds, load, ROOT, start, stop } from './harness.js'
import { writeSection } from './results.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const CONNECTIONS = 10
const PATH = '/api/api-keys/search'
const body = JSON.stringify({ limit: 10, sort: [{ field: 'created_at', direction: 'desc' }] })

const CEILING = `
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const app = new Hono()
app.post('${PATH}', async (c) => {
  const request = await c.req.json()
  return c.json({ data: [], has_more: false, limit: request.limit, next_cursor: null })
})
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write('listening on http://127.0.0.1:' + info.port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`

async function measure(args: string[], headers: Record<string, string>) {
  const { child, url } = await start(args)
  const request = { path: PATH, connections: CONNECTIONS, headers, body }
  try {
    await load(url, WARMUP_SECONDS, request)
    const before = cpuSeconds(child.pid!).all
    const run = await load(url, SECONDS, request)
    const cpuUs = ((cpuSeconds(child.pid!).all - before) / (run.ok + run.bad)) * 1e6
    return { ...run, cpuUs }
  } finally {
    await stop(child)
  }
}

const data = mkdtempSync(join(tmpdir(), 'switchyard-api-bench-'))
try {
  const serve = ['bin/switchyard.js', 'serve', '--port', '0', '--data', data]
  // The first start prints the default workspace's secret key; its free tier (60 requests a minute)
  // is lifted so that the run measures the API, not the rate limiter's refusals.
  const first = await start(serve)
  await stop(first.child)
  const key = /secret\s+(sk_\S+)/.exec(first.out)?.[1]
  if (!key) throw new Error(`no secret key in the first start's output:\n${first.out}`)
  const tier = spawnSync(
    process.execPath,
    [
      'bin/switchyard.js',
      'workspaces',
      'set-tier',
      '--name',
      'default',
      '--tier',
      'enterprise',
      '--rpm',
      '1000000',
      '--data',
      data,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  )
  if (tier.status !== 0) throw new Error(`set-tier failed: ${tier.stderr}`)

  const json = { 'content-type': 'application/json' }
  const ceiling = await measure(['--input-type=module', '-e', CEILING], json)
  const api = await measure(serve, { ...json, authorization: `Bearer ${key}` })
  const ratio = api.rps / ceiling.rps
  const row = (name: string, r: typeof api) =>
    `| ${name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${Math.round(r.cpuUs)} µs | ${r.bad} |`
  writeSection(
    'API requests',
    `
\`npm run bench:api\`: autocannon, ${CONNECTIONS} keep-alive connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up,
\`POST ${PATH}\` with the JSON body \`${body}\` and a secret key (the workspace's rate limit lifted).
Each request is authenticated (key hash, revocation), counted by the rate limiter, validated and
answered with a page of the workspace's keys. Ceiling: a trivial Hono endpoint on @hono/node-server that
parses the same body and answers a JSON envelope. Each server runs in its own process.

| server | req/s | p50 | p99 | server CPU per request | non-2xx + errors |
|---|---|---|---|---|---|
${row('trivial Hono endpoint (ceiling)', ceiling)}
${row('switchyard API search', api)}

**API: ${(ratio * 100).toFixed(0)}% of the ceiling**, ${Math.round(api.cpuUs)} µs of server CPU per request against ${Math.round(ceiling.cpuUs)} µs.
`,
  )
  console.log(
    `ceiling ${Math.round(ceiling.rps)} req/s, API ${Math.round(api.rps)} req/s → ${(ratio * 100).toFixed(0)}% of the ceiling`,
  )
  if (api.bad + ceiling.bad > 0) process.exitCode = 1
} finally {
  rmSync(data, { recursive: true, force: true })
}
