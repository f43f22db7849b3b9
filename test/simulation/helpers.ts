import { expect } from 'vitest'
import type { Db } from '../../src/core/db/open.js'
import type { RunningServer } from '../../src/server/index.js'
import type { TestApp } from '../helpers/app.js'

export interface CapturedWebhook {
  id: string
  signature: string
  provider_event_type: string | null
  headers: Array<[string, string]>
  body: Record<string, unknown>
}

/** The webhook.received events of a provider, oldest first, with their exact requests. */
export function capturedWebhooks(db: Db, provider = 'github'): CapturedWebhook[] {
  const rows = db
    .prepare(
      `SELECT e.id, e.signature, e.provider_event_type, r.headers, r.body FROM events e
       JOIN event_requests r ON r.event_id = e.id
       WHERE e.type = 'webhook.received' AND e.provider = ? ORDER BY e.rowid`,
    )
    .all(provider) as Array<{
    id: string
    signature: string
    provider_event_type: string | null
    headers: string
    body: Buffer
  }>
  return rows.map((r) => ({
    ...r,
    headers: JSON.parse(r.headers) as Array<[string, string]>,
    body: JSON.parse(r.body.toString('utf8')) as Record<string, unknown>,
  }))
}

export const header = (w: CapturedWebhook, name: string) =>
  w.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

const APP = 'https://app.example/done'

/** A simulated connect on a running gateway, over real HTTP, as a browser would run it. */
export async function simulatedConnect(
  server: RunningServer,
  provider = 'github',
  tenant = 'acme',
  session: Record<string, unknown> = {},
): Promise<string> {
  const workspace = server.core.workspaces.get('default')
  server.core.redirectOrigins.add(workspace.id, 'https://app.example')
  const publishable = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  const created = await fetch(`${server.url}/auth-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishable}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider, tenant_id: tenant, redirect_url: APP, ...session }),
  })
  if (created.status !== 201) throw new Error(`session: ${created.status} ${await created.text()}`)
  let next = `${((await created.json()) as { url: string }).url}?simulate=approve`
  for (let i = 0; i < 10; i++) {
    const res = await fetch(next, { redirect: 'manual' })
    const location = res.headers.get('location')
    if (!location) throw new Error(`connect stopped at ${res.status}: ${await res.text()}`)
    if (location.startsWith(APP)) return new URL(location).searchParams.get('connection_id')!
    next = new URL(location, next).href
  }
  throw new Error('too many redirects')
}

/** Gives the workspace a provider config with a webhook secret (simulated webhooks are signed with it). */
export async function configureProvider(
  server: RunningServer,
  key: string,
  provider: string,
  secret: string,
) {
  const res = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider, webhook_secret: secret }),
  })
  if (res.status !== 201) throw new Error(`provider config: ${res.status} ${await res.text()}`)
}

/** A call through a connection's `/proxy` on a test app, which must succeed; its JSON answer. */
export async function proxyCall(t: TestApp, conn: string, method: string, path: string, body?: unknown) {
  const res = await t.req(method, `/proxy/${conn}${path}`, {
    key: t.secretKey,
    ...(body !== undefined && { body }),
  })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
  return res.json()
}

/** Adds a fault to a simulated connection on a running gateway (the answer, for its status). */
export const injectFault = (server: RunningServer, key: string, connectionId: string, fault: unknown) =>
  fetch(`${server.url}/api/connections/${connectionId}/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
