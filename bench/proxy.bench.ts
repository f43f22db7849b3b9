// The proxy's cost: a direct call to a local HTTP server standing in for the provider API, the same
// call through `/proxy` in live mode, and a replayed call (recordings, no network), in one run;
// throughput of both against their ceilings measured in the same run (node-http-proxy adding a
// header in front of the same provider; a bare node:http server answering the replay's bytes); and
// the gateway's memory while a 50 MiB download streams through it.
// The gateway (`switchyard serve`), the provider and each ceiling run in their own process.
import { rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import {
  autocannon,
  memory,
  prepareDataFolder,
  realConnection,
  STAND_IN_PROVIDER,
  start,
  stop,
} from './harness.js'
import { percent, percentile, writeSection } from './results.mjs'

const CALLS = Number(process.env.BENCH_CALLS ?? 2000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const DOWNLOAD = 50 * 1024 * 1024
const TARGET_LIVE = 0.4
const TARGET_REPLAY = 0.2

/** The live ceiling: node-http-proxy in front of the provider, adding the credential header. */
const HTTP_PROXY = `
import { Agent, createServer } from 'node:http'
import { createRequire } from 'node:module'
const httpProxy = createRequire(process.cwd() + '/')('http-proxy')
// With a keep-alive agent, as it is deployed: without one it opens a connection per request.
const agent = new Agent({ keepAlive: true })
const proxy = httpProxy.createProxyServer({ target: process.env.BENCH_TARGET, agent })
proxy.on('proxyReq', (proxyReq) => proxyReq.setHeader('authorization', 'Bearer at_bench'))
createServer((req, res) => proxy.web(req, res)).listen(0, '127.0.0.1', function () {
  process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`

/** The replay ceiling: a bare node:http server answering the very bytes the gateway replays. */
const BARE_ANSWER = `
import { createServer } from 'node:http'
const answer = JSON.parse(process.env.BENCH_ANSWER)
const body = Buffer.from(answer.body, 'base64')
const headers = { ...answer.headers, 'content-length': body.length }
createServer((req, res) => {
  req.resume()
  res.writeHead(answer.status, headers)
  res.end(body)
}).listen(0, '127.0.0.1', function () {
  process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`

/** autocannon GETs from CONNECTIONS keep-alive connections for SECONDS: req/s and failures. */
async function throughput(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

/** Starts a ceiling server, loads it, stops it. */
async function ceiling(script: string, env: Record<string, string>, path: string) {
  const server = await start(['--input-type=module', '-e', script], env)
  try {
    await throughput(`${server.url}${path}`)
    return await throughput(`${server.url}${path}`)
  } finally {
    await stop(server.child)
  }
}

/** One GET on a keep-alive agent; resolves with the status once the body has been read (and dropped). */
function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Sequential calls (one at a time, so the latency is the path's, not a queue's): p50 and p99 in ms. */
async function latency(url: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  for (let i = 0; i < 200; i++) await get(agent, url, headers)
  const times: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint()
    const status = await get(agent, url, headers)
    times.push(Number(process.hrtime.bigint() - t0) / 1e6)
    if (status !== 200) throw new Error(`${url}: status ${status}`)
  }
  agent.destroy()
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}

/** Downloads `url`, pausing for a second after the first MiB; the gateway's memory then and at the end. */
function slowDownload(url: string, headers: Record<string, string>, probe: () => ReturnType<typeof memory>) {
  return new Promise<{ paused: ReturnType<typeof memory>; end: ReturnType<typeof memory> }>(
    (resolve, reject) => {
      let received = 0
      let paused: ReturnType<typeof memory> | undefined
      const req = request(url, { headers }, (res) => {
        res.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (!paused && received >= 1024 * 1024) {
            res.pause()
            setTimeout(() => {
              paused = probe()
              res.resume()
            }, 1000)
          }
        })
        res.on('end', () => {
          if (received !== DOWNLOAD) reject(new Error(`downloaded ${received} bytes`))
          else resolve({ paused: paused!, end: probe() })
        })
      })
      req.on('error', reject)
      req.end()
    },
  )
}

const { dir: data, db, core, key, workspaceId: ws } = prepareDataFolder('proxy')
const provider = await start(['--input-type=module', '-e', STAND_IN_PROVIDER])
let gateway: Awaited<ReturnType<typeof start>> | undefined
try {
  const { config, connection } = realConnection(core, ws, 'bench-api', `${provider.url}/v1`)
  db.close()

  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  const auth = { authorization: `Bearer ${key}` }
  const proxied = `${gateway.url}/proxy/${connection.id}/user`
  const setMode = async (mode: string) => {
    const res = await fetch(`${gateway!.url}/api/provider-configs/${config.id}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ proxy_mode: mode }),
    })
    if (res.status !== 200) throw new Error(`proxy_mode ${mode}: ${res.status} ${await res.text()}`)
  }

  const direct = await latency(`${provider.url}/v1/user`, {})
  const apiGet = await latency(`${gateway.url}/api/connections/${connection.id}`, auth)
  const live = await latency(proxied, auth)
  await throughput(proxied, auth)
  const liveBurst = await throughput(proxied, auth)
  const liveCeiling = await ceiling(HTTP_PROXY, { BENCH_TARGET: `${provider.url}/v1` }, '/user')
  await setMode('record')
  await (await fetch(proxied, { headers: auth })).text()
  await setMode('replay')
  const replay = await latency(proxied, auth)
  const replayed = await fetch(proxied, { headers: auth })
  const answer = {
    status: replayed.status,
    headers: Object.fromEntries(
      [...replayed.headers].filter(
        ([name]) =>
          !['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding'].includes(name),
      ),
    ),
    body: Buffer.from(await replayed.arrayBuffer()).toString('base64'),
  }
  const burst = await throughput(proxied, auth)
  const replayCeiling = await ceiling(BARE_ANSWER, { BENCH_ANSWER: JSON.stringify(answer) }, '/user')
  const replayRps = burst.rps
  await setMode('live')

  // The download is read 1 MiB, then left unread for a second: a streaming gateway holds little
  // meanwhile (the provider waits on TCP backpressure); a buffering one would take in all 50 MiB.
  const before = memory(gateway.child.pid!)
  const t0 = process.hrtime.bigint()
  const { paused, end } = await slowDownload(
    `${gateway.url}/proxy/${connection.id}/big?n=${DOWNLOAD}`,
    auth,
    () => memory(gateway!.child.pid!),
  )
  const downloadMs = Number(process.hrtime.bigint() - t0) / 1e6
  const growth = paused.rss - before.rss
  const after = end

  const ms = (n: number) => `${n.toFixed(2)} ms`
  const liveTarget = 1.5 * direct.p50 + 0.5
  const lines = [
    `| direct call to the provider stand-in | ${ms(direct.p50)} | ${ms(direct.p99)} | (baseline) |`,
    `| the same through \`/proxy\`, live | ${ms(live.p50)} | ${ms(live.p99)} | p50 ≤ 1.5 × direct + 0.5 ms = ${ms(liveTarget)} |`,
    `| the same, replayed from a recording | ${ms(replay.p50)} | ${ms(replay.p99)} | |`,
    `| reference: \`GET /api/connections/{id}\` on the gateway | ${ms(apiGet.p50)} | ${ms(apiGet.p99)} | |`,
  ]
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  const rps = (n: number) => Math.round(n).toLocaleString('en-US')
  const liveRatio = liveBurst.rps / liveCeiling.rps
  const replayRatio = burst.rps / replayCeiling.rps
  const ratioLine = (name: string, r: number, target: number) =>
    `**${name}: ${percent(r)} of the ceiling (target ≥ ${target * 100}%): ${verdict(r >= target)}.**`
  const burstRows = [
    `| node-http-proxy adding the credential header (ceiling) | ${rps(liveCeiling.rps)} | ${liveCeiling.p50} ms | ${liveCeiling.bad} |`,
    `| \`/proxy\`, live | ${rps(liveBurst.rps)} | ${liveBurst.p50} ms | ${liveBurst.bad} |`,
    `| bare node:http answering the replay's bytes (ceiling) | ${rps(replayCeiling.rps)} | ${replayCeiling.p50} ms | ${replayCeiling.bad} |`,
    `| \`/proxy\`, replayed from a recording | ${rps(burst.rps)} | ${burst.p50} ms | ${burst.bad} |`,
  ]
  writeSection(
    'Proxy',
    `\`npm run bench:proxy\`: \`GET /proxy/{connection}/user\` (a ${Buffer.byteLength(answer.body, 'base64')}-byte JSON answer) against the same
GET sent straight to a local HTTP server standing in for the provider API (its own process), ${CALLS}
sequential keep-alive calls each after 200 warm-up calls; every proxied call is authenticated, rate
counted and logged as a \`proxy.request\` event. Replay throughput: autocannon, 10 connections, ${SECONDS} s.
The machine is shared while this runs, so treat the figures as indicative.

| call | p50 | p99 | target |
|---|---|---|---|
${lines.join('\n')}

**Live p50 ${ms(live.p50)} vs target ${ms(liveTarget)}: ${verdict(live.p50 <= liveTarget)}.**

Throughput: autocannon, ${CONNECTIONS} keep-alive connections, ${SECONDS} s after as long a warm-up, each
server in its own process; every ceiling is measured in the same run.

| server | req/s | p50 | non-2xx + errors |
|---|---|---|---|
${burstRows.join('\n')}

${ratioLine('Live', liveRatio, TARGET_LIVE)}
${ratioLine('Replay', replayRatio, TARGET_REPLAY)} (${rps(replayRps)} calls/s; the earlier absolute target ≥ 3,000: ${verdict(replayRps >= 3000)}.)
**50 MiB download through the proxy, the client pausing 1 s after the first MiB: gateway RSS growth
${growth.toFixed(1)} MiB while paused (target < 20 MiB): ${verdict(growth < 20)}** (RSS ${before.rss.toFixed(0)} MiB before,
${(before.rss + growth).toFixed(0)} MiB paused, ${after.rss.toFixed(0)} MiB at the end, before V8 has collected the
chunks it streamed; ${downloadMs.toFixed(0)} ms in all, the pause included).`,
  )
  console.log(lines.join('\n'))
  console.log(burstRows.join('\n'))
  console.log(
    `live ${percent(liveRatio)} (≥ ${TARGET_LIVE * 100}%), replay ${percent(replayRatio)} (≥ ${TARGET_REPLAY * 100}%)`,
  )
  console.log(
    `replay ${Math.round(replayRps)} calls/s; 50 MiB download ${downloadMs.toFixed(0)} ms, RSS growth ${growth.toFixed(1)} MiB`,
  )
} finally {
  if (gateway) await stop(gateway.child)
  await stop(provider.child)
  rmSync(data, { recursive: true, force: true })
}
