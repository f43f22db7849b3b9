// Memory under sustained mixed load: the gateway (`switchyard serve`, its own process) takes webhook
// ingest, event search, proxied calls to a local stand-in provider and a live event stream at once
// for SOAK_SECONDS (default 180), its RSS read from /proc every 5 s; then the load stops and RSS is
// read again after 30 s idle. Bounded means: no steady climb in the second half of the load, and no
// growth once it stops. Results go to the "Memory under mixed load" section of bench/RESULTS.md.
import { memory, prepareDataFolder, realConnection, STAND_IN_PROVIDER, start, stop } from './harness.js'
import { writeSection } from './results.mjs'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180)
const SAMPLE_MS = 5_000
const IDLE_MS = 30_000

const rssMiB = (pid: number) => memory(pid).rss

const { dir: data, db, core, key, workspaceId: ws } = prepareDataFolder('soak')
const provider = await start(['--input-type=module', '-e', STAND_IN_PROVIDER])
let gateway: Awaited<ReturnType<typeof start>> | undefined
try {
  const { connection } = realConnection(core, ws, 'soak-api', `${provider.url}/v1`)
  db.close()

  gateway = await start(['bin/switchyard.js', 'serve', '--port', '0', '--data', data])
  const { url } = gateway
  const pid = gateway.child.pid!
  const auth = { authorization: `Bearer ${key}` }
  const json = { ...auth, 'content-type': 'application/json' }
  let running = true
  const counts = { ingest: 0, search: 0, proxy: 0, streamed: 0, failed: 0 }
  const loop = async (kind: 'ingest' | 'search' | 'proxy', call: (i: number) => Promise<Response>) => {
    for (let i = 0; running; i++) {
      const res = await call(i).catch(() => undefined)
      await res?.arrayBuffer()
      if (res?.ok) counts[kind]++
      else counts.failed++
    }
  }
  const stream = new AbortController()
  const reader = fetch(`${url}/api/events/stream`, { headers: auth, signal: stream.signal })
    .then(async (res) => {
      const body = res.body!.getReader()
      for (let part = await body.read(); !part.done; part = await body.read())
        counts.streamed += part.value.length
    })
    .catch(() => undefined)
  const loops = [
    ...Array.from({ length: 4 }, () =>
      loop('ingest', (i) =>
        fetch(`${url}/webhooks/github`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-github-event': 'push' },
          body: JSON.stringify({ i, ref: 'refs/heads/main', pad: 'x'.repeat(i % 4096) }),
        }),
      ),
    ),
    ...Array.from({ length: 2 }, () =>
      loop('search', (i) =>
        fetch(`${url}/api/events/search`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            filter: { provider: { eq: i % 2 ? 'github' : 'soak-api' } },
            sort: [{ field: 'created_at', direction: 'desc' }],
            limit: 20,
          }),
        }),
      ),
    ),
    ...Array.from({ length: 2 }, () =>
      loop('proxy', () => fetch(`${url}/proxy/${connection.id}/user`, { headers: auth })),
    ),
  ]

  const samples: Array<{ s: number; rss: number }> = []
  const t0 = Date.now()
  while (Date.now() - t0 < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS))
    samples.push({ s: Math.round((Date.now() - t0) / 1000), rss: rssMiB(pid) })
  }
  running = false
  await Promise.all(loops)
  stream.abort()
  await reader
  const atStop = rssMiB(pid)
  await new Promise((r) => setTimeout(r, IDLE_MS))
  const idle = rssMiB(pid)

  const rss = samples.map((x) => x.rss)
  const half = samples.slice(Math.floor(samples.length / 2))
  const slope =
    half.length > 1 ? ((half.at(-1)!.rss - half[0]!.rss) / (half.at(-1)!.s - half[0]!.s)) * 60 : Number.NaN
  const peak = Math.max(...rss)
  const perSecond = (n: number) => Math.round(n / SECONDS)
  const body = `
Mixed load for ${SECONDS} s against \`switchyard serve\`: 4 webhook loops, 2 event-search loops, 2 proxy
loops (live, to a local stand-in provider; each call also writes a \`proxy.request\` event) and one
live event stream, each loop one request at a time. ${perSecond(counts.ingest)} webhooks/s,
${perSecond(counts.search)} searches/s, ${perSecond(counts.proxy)} proxied calls/s, ${counts.failed} failed
requests, ${(counts.streamed / 2 ** 20).toFixed(1)} MiB streamed. \`npm run bench:soak\` (\`SOAK_SECONDS=600\` for ten minutes).

**Gateway RSS: ${rss[0]!.toFixed(0)} MiB after ${samples[0]!.s} s, peak ${peak.toFixed(0)} MiB, ${atStop.toFixed(0)} MiB when the load
stopped, ${idle.toFixed(0)} MiB after ${IDLE_MS / 1000} s idle; second half of the load ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MiB/min.**

RSS every ${SAMPLE_MS / 1000} s (MiB): ${rss.map((x) => x.toFixed(0)).join(' ')}
`
  writeSection('Memory under mixed load (bench/soak.bench.ts)', body)
  console.log(body.trim())
} finally {
  if (gateway) await stop(gateway.child)
  await stop(provider.child)
}
