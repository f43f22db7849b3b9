import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestApp } from '../app.js'

/** The origin `app.request()` sees: session URLs and the simulator live there. */
export const LOCAL = 'http://localhost'

export interface Hop {
  status: number
  location: string | null
}

/**
 * Follows redirects while they stay on the gateway (through `app.request()`), like a browser would;
 * stops at the first response that is not a redirect or that leaves the gateway.
 */
export async function follow(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const hops: Hop[] = []
  let next = url
  for (let i = 0; i < 10; i++) {
    const target = new URL(next)
    const res = await t.req('GET', `${target.pathname}${target.search}`, { headers })
    const location = res.headers.get('location')
    hops.push({ status: res.status, location })
    if (res.status < 300 || res.status >= 400 || !location || !location.startsWith(`${LOCAL}/`)) {
      return { res, hops, location }
    }
    next = location
  }
  throw new Error(`too many redirects from ${url}`)
}

/** The test app's origin, on the workspace's allowed redirect origins as a real app's would be. */
export const APP_ORIGIN = 'https://app.example'

/**
 * POST /auth-sessions (or /install-sessions) with the publishable key (the secret key to
 * re-authorize a `connection_id`, which needs one); returns the parsed body.
 */
export async function createSession(
  t: TestApp,
  body: Record<string, unknown>,
  options: { path?: '/auth-sessions' | '/install-sessions'; key?: string } = {},
) {
  t.core.redirectOrigins.add(t.workspaceId, APP_ORIGIN)
  const res = await t.req('POST', options.path ?? '/auth-sessions', {
    key: options.key ?? (body.connection_id === undefined ? t.publishableKey : t.secretKey),
    body,
  })
  if (res.status !== 201) throw new Error(`session creation answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as { id: string; url: string; expires_at: string }
}

/** Runs a whole simulated flow with `simulate=<decision>` and returns the final redirect's query. */
export async function simulatedFlow(
  t: TestApp,
  body: Record<string, unknown>,
  decision: 'approve' | 'deny' | 'error' = 'approve',
  path: '/auth-sessions' | '/install-sessions' = '/auth-sessions',
) {
  const session = await createSession(t, { redirect_url: 'https://app.example/done', ...body }, { path })
  const { location, res } = await follow(t, `${session.url}?simulate=${decision}`)
  if (!location?.startsWith('https://app.example/done')) {
    throw new Error(`flow ended at ${res.status} ${location}: ${await res.text()}`)
  }
  return { session, params: new URL(location).searchParams }
}

/** Every byte of every file in a data folder, for plaintext scans. */
export function dataFolderBytes(dir: string): Buffer {
  return Buffer.concat(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name))),
  )
}

export const count = (t: TestApp, table: string) =>
  (t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

/** Starts a simulated flow and stops at the callback URL the simulator sends the browser to (code and state). */
export async function callbackUrlFor(
  t: TestApp,
  body: Record<string, unknown>,
  decision: 'approve' | 'deny' | 'error' = 'approve',
) {
  const session = await createSession(t, { redirect_url: 'https://app.example/done', ...body })
  const start = await t.req('GET', `${new URL(session.url).pathname}?simulate=${decision}`)
  const simulator = new URL(start.headers.get('location')!)
  const decided = await t.req('GET', `${simulator.pathname}${simulator.search}`)
  const callback = new URL(decided.headers.get('location')!)
  return { session, simulator, callback, path: `${callback.pathname}${callback.search}` }
}

/** Gateway events of a type, oldest first. */
export function eventsOf(t: TestApp, type: string) {
  return (
    t.db
      .prepare(
        'SELECT type, provider, tenant_id, connection_id, installation_id, data FROM events WHERE type = ? ORDER BY rowid',
      )
      .all(type) as Array<{
      type: string
      provider: string | null
      tenant_id: string | null
      connection_id: string | null
      installation_id: string | null
      data: string | null
    }>
  ).map((e) => ({ ...e, data: e.data ? (JSON.parse(e.data) as Record<string, unknown>) : null }))
}
