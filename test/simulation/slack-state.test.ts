import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, simulatedConnect } from './helpers.js'

const SCOPES = ['channels:read', 'channels:manage', 'channels:history', 'chat:write', 'users:read']
type Answer = Record<string, unknown> & { ok: boolean; error?: string }

describe('the simulated Slack workspace', () => {
  let t: TestApp
  let conn: string
  /** A Web API call with a form body, as Slack's SDKs send it. */
  const call = async (method: string, args: Record<string, string> = {}, id = conn): Promise<Answer> => {
    const res = await t.req('POST', `/proxy/${id}/${method}`, {
      key: t.secretKey,
      raw: new URLSearchParams(args).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status, `${method}: ${await res.clone().text()}`).toBe(200)
    return (await res.json()) as Answer
  }
  const connect = async (tenant: string, scopes = SCOPES) =>
    (await simulatedFlow(t, { provider: 'slack', tenant_id: tenant, scopes })).params.get('connection_id')!
  const stored = () => (t.db.prepare('SELECT count(*) AS n FROM simulation_objects').get() as { n: number }).n

  beforeAll(async () => {
    t = await createTestApp()
    const config = await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'slack', webhook_secret: 'slack-state-secret' },
    })
    expect(config.status).toBe(201)
    conn = await connect('acme')
  })
  afterAll(() => t.close())

  it('keeps each simulated connection’s workspace to itself', async () => {
    const created = await call('conversations.create', { name: 'acme-only' })
    const channel = (created.channel as { id: string }).id
    await call('chat.postMessage', { channel, text: 'for acme' })
    const other = await connect('globex')
    const theirs = await call('conversations.list', {}, other)
    expect((theirs.channels as Array<{ name: string }>).map((c) => c.name)).toEqual(['general', 'random'])
    expect(await call('conversations.history', { channel }, other)).toEqual({
      ok: false,
      error: 'channel_not_found',
    })
    expect((await call('conversations.create', { name: 'acme-only' }, other)).ok).toBe(true)
    const mine = await call('conversations.history', { channel })
    expect((mine.messages as Array<{ text: string }>).map((m) => m.text)).toEqual(['for acme'])
  })

  it('answers bad input with Slack’s own error and stores nothing', async () => {
    await t.core.simulation.settled()
    const before = { objects: stored(), hooks: capturedWebhooks(t.db, 'slack').length }
    expect(await call('chat.postMessage', { text: 'where to?' })).toEqual({
      ok: false,
      error: 'channel_not_found',
    })
    expect(await call('chat.postMessage', { channel: '#general' })).toEqual({ ok: false, error: 'no_text' })
    expect(await call('chat.postMessage', { channel: '#general', text: 'x'.repeat(40_001) })).toMatchObject({
      error: 'msg_too_long',
    })
    expect(
      await call('chat.postMessage', { channel: '#general', text: 'x', blocks: '[not json' }),
    ).toMatchObject({
      error: 'invalid_blocks',
    })
    expect(await call('conversations.create', {})).toEqual({ ok: false, error: 'invalid_name_required' })
    expect(await call('conversations.create', { name: '--' })).toMatchObject({
      error: 'invalid_name_punctuation',
    })
    expect(await call('conversations.create', { name: 'x'.repeat(81) })).toMatchObject({
      error: 'invalid_name_maxlength',
    })
    expect(await call('conversations.list', { limit: 'ten' })).toMatchObject({ error: 'invalid_limit' })
    expect(await call('conversations.list', { cursor: 'bm9wZTox' })).toMatchObject({
      error: 'invalid_cursor',
    })
    expect(await call('conversations.list', { types: 'everything' })).toMatchObject({
      error: 'invalid_types',
    })
    expect(await call('chat.update', { channel: 'C0NOPE', ts: '1.1', text: 'x' })).toMatchObject({
      error: 'channel_not_found',
    })
    const json = await t.req('POST', `/proxy/${conn}/chat.postMessage`, {
      key: t.secretKey,
      raw: '["#general","hi"]',
      headers: { 'content-type': 'application/json' },
    })
    expect(await json.json()).toEqual({ ok: false, error: 'json_not_object' })
    const xml = await t.req('POST', `/proxy/${conn}/chat.postMessage`, {
      key: t.secretKey,
      raw: '<message/>',
      headers: { 'content-type': 'application/xml' },
    })
    expect(await xml.json()).toEqual({ ok: false, error: 'invalid_post_type' })
    await t.core.simulation.settled()
    expect({ objects: stored(), hooks: capturedWebhooks(t.db, 'slack').length }).toEqual(before)
  })

  it('answers a token it never issued with invalid_auth and an expired one with token_expired', async () => {
    const create = (access_token: string) =>
      t.core.connections.create(t.workspaceId, {
        provider: 'slack',
        provider_config_id: null,
        tenant_id: 'outsider',
        mode: 'simulated',
        params: {},
        requested_scopes: SCOPES,
        tokens: { access_token, token_type: 'bearer' },
        session_id: 'test',
      }).id
    expect(await call('auth.test', {}, create('xoxp-never-issued'))).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    t.core.simulation.ledger.issued({
      workspaceId: t.workspaceId,
      provider: 'slack',
      accessToken: 'xoxp-short-lived',
      refreshToken: 'xoxe-1-short-lived-refresh',
      expiresIn: 60,
    })
    const expiring = create('xoxp-short-lived')
    expect((await call('auth.test', {}, expiring)).ok).toBe(true)
    t.clock.advance(61_000)
    expect(await call('auth.test', {}, expiring)).toEqual({ ok: false, error: 'token_expired' })
  })
})

describe('simulated Slack state across a restart and a reset', () => {
  it('keeps channels and messages across a restart; reset clears them', async () => {
    const data = tempDir()
    try {
      let server = await startQuietServer(data.dir)
      const key = firstSecretKey(server)
      const conn = await simulatedConnect(server, 'slack', 'acme', { scopes: SCOPES })
      const call = async (method: string, body: Record<string, unknown>) => {
        const res = await fetch(`${server.url}/proxy/${conn}/api/${method}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
        })
        return (await res.json()) as Answer
      }
      const channel = ((await call('conversations.create', { name: 'kept' })).channel as { id: string }).id
      expect((await call('chat.postMessage', { channel, text: 'still here' })).ok).toBe(true)
      await server.close()
      server = await startQuietServer(data.dir)
      const history = await call('conversations.history', { channel })
      expect((history.messages as Array<{ text: string }>).map((m) => m.text)).toEqual(['still here'])
      const reset = await fetch(`${server.url}/api/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(reset.status).toBeLessThan(300)
      const rows = server.core.db
        .prepare("SELECT count(*) AS n FROM simulation_accounts WHERE provider = 'slack'")
        .get() as { n: number }
      expect(rows.n).toBe(0)
      expect(
        (server.core.db.prepare('SELECT count(*) AS n FROM simulation_objects').get() as { n: number }).n,
      ).toBe(0)
      await server.close()
    } finally {
      data.cleanup()
    }
  })
})
