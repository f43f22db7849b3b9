import { verify } from '@octokit/webhooks-methods'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, header, simulatedConnect } from './helpers.js'

const SECRET = 'whsec-simulated-github-7c1'

describe('the simulation machinery, on simulated GitHub', () => {
  let t: TestApp
  let conn: string
  const gh = (method: string, path: string, body?: unknown, id = conn) =>
    t.req(method, `/proxy/${id}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })
  const connect = async (tenant: string) =>
    (await simulatedFlow(t, { provider: 'github', tenant_id: tenant })).params.get('connection_id')!

  beforeAll(async () => {
    t = await createTestApp()
    const config = await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'github', webhook_secret: SECRET },
    })
    expect(config.status, await config.clone().text()).toBe(201)
    conn = await connect('acme')
  })
  afterAll(() => t.close())

  it('emits signed GitHub webhooks through the capture path, after the answer, in order', async () => {
    expect((await gh('POST', '/user/repos', { name: 'hooks' })).status).toBe(201)
    for (const title of ['one', 'two', 'three']) {
      expect((await gh('POST', '/repos/acme/hooks/issues', { title })).status).toBe(201)
    }
    expect((await gh('PATCH', '/repos/acme/hooks/issues/1', { title: 'uno', state: 'closed' })).status).toBe(
      200,
    )
    expect((await gh('PATCH', '/repos/acme/hooks/issues/1', { state: 'open' })).status).toBe(200)
    expect((await gh('POST', '/repos/acme/hooks/issues/2/comments', { body: 'hi' })).status).toBe(201)
    await t.core.simulation.settled()
    const hooks = capturedWebhooks(t.db)
    expect(hooks.map((h) => `${header(h, 'x-github-event')}.${h.body.action}`)).toEqual([
      'repository.created',
      'issues.opened',
      'issues.opened',
      'issues.opened',
      'issues.edited',
      'issues.closed',
      'issues.reopened',
      'issue_comment.created',
    ])
    expect(hooks.map((h) => (h.body.issue as { title?: string } | undefined)?.title)).toEqual([
      undefined,
      'one',
      'two',
      'three',
      'uno',
      'uno',
      'uno',
      'two',
    ])
    for (const hook of hooks) {
      expect(hook.signature).toBe('valid')
      expect(header(hook, 'user-agent')).toMatch(/^GitHub-Hookshot\//)
      expect(header(hook, 'x-github-delivery')).toMatch(/^[0-9a-f-]{36}$/)
      const signature = header(hook, 'x-hub-signature-256')!
      const raw = t.db.prepare('SELECT body FROM event_requests WHERE event_id = ?').get(hook.id) as {
        body: Buffer
      }
      expect(await verify(SECRET, raw.body.toString('utf8'), signature)).toBe(true)
    }
    expect((hooks[4]!.body.changes as { title: { from: string } }).title.from).toBe('one')
  })

  it('accepts only the token the simulator issued for that connection (GitHub 401 otherwise)', async () => {
    const ledger = t.core.simulation.ledger
    const own = t.core.connections.secrets(t.workspaceId, conn).access_token!
    expect(ledger.check(t.workspaceId, conn, 'github', own)).toBe('ok')
    // The same token presented for another connection, and a token the simulator never issued.
    const other = await connect('globex')
    expect(ledger.check(t.workspaceId, other, 'github', own)).toBe('unknown')
    expect(ledger.check(t.workspaceId, conn, 'github', 'ghu_madeUpByTheClient0000000000000000')).toBe(
      'unknown',
    )
    // A connection whose stored token is not one the simulator issued (and has no refresh token).
    t.db.prepare('UPDATE connections SET refresh_token = NULL WHERE id = ?').run(other)
    t.db.prepare("DELETE FROM simulation_tokens WHERE kind = 'access'").run()
    const res = await gh('GET', '/user', undefined, other)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({
      message: 'Bad credentials',
      documentation_url: expect.any(String),
    })
    // The first connection still has its refresh token: the proxy refreshes once and the call works.
    const refreshed = await gh('GET', '/user')
    expect(refreshed.status).toBe(200)
    expect(t.core.connections.secrets(t.workspaceId, conn).access_token).not.toBe(own)
  })

  it('isolates simulated accounts: another connection sees none of the first one’s repositories', async () => {
    const other = await connect('initech')
    expect((await gh('GET', '/repos/acme/hooks', undefined, other)).status).toBe(404)
    const repos = await (await gh('GET', '/user/repos', undefined, other)).json()
    expect(repos).toEqual([])
    expect((await gh('POST', '/user/repos', { name: 'hooks' }, other)).status).toBe(201)
    const mine = await (await gh('GET', '/repos/acme/hooks/issues?state=all')).json()
    expect(mine).toHaveLength(3)
  })

  it('reset clears the simulated state', async () => {
    const before = (t.db.prepare('SELECT count(*) AS n FROM simulation_objects').get() as { n: number }).n
    expect(before).toBeGreaterThan(0)
    const res = await t.req('POST', '/api/reset', { key: t.secretKey, body: {} })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    for (const table of [
      'simulation_objects',
      'simulation_accounts',
      'simulation_tokens',
      'simulation_grants',
    ]) {
      expect((t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n, table).toBe(0)
    }
  })
})

describe('simulated state survives a restart', () => {
  it('keeps repositories, issues and the token across a restart of the gateway', async () => {
    const data = tempDir()
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server)
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}/proxy/${conn}${path}`, {
          method,
          headers: { authorization: `token ${key}`, 'content-type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        })
      expect((await call('POST', '/user/repos', { name: 'kept' })).status).toBe(201)
      expect((await call('POST', '/repos/acme/kept/issues', { title: 'still here' })).status).toBe(201)
      await server.close()
      server = await startQuietServer(data.dir)
      const issues = await call('GET', '/repos/acme/kept/issues')
      expect(issues.status).toBe(200)
      expect((await issues.json()).map((i: { title: string }) => i.title)).toEqual(['still here'])
      await server.close()
    } finally {
      data.cleanup()
    }
  })
})
