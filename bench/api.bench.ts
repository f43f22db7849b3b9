// API request throughput: an authenticated `POST /api/events/search` on `switchyard serve` (key
// check, rate limit, body validation, a filtered page of 1,000 events, the envelope) against the
// ceiling: a bare Hono route on @hono/node-server that parses the same body and answers the very
// same JSON from memory, in the same run. Each server runs in its own process.
import { rmSync } from 'node:fs'
import { cpuSeconds, load, prepareDataFolder, start, stop } from './harness.js'
import { percent, writeSection } from './results.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const CONNECTIONS = 10
const EVENTS = 1000
const TARGET = 0.25
const PATH = '/api/events/search'
const body = JSON.stringify({
  filter: { type: { eq: 'connection.created' }, provider: { eq: 'github' } },
  sort: [{ field: 'created_at', direction: 'desc' }],
  limit: 10,
})

/** The ceiling: parses the request like any JSON API and answers the switchyard's own page from memory. */
const CEILING = `
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const page = JSON.parse(process.env.BENCH_PAGE)
const app = new Hono()
app.post('${PATH}', async (c) => {
  const request = await c.req.json()
  if (typeof request.limit !== 'number') return c.json({ title: 'bad request' }, 400)
  return c.json(page)
})
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write('listening on http://127.0.0.1:' + info.port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`

async function measure(args: string[], headers: Record<string, string>, env?: Record<string, string>) {
  const { child, url } = await start(args, env)
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

const { dir, db, core, key, workspaceId } = prepareDataFolder('api')
const providers = ['github', 'stripe', 'slack', 'hubspot']
const types = ['connection.created', 'connection.refreshed', 'connection.revoked']
for (let i = 0; i < EVENTS; i++) {
  core.events.emit(workspaceId, {
    type: types[i % types.length]!,
    provider: providers[i % providers.length]!,
    tenant_id: `tenant_${i % 50}`,
    connection_id: `conn_${i}`,
    data: { reason: 'bench', attempt: i },
  })
}
db.close()

const json = { 'content-type': 'application/json' }
const auth = { ...json, authorization: `Bearer ${key}` }
const serve = ['bin/switchyard.js', 'serve', '--port', '0', '--data', dir]
// The page the gateway answers, so the ceiling answers exactly the same bytes.
const probe = await start(serve)
const answer = await fetch(`${probe.url}${PATH}`, { method: 'POST', headers: auth, body })
const page = await answer.text()
await stop(probe.child)
if (answer.status !== 200) throw new Error(`${PATH}: ${answer.status} ${page}`)

const ceiling = await measure(['--input-type=module', '-e', CEILING], json, { BENCH_PAGE: page })
const api = await measure(serve, auth)
// The same search through the whole app: an Origin header keeps it off the search lane (the app
// ignores Origin on /api), which is what every other API route pays.
const viaApp = await measure(serve, { ...auth, origin: 'http://127.0.0.1:5173' })
const ratio = api.rps / ceiling.rps
const row = (name: string, r: typeof api) =>
  `| ${name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${Math.round(r.cpuUs)} µs | ${r.bad} |`
const verdict = ratio >= TARGET ? 'met' : 'NOT met'
writeSection(
  'API requests',
  `
\`npm run bench:api\`: autocannon, ${CONNECTIONS} keep-alive connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up,
\`POST ${PATH}\` with the JSON body \`${body}\` and a secret key (the workspace's rate limit lifted),
on ${EVENTS.toLocaleString('en-US')} events; the answer is ${Buffer.byteLength(page).toLocaleString('en-US')} bytes.
Each request is authenticated (key hash, revocation), counted by the rate limiter, validated, searched
in SQLite and answered as a page. A plain search like this one takes the search fast lane
(\`src/server/search-fast-lane.ts\`: the same steps on Node's request and response); the last row sends
the same search through the whole Hono app, as every other API route goes. Ceiling: a bare Hono route
on @hono/node-server that parses the same body and answers the same page from memory. Each server runs
in its own process.

| server | req/s | p50 | p99 | server CPU per request | non-2xx + errors |
|---|---|---|---|---|---|
${row('bare Hono route, same JSON (ceiling)', ceiling)}
${row('switchyard events search', api)}
${row('the same search through the whole app', viaApp)}

**API: ${percent(ratio)} of the ceiling (target ≥ ${TARGET * 100}%): ${verdict}**, ${Math.round(api.cpuUs)} µs of server CPU per request against ${Math.round(ceiling.cpuUs)} µs.
Through the whole app: ${percent(viaApp.rps / ceiling.rps)} of the ceiling, ${Math.round(viaApp.cpuUs)} µs per request.
`,
)
console.log(
  `ceiling ${Math.round(ceiling.rps)} req/s, API ${Math.round(api.rps)} req/s → ${percent(ratio)} of the ceiling (target ≥ ${TARGET * 100}%); through the whole app ${Math.round(viaApp.rps)} req/s`,
)
if (api.bad + viaApp.bad + ceiling.bad > 0) process.exitCode = 1
rmSync(dir, { recursive: true, force: true })
