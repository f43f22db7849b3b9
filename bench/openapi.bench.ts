// An OpenAPI document's cost at GitHub's scale: GitHub's published document (@octokit/openapi,
// ~13 MB, 1,000+ operations) uploaded to a running gateway (parsed, validated against the OpenAPI
// 3.0 schema, its references checked, operations indexed, resources inferred, stored), the first
// simulated call after that, the first call after a restart (the document compiled from SQLite),
// and the gateway's memory before and after. Baseline: JSON.parse of the same text, in this process.
// The gateway (`switchyard serve`) runs in its own process.
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { prepareDataFolder, start, stop } from './harness.js'
import { percentile, writeSection } from './results.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PREPARED_AFTER_MS = 3_000
const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
const text = readFileSync(file, 'utf8')

const parses: number[] = []
for (let i = 0; i < RUNS; i++) {
  const started = performance.now()
  JSON.parse(text)
  parses.push(performance.now() - started)
}
const parseMs = percentile(parses, 50)

const { dir: data, db, core, key, workspaceId: ws } = prepareDataFolder('openapi')
core.providers.create(ws, {
  id: 'octo',
  name: 'GitHub from its OpenAPI document',
  auth: { type: 'api_key' },
} as Parameters<typeof core.providers.create>[1])
const connection = core.connections.create(ws, {
  provider: 'octo',
  provider_config_id: null,
  tenant_id: 'bench',
  mode: 'simulated',
  params: {},
  requested_scopes: [],
  tokens: { access_token: 'bench', token_type: 'bearer', expires_in: 86_400 },
  session_id: 'bench',
})
db.close()

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(/\d+/.exec(line ?? '')?.[0] ?? 0) / 1024
}
const auth = { authorization: `Bearer ${key}` }
const timed = async (url: string, init: RequestInit = {}) => {
  const started = performance.now()
  const res = await fetch(url, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } })
  await res.arrayBuffer()
  const ms = performance.now() - started
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status}`)
  return ms
}
const createIssue = (base: string, n: number) =>
  timed(`${base}/repos/acme/app/issues`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: `Issue ${n}`, labels: ['bug'] }),
  })

let gateway: Awaited<ReturnType<typeof start>> | undefined
try {
  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  const base = `${gateway.url}/proxy/${connection.id}`
  // Warm the API's route groups, so the upload is timed alone.
  await timed(`${gateway.url}/api/providers/octo`)
  // The gateway's first proxied call ever (no document yet: a 501), so the first call after the
  // upload measures the document's simulation, not the proxy's own code warming up.
  const coldStarted = performance.now()
  await (await fetch(`${base}/repos/acme/app/issues`, { headers: auth })).arrayBuffer()
  const coldProxy = performance.now() - coldStarted
  const rssBefore = rssOf(gateway.child.pid!)
  const put = (body: string) =>
    timed(`${gateway!.url}/api/providers/octo/openapi`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    })
  const loads = [await put(text)]
  const firstCall = await createIssue(base, 0)
  const firstGet = await timed(`${base}/repos/acme/app/issues/1`)
  const rssAfter = rssOf(gateway.child.pid!)
  for (let i = 1; i < RUNS; i++) loads.push(await put(text))
  const warm: number[] = []
  for (let i = 1; i <= 50; i++) warm.push(await createIssue(base, i))
  await stop(gateway.child)

  // At once after a restart: the call waits for the document's background preparation under way.
  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  await timed(`${gateway.url}/api/providers/octo`)
  const afterRestart = await timed(`${gateway.url}/proxy/${connection.id}/repos/acme/app/issues/1`)
  await stop(gateway.child)
  // Once the background preparation is done (well within PREPARED_AFTER_MS on this machine).
  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  await timed(`${gateway.url}/api/providers/octo`)
  await new Promise((resolve) => setTimeout(resolve, PREPARED_AFTER_MS))
  const afterRestartPrepared = await timed(`${gateway.url}/proxy/${connection.id}/repos/acme/app/issues/1`)
  const rssRestart = rssOf(gateway.child.pid!)

  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`
  const mib = (v: number) => `${v.toFixed(1)} MiB`
  const load = percentile(loads, 50)
  writeSection(
    'OpenAPI simulation (bench/openapi.bench.ts)',
    `
\`npm run bench:openapi\`: GitHub's published document (\`@octokit/openapi\` api.github.com.json,
${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB) attached to a custom provider of a running \`switchyard serve\` over HTTP
(\`PUT /api/providers/octo/openapi\`: parse, validate against the OpenAPI 3.0 schema, check every \`$ref\`,
index the operations, infer the resources, store), then simulated calls through \`/proxy\`.
Baseline: \`JSON.parse\` of the same text in the bench process (median of ${RUNS}: ${ms(parseMs)}).

| step | time | target |
|---|---|---|
| the gateway's first proxied call, before the upload (no document: a 501; the proxy's code warming up) | ${ms(coldProxy)} | |
| upload (PUT), first | ${ms(loads[0]!)} | < 3 s |
| upload (PUT), median of ${RUNS} | ${ms(load)} (**${(load / parseMs).toFixed(1)}× JSON.parse**) | |
| first call after the upload (\`POST …/issues\`: request validated, issue generated, fitted to the answer schema, stored) | ${ms(firstCall)} | < 50 ms |
| first \`GET …/issues/1\` | ${ms(firstGet)} | |
| later creates, median / p90 of 50 | ${ms(percentile(warm, 50))} / ${ms(percentile(warm, 90))} | |
| first call at once after a restart (waits for the document's background preparation: read from SQLite, parsed, compiled, rehearsed) | ${ms(afterRestart)} | |
| first call ${PREPARED_AFTER_MS / 1000} s after a restart (the document prepared in the background meanwhile) | ${ms(afterRestartPrepared)} | < 100 ms |

Gateway RSS: ${mib(rssBefore)} before the upload, ${mib(rssAfter)} after it and the first calls
(+${mib(rssAfter - rssBefore)}); ${mib(rssRestart)} after a restart and one call.
`,
  )
  console.log({
    parseMs,
    loads,
    coldProxy,
    firstCall,
    firstGet,
    afterRestart,
    afterRestartPrepared,
    rssBefore,
    rssAfter,
    rssRestart,
  })
} finally {
  if (gateway) await stop(gateway.child)
  rmSync(data, { recursive: true, force: true })
}
