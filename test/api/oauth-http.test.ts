import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import type { RunningServer } from '../../src/server/index.js'
import { dataFolderBytes } from '../helpers/api/oauth-helpers.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'

/** The simulated flows over real HTTP, as a developer's app and browser would drive them. */
const data = tempDir()
const clock = createManualClock(Date.now())
let server: RunningServer
let publishableKey: string
let secretKey: string
let receiver: Server
let receiverUrl: string
const received: string[] = []

beforeAll(async () => {
  server = await startQuietServer(data.dir, { clock })
  server.core.workspaces.setTier('default', 'enterprise', 1_000_000)
  publishableKey = server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  secretKey = firstSecretKey(server)
  receiver = createServer((req, res) => {
    received.push(req.url!)
    res.writeHead(200, { 'content-type': 'text/plain' }).end('app received the result')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/connected`
})

afterAll(async () => {
  await server.close()
  await new Promise((resolve) => receiver.close(resolve))
  data.cleanup()
})

const createSession = async (body: Record<string, unknown>, path = '/auth-sessions') => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; url: string; expires_at: string }
}

describe('simulated flows over HTTP', () => {
  it('publishable key → session URL → simulate=approve → the app receives connection_id; search finds it active', async () => {
    const session = await createSession({ provider: 'github', tenant_id: 'acme', redirect_url: receiverUrl })
    expect(session.url.startsWith(`${server.url}/connect/`)).toBe(true)
    const res = await fetch(`${session.url}?simulate=approve`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('app received the result')
    const id = new URL(received.at(-1)!, receiverUrl).searchParams.get('connection_id')!
    const search = await fetch(`${server.url}/api/connections/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { status: { eq: 'active' } } }),
    })
    expect((await search.json()).data.map((c: { id: string }) => c.id)).toContain(id)
  })

  it('the consent page’s Approve link, followed by a client, ends on the result page', async () => {
    const session = await createSession({ provider: 'notion', tenant_id: 'acme' })
    const page = await (await fetch(session.url, { headers: { accept: 'text/html' } })).text()
    const href = /href="([^"]*simulate=approve)"/.exec(page)![1]!.replaceAll('&amp;', '&')
    const result = await fetch(`${server.url}${href}`, { headers: { accept: 'text/html' } })
    expect(result.status).toBe(200)
    expect(await result.text()).toContain('Notion is connected')
  })

  it('an install session ends with installation_id at the app', async () => {
    const session = await createSession(
      { provider: 'github-app', tenant_id: 'acme', redirect_url: receiverUrl },
      '/install-sessions',
    )
    await fetch(`${session.url}?simulate=approve`)
    expect(new URL(received.at(-1)!, receiverUrl).searchParams.get('installation_id')).toMatch(/^inst_/)
  })

  it('of two concurrent uses of one state exactly one succeeds', async () => {
    const session = await createSession({ provider: 'github', tenant_id: 'race', redirect_url: receiverUrl })
    const start = await fetch(`${session.url}?simulate=approve`, { redirect: 'manual' })
    const decided = await fetch(start.headers.get('location')!, { redirect: 'manual' })
    const callback = decided.headers.get('location')!
    const results = await Promise.all(
      [callback, callback, callback].map((u) => fetch(u, { redirect: 'manual' })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([302, 400, 400])
    const count = server.core.db
      .prepare("SELECT count(*) AS n FROM connections WHERE tenant_id = 'race'")
      .get()
    expect(count).toEqual({ n: 1 })
  })

  it('a session opened after 15 minutes is 410 session_expired', async () => {
    const session = await createSession({ provider: 'github', tenant_id: 'acme' })
    clock.advance(15 * 60_000)
    const res = await fetch(session.url, { redirect: 'manual' })
    expect(res.status).toBe(410)
    expect((await res.json()).code).toBe('session_expired')
  })

  it('a scan of the data folder finds no token plaintext', async () => {
    const ids = (server.core.db.prepare('SELECT id FROM connections').all() as Array<{ id: string }>).map(
      (r) => r.id,
    )
    const workspaceId = server.core.workspaces.get('default').id
    const tokens = ids.flatMap((id) => Object.values(server.core.connections.tokens(workspaceId, id)))
    expect(tokens.length).toBeGreaterThanOrEqual(4)
    server.core.db.pragma('wal_checkpoint(TRUNCATE)')
    const bytes = dataFolderBytes(data.dir)
    for (const token of tokens) expect(bytes.includes(token)).toBe(false)
  })
})
