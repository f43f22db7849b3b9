// What the load benchmarks share: servers spawned as their own processes (so autocannon, in the
// bench's process, never shares their event loop), stopped cleanly, loaded with autocannon, and
// their CPU time read from /proc.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootstrap } from '../src/core/bootstrap.js'
import { type Core, createCore } from '../src/core/core.js'
import { openDataFolder } from '../src/core/data-folder.js'
import { CreateProviderSchema } from '../src/core/providers/providers.schema.js'

export const ROOT = new URL('..', import.meta.url).pathname

/** The part of autocannon's API used here (it ships no type declarations). */
type Autocannon = (options: {
  url: string
  method?: string
  connections: number
  /** Seconds to run, or (without it) `amount` requests in all. */
  duration?: number
  amount?: number
  headers?: Record<string, string>
  body?: string
}) => Promise<{
  requests: { average: number; total: number }
  /** Seconds the run took, counted to the sampling tick after the last answer (whole seconds with `amount`). */
  duration: number
  latency: { p50: number; p99: number }
  '2xx': number
  non2xx: number
  errors: number
  timeouts: number
}> & { on(event: 'response', listener: () => void): void }
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/**
 * `amount` requests, and the calls per second from the first request to the last answer. A run by
 * amount ends at autocannon's next one-second sampling tick, so its own `duration` is rounded up to
 * whole seconds: 4,500 calls answered in 2.2 s or in 2.9 s both read as 3.01 s.
 */
export async function byAmount(options: Omit<Parameters<Autocannon>[0], 'duration'> & { amount: number }) {
  const started = performance.now()
  let answered = started
  const run = autocannon(options)
  run.on('response', () => {
    answered = performance.now()
  })
  const result = await run
  return { ...result, rps: result.requests.total / ((answered - started) / 1000) }
}

/**
 * A fresh data folder, prepared in the bench's process before a gateway is spawned on it: its core,
 * the first secret key, and the default workspace's rate limit lifted (enterprise, 10^9 a minute).
 * Close `db` before spawning the gateway on `dir`.
 */
export function prepareDataFolder(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `switchyard-${name}-bench-`))
  const folder = openDataFolder(dir)
  const core = createCore({ db: folder.db, encryptionKey: folder.encryptionKey })
  const key = bootstrap(core)!.keys.find((k) => k.role === 'secret')!.key
  core.workspaces.setTier('default', 'enterprise', 1_000_000_000)
  return { dir, db: folder.db, core, key, workspaceId: core.workspaces.get('default').id }
}

/**
 * Where the gateway's CPU profiles go when `BENCH_PROFILE=<folder>` is set: every `switchyard`
 * process a benchmark spawns then runs with `--cpu-prof` and writes its profile there on exit.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE

/** Spawns `node <args>` and resolves once it prints `listening on <url>`, with everything it printed. */
export function start(
  args: string[],
  env?: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; out: string }> {
  const profile =
    PROFILE_DIR && args[0] === 'bin/switchyard.js' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) resolve({ child, url: m[1]!, out })
    })
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
  })
}

/** SIGTERM, and SIGKILL if the server has not exited 15 s later (the run's numbers are already in). */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    const force = setTimeout(() => {
      console.warn('warning: the server did not stop within 15 s of SIGTERM; killing it')
      child.kill('SIGKILL')
    }, 15_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })

export interface LoadRequest {
  path: string
  connections: number
  headers: Record<string, string>
  body: string
}

/** `seconds` of POSTs from `connections` keep-alive connections: throughput, latency, failures. */
export async function load(url: string, seconds: number, request: LoadRequest) {
  const result = await autocannon({
    url: `${url}${request.path}`,
    method: 'POST',
    connections: request.connections,
    duration: seconds,
    headers: request.headers,
    body: request.body,
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

/** CPU seconds (user + system) a thread or process has used so far, from its /proc stat file. */
function cpuOf(statFile: string): number {
  try {
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/**
 * CPU seconds a process has used so far (Linux only): in all, and on its main thread (the event
 * loop; its thread id is the process id). The rest is worker threads plus V8's GC helpers.
 */
export function cpuSeconds(pid: number): { all: number; main: number } {
  return { all: cpuOf(`/proc/${pid}/stat`), main: cpuOf(`/proc/${pid}/task/${pid}/stat`) }
}

/**
 * A provider `id` whose API is `apiBaseUrl`, its config and a real-mode connection with a day-long
 * token, made straight in a prepared data folder (the OAuth dance is not what the benches measure).
 */
export function realConnection(core: Core, workspaceId: string, id: string, apiBaseUrl: string) {
  core.providers.create(
    workspaceId,
    CreateProviderSchema.parse({
      id,
      name: id,
      auth: {
        type: 'oauth2',
        authorization_url: 'http://127.0.0.1:9/auth',
        token_url: 'http://127.0.0.1:9/token',
      },
      api: { base_url: apiBaseUrl },
    }),
  )
  const config = core.providerConfigs.create(workspaceId, {
    provider: id,
    client_id: 'c',
    client_secret: 's',
  })
  const connection = core.connections.create(workspaceId, {
    provider: id,
    provider_config_id: config.id,
    tenant_id: 'bench',
    mode: 'real',
    params: {},
    requested_scopes: [],
    tokens: { access_token: `at_${id}`, token_type: 'Bearer', expires_in: 86_400 },
    session_id: 'bench',
  })
  return { config, connection }
}

/** A process's resident set size and its peak so far, in MiB, from /proc (Linux). */
export function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}

/**
 * A stand-in provider API, run with `node --input-type=module -e`: `/v1/big?n=N` streams N bytes (with
 * backpressure), anything else answers a small JSON user.
 */
export const STAND_IN_PROVIDER = `
import { createServer } from 'node:http'
const chunk = Buffer.alloc(64 * 1024, 7)
const body = JSON.stringify({ id: 1, login: 'octocat', plan: { name: 'pro' } })
createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  if (url.pathname === '/v1/big') {
    let left = Number(url.searchParams.get('n'))
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(left) })
    const write = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= part.length
        if (!res.write(part)) return void res.once('drain', write)
      }
      res.end()
    }
    return write()
  }
  req.resume()
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}).listen(0, '127.0.0.1', function () {
  process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n')
})
process.on('SIGTERM', () => process.exit(0))
`
