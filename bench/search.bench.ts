// npm run bench:search — the search engine on 1,000,000 events and 10,000 providers, in one run:
// a filtered, sorted page of 50 (in-process and over HTTP), a cursor page 10,000 pages deep against
// page 1, the same depth with offset (the baseline that shows why cursors are preferred), and
// relevance search over 10,000 providers. Results go to the "Search" section of bench/RESULTS.md.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { bootstrap } from '../src/core/bootstrap.js'
import { createCore } from '../src/core/core.js'
import { openDataFolder } from '../src/core/data-folder.js'
import { eventsSearchable } from '../src/core/events/events.searchable.js'
import { loadCatalog } from '../src/core/providers/catalog.js'
import type { SearchRequest } from '../src/core/search/search.schema.js'
import { createApp } from '../src/server/app.js'
import { percentile, writeSection } from './results.mjs'
import { queryMix, syntheticCatalog } from './search-data.js'

const EVENTS = 1_000_000
const PROVIDERS = 10_000
const DEEP_PAGES = 10_000
const PAGE = 50

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')
const ms = (n: number) => (n < 1 ? `${(n * 1000).toFixed(0)} µs` : `${n.toFixed(2)} ms`)
const log = (line: string) => process.stderr.write(`${line}\n`)

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now()
  const result = fn()
  return [result, performance.now() - start]
}

/**
 * p50/p99 of `runs` calls, after `warmup` untimed ones: wall time, and CPU time of the process
 * (all threads, GC included; unlike wall time, not inflated by waiting for a busy shared machine).
 */
function measure(runs: number, warmup: number, fn: (i: number) => unknown) {
  for (let i = 0; i < warmup; i++) fn(i)
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage()
    wall.push(timed(() => fn(i))[1])
    const used = process.cpuUsage(before)
    cpu.push((used.user + used.system) / 1000)
  }
  return {
    p50: percentile(wall, 50),
    p99: percentile(wall, 99),
    cpuP50: percentile(cpu, 50),
    cpuP99: percentile(cpu, 99),
  }
}

const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-search-'))
const started = performance.now()
try {
  const folder = openDataFolder(dir)
  const { db } = folder
  const catalog = syntheticCatalog(loadCatalog(), PROVIDERS)
  const core = createCore({ db, encryptionKey: folder.encryptionKey, catalog })
  bootstrap(core)
  const ws = core.workspaces.get('default')
  core.workspaces.setTier('default', 'enterprise', 1_000_000_000)
  const secretKey = core.apiKeys.create(ws.id, { name: 'bench', role: 'secret' }).key

  // 1,000,000 events straight into the table, in big transactions, spread over 30 days.
  const columns = new Set((db.pragma('table_info(events)') as Array<{ name: string }>).map((c) => c.name))
  const types = [
    'webhook.received',
    'connection.created',
    'connection.revoked',
    'connection.needs_reauth',
    'installation.created',
    'auth_session.failed',
    'connection.reauthorized',
    'installation.revoked',
  ]
  const providerIds = catalog.providers.slice(0, 60).map((p) => p.id)
  const verdicts = ['valid', 'invalid', 'unverified'] as const
  const row = (i: number) => {
    const webhook = i % 3 !== 0
    return {
      id: `evt_${randomBytes(15).toString('base64url')}`,
      workspace_id: ws.id,
      type: webhook ? 'webhook.received' : types[1 + (i % (types.length - 1))]!,
      source: webhook ? 'webhook' : 'gateway',
      provider: providerIds[(i * 7919) % providerIds.length]!,
      tenant_id: `tenant_${(i * 104_729) % 5000}`,
      connection_id: webhook ? null : `conn_${i % 20_000}`,
      installation_id: null,
      provider_event_type: webhook ? `event.${i % 40}` : null,
      signature: webhook ? verdicts[i % 3]! : null,
      data: null,
      created_at: new Date(
        Date.parse('2026-01-01T00:00:00Z') + Math.floor((i * 30 * 86_400_000) / EVENTS),
      ).toISOString(),
    }
  }
  const known = Object.keys(row(0)).filter((c) => columns.has(c))
  const insert = db.prepare(
    `INSERT INTO events (${known.join(', ')}) VALUES (${known.map((c) => `@${c}`).join(', ')})`,
  )
  // Bulk load: indexes are dropped and rebuilt afterwards (same schema in the end, much faster).
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL`,
    )
    .all() as Array<{ name: string; sql: string }>
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -262144')
  const [, loadMs] = timed(() => {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`)
    for (let start = 0; start < EVENTS; start += 100_000) {
      db.transaction(() => {
        for (let i = start; i < start + 100_000; i++) {
          const r = row(i) as Record<string, unknown>
          insert.run(Object.fromEntries(known.map((c) => [c, r[c]])))
        }
      })()
      log(`inserted ${start + 100_000} events`)
    }
    for (const index of indexes) db.exec(index.sql)
    log(`rebuilt ${indexes.length} indexes`)
  })
  db.pragma('synchronous = FULL')

  const search = (request: SearchRequest) => core.search.search(eventsSearchable, ws.id, request)
  const filtered = (i: number): SearchRequest => ({
    filter: {
      provider: { eq: providerIds[i % providerIds.length]! },
      created_at: { gte: `2026-01-${String(2 + (i % 20)).padStart(2, '0')}T00:00:00Z` },
    },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: PAGE,
  })
  const inProcess = measure(2000, 200, (i) => search(filtered(i)))
  log(`filtered page in-process: p50 ${ms(inProcess.p50)}`)

  const app = await createApp({ core, logger: { error: () => {}, warn: () => {}, info: () => {} } })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const { port } = server.address() as { port: number }
  const http = async (body: SearchRequest) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/events/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
    return res.json()
  }
  const httpTimes: number[] = []
  for (let i = 0; i < 1200; i++) {
    const start = performance.now()
    await http(filtered(i))
    if (i >= 200) httpTimes.push(performance.now() - start)
  }
  const overHttp = { p50: percentile(httpTimes, 50), p99: percentile(httpTimes, 99) }
  log(`filtered page over HTTP: p50 ${ms(overHttp.p50)}`)
  await new Promise<void>((resolve) => server.close(() => resolve()))

  // Pages no index bounds (db/off-loop-reads.ts): how long each holds the event loop, run here (the
  // baseline: `search`, as before) and as the API runs it (`searchForRequest`, on the read thread).
  const unboundedPages: Array<[string, SearchRequest]> = [
    [
      'sorted by tenant_id (kept in a partial index)',
      { sort: [{ field: 'tenant_id', direction: 'asc' }], limit: PAGE },
    ],
    [
      'filtered on provider_event_type, no match (no index)',
      { filter: { provider_event_type: { eq: 'none' } }, limit: PAGE },
    ],
  ]
  const offLoop: Array<{ label: string; here: number; thread: number; block: number }> = []
  for (const [label, request] of unboundedPages) {
    const here: number[] = []
    const thread: number[] = []
    const block: number[] = []
    for (let rep = 0; rep < 3; rep++) {
      here.push(timed(() => search(request))[1])
      let last = performance.now()
      let longest = 0
      const beat = setInterval(() => {
        const now = performance.now()
        longest = Math.max(longest, now - last)
        last = now
      }, 1)
      const start = performance.now()
      await core.search.searchForRequest(eventsSearchable, ws.id, request)
      thread.push(performance.now() - start)
      clearInterval(beat)
      block.push(Math.max(longest, performance.now() - last))
    }
    offLoop.push({
      label,
      here: percentile(here, 50),
      thread: percentile(thread, 50),
      block: percentile(block, 50),
    })
    log(
      `${label}: here ${ms(percentile(here, 50))}, event loop held ${ms(percentile(block, 50))} with the thread`,
    )
  }

  // Walk 10,000 pages by cursor (the default order, newest first), then time that page against page 1.
  let cursor: string | undefined
  const [, walkMs] = timed(() => {
    for (let p = 0; p < DEEP_PAGES - 1; p++) {
      cursor = search({ limit: PAGE, ...(cursor && { cursor }) }).next_cursor
    }
  })
  const deepCursor = cursor!
  const first = search({ limit: PAGE })
  const deep = search({ limit: PAGE, cursor: deepCursor })
  const byOffset = search({ limit: PAGE, offset: (DEEP_PAGES - 1) * PAGE })
  if (JSON.stringify(deep.data) !== JSON.stringify(byOffset.data) || first.data[0]?.id === deep.data[0]?.id)
    throw new Error('cursor and offset disagree on page 10,000')
  const page1 = measure(500, 50, () => search({ limit: PAGE }))
  const cursorDeep = measure(500, 50, () => search({ limit: PAGE, cursor: deepCursor }))
  const offsetDeep = measure(30, 3, () => search({ limit: PAGE, offset: (DEEP_PAGES - 1) * PAGE }))
  log(`deep page: cursor p50 ${ms(cursorDeep.p50)}, offset p50 ${ms(offsetDeep.p50)}`)

  // Relevance search over 10,000 providers: names, prefixes, typos, several words. The first query
  // search builds the index from SQLite; that one-time cost is reported on its own.
  const [, indexBuildMs] = timed(() => core.providers.search(ws.id, { query: 'warm up' }))
  const queries = queryMix(catalog.providers, 2000)
  const providerSearch = measure(queries.length, 300, (i) =>
    core.providers.search(ws.id, { query: queries[i % queries.length]! }),
  )
  const typo = core.providers.search(ws.id, { query: 'stirpe', limit: 1 }).data[0]?.id
  log(`provider search: p50 ${ms(providerSearch.p50)}, p99 ${ms(providerSearch.p99)}`)

  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
  writeSection(
    'Search',
    `
\`npm run bench:search\`: ${EVENTS.toLocaleString('en')} events inserted straight into a temp database (${(loadMs / 1000).toFixed(0)} s, every index
of the schema rebuilt after the load), ${PROVIDERS.toLocaleString('en')} providers (the ${loadCatalog().providers.length} of the catalog plus generated ones), pages of ${PAGE}.
Baselines in the same run: page 1 for the deep pages, offset pagination for cursor pagination.
p50/p99 are wall times (what the targets refer to); the CPU columns are the process's CPU time per call,
all threads and garbage collection included, which waiting for a busy machine does not inflate (load
average at the end of the run: ${load()}).

| measurement | p50 | p99 | CPU p50 | CPU p99 | target |
|---|---|---|---|---|---|
| filtered, sorted page (provider eq, created_at gte, created_at desc), in-process | ${ms(inProcess.p50)} | ${ms(inProcess.p99)} | ${ms(inProcess.cpuP50)} | ${ms(inProcess.cpuP99)} | |
| the same over HTTP (\`POST /api/events/search\`, keep-alive) | ${ms(overHttp.p50)} | ${ms(overHttp.p99)} | | | |
| page 1 (default order) | ${ms(page1.p50)} | ${ms(page1.p99)} | ${ms(page1.cpuP50)} | ${ms(page1.cpuP99)} | |
| page ${DEEP_PAGES.toLocaleString('en')} by cursor | ${ms(cursorDeep.p50)} | ${ms(cursorDeep.p99)} | ${ms(cursorDeep.cpuP50)} | ${ms(cursorDeep.cpuP99)} | ≤ 1.2× page 1 |
| page ${DEEP_PAGES.toLocaleString('en')} by offset | ${ms(offsetDeep.p50)} | ${ms(offsetDeep.p99)} | ${ms(offsetDeep.cpuP50)} | ${ms(offsetDeep.cpuP99)} | (baseline) |
| provider search, ${queries.length} varied queries, in-process | ${ms(providerSearch.p50)} | ${ms(providerSearch.p99)} | ${ms(providerSearch.cpuP50)} | ${ms(providerSearch.cpuP99)} | p50 < 0.5 ms, p99 < 3 ms |

Pages no index bounds, median of 3: how long the event loop is held when the page runs on it (the
baseline, as before) and when the API runs it on the read thread (\`src/core/db/off-loop-reads.ts\`),
the longest gap of a 1 ms timer meanwhile; and how long that page took on the thread, whose
connection has SQLite's default cache where this benchmark's has 256 MiB.

| page | event loop held, run on it (baseline) | event loop held, on the read thread | page on the thread |
|---|---|---|---|
${offLoop.map((o) => `| ${o.label} | ${ms(o.here)} | ${ms(o.block)} | ${ms(o.thread)} |`).join('\n')}

**Deep cursor page / page 1: ${ratio(cursorDeep.p50, page1.p50)}** (target ≤ 1.2×); deep offset page / page 1:
${ratio(offsetDeep.p50, page1.p50)}; offset / cursor at that depth: ${ratio(offsetDeep.p50, cursorDeep.p50)}. Walking the ${DEEP_PAGES.toLocaleString('en')} pages took
${(walkMs / 1000).toFixed(1)} s (${ms(walkMs / DEEP_PAGES)} a page). Building the relevance index of the ${PROVIDERS.toLocaleString('en')} providers (once,
on the first query search) took ${ms(indexBuildMs)}. Typo check: \`stirpe\` → \`${typo}\`.
`,
  )
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  await core.close()
  db.close()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
