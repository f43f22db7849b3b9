// Upstream sync throughput between two local Switchyards: `sync pull` of N events (stored with
// their upstream ids, page by page with the watermark) against the baseline of the same cursor
// walk with the SDK that stores nothing, in the same run; and `sync push` of M captured webhooks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { inTransaction } from '../src/core/db/open.js'
import { Switchyard } from '../src/sdk/index.js'
import { startServer } from '../src/server/index.js'
import { writeSection } from './results.mjs'

const EVENTS = 5000
const WEBHOOKS = 1000
const quiet = { error() {}, warn() {}, info() {} }
const dirs: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-sync-'))
  dirs.push(dir)
  return dir
}

const up = await startServer({ dataDir: folder(), host: '127.0.0.1', port: 0, logger: quiet })
const local = await startServer({ dataDir: folder(), host: '127.0.0.1', port: 0, logger: quiet })
const key = up.firstRun!.keys.find((k) => k.role === 'secret')!.key
up.core.workspaces.setTier('default', 'enterprise', 1_000_000)
const upWs = up.core.workspaces.get('default').id
inTransaction(up.core.db, () => {
  for (let i = 0; i < EVENTS; i++)
    up.core.events.emit(upWs, { type: 'bench.ping', provider: 'github', data: { i } })
})

const time = async (work: () => Promise<unknown>) => {
  const start = performance.now()
  await work()
  return performance.now() - start
}
const sdk = new Switchyard({ apiKey: key, baseUrl: up.url })
const walkMs = await time(async () => {
  for await (const _ of sdk.iterate('searchEvents', {
    limit: 200,
    sort: [
      { field: 'created_at', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ],
  })) {
    // only the walk
  }
})
const localWs = local.core.workspaces.get('default').id
const pullMs = await time(() => local.core.sync.pull({ workspaceId: localWs, baseUrl: up.url, apiKey: key }))
const againMs = await time(() => local.core.sync.pull({ workspaceId: localWs, baseUrl: up.url, apiKey: key }))

const body = JSON.stringify({ zen: 'Design for failure.', hook_id: 1 })
for (let i = 0; i < WEBHOOKS; i++) {
  await fetch(`${local.url}/webhooks/github`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
}
const pushMs = await time(() => local.core.sync.push({ workspaceId: localWs, baseUrl: up.url }))

await local.close()
await up.close()
for (const dir of dirs) rmSync(dir, { recursive: true, force: true })

const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US')
writeSection(
  'Upstream sync (bench/sync.bench.ts)',
  [
    `Two local Switchyards in one process; ${EVENTS} events upstream, pages of 200.`,
    '',
    '| What | Time | Rate | vs. baseline |',
    '|---|---|---|---|',
    `| Baseline: SDK cursor walk of the events, storing nothing | ${walkMs.toFixed(0)} ms | ${perSec(EVENTS, walkMs)} events/s | 1.00× |`,
    `| \`sync pull\` (all five resources, events stored + watermark) | ${pullMs.toFixed(0)} ms | ${perSec(EVENTS, pullMs)} events/s | ${(pullMs / walkMs).toFixed(2)}× |`,
    `| \`sync pull\` again (nothing new) | ${againMs.toFixed(0)} ms | | ${(againMs / walkMs).toFixed(2)}× |`,
    `| \`sync push\` of ${WEBHOOKS} captured webhooks (one request each) | ${pushMs.toFixed(0)} ms | ${perSec(WEBHOOKS, pushMs)} webhooks/s | |`,
  ].join('\n'),
)
console.log({ walkMs, pullMs, againMs, pushMs })
