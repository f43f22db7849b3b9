import { verifySlackRequest } from '@slack/bolt'
import { ErrorCode, LogLevel, WebClient } from '@slack/web-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { capturedWebhooks, header, simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulated Slack: @slack/web-api's WebClient with
 * `slackApiUrl: <gateway>/proxy/<connection_id>/` and a Switchyard secret key as its token. Every
 * Events API delivery the calls cause is checked with Bolt's own signature verifier.
 */
const SECRET = 'slack-signing-secret-5f2c'
const ALL_SCOPES = [
  'channels:read',
  'channels:manage',
  'channels:history',
  'chat:write',
  'users:read',
  'users:read.email',
]
const data = tempDir('switchyard-slack-sdk-')
let server: RunningServer
let key: string
let conn: string
let slack: WebClient

const clientFor = (connectionId: string) =>
  new WebClient(key, {
    slackApiUrl: `${server.url}/proxy/${connectionId}/`,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  })
const platformError = async (call: Promise<unknown>) => {
  const err = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code?: string; data?: { error?: string; needed?: string; provided?: string } }
  expect(err?.code).toBe(ErrorCode.PlatformError)
  return err.data!
}
const faults = (connectionId: string, body: unknown) =>
  fetch(`${server.url}/api/connections/${connectionId}/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  key = firstSecretKey(server)
  const config = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'slack', webhook_secret: SECRET }),
  })
  expect(config.status).toBe(201)
  conn = await simulatedConnect(server, 'slack', 'acme', { scopes: ALL_SCOPES })
  slack = clientFor(conn)
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@slack/web-api against the simulated Slack', () => {
  it('drives every simulated method, paging included, and each change arrives as a signed Events API delivery', async () => {
    const me = await slack.auth.test()
    expect(me).toMatchObject({ ok: true, team: 'Acme', team_id: 'T0123ABCDEF', user_id: 'U0123ABCDEF' })
    expect(me.url).toBe('https://acme.slack.com/')

    const first = await slack.conversations.list()
    expect(first.channels!.map((c) => c.name)).toEqual(['general', 'random'])
    const general = first.channels!.find((c) => c.is_general)!

    const created = await slack.conversations.create({ name: 'deploys' })
    expect(created.channel).toMatchObject({
      name: 'deploys',
      is_channel: true,
      is_private: false,
      creator: me.user_id,
    })
    const deploys = created.channel!.id!
    for (const name of ['alerts', 'design', 'sales']) await slack.conversations.create({ name })

    const names: string[] = []
    for await (const page of slack.paginate('conversations.list', { limit: 2 })) {
      const channels = (page as unknown as { channels: Array<{ name: string }> }).channels
      expect(channels.length).toBeLessThanOrEqual(2)
      names.push(...channels.map((c) => c.name))
    }
    expect(names).toEqual(['general', 'random', 'deploys', 'alerts', 'design', 'sales'])

    const posted = await slack.chat.postMessage({ channel: deploys, text: 'Deploy 1 started' })
    expect(posted).toMatchObject({
      ok: true,
      channel: deploys,
      message: { text: 'Deploy 1 started', user: me.user_id },
    })
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Deploy 2* started' } }]
    const second = await slack.chat.postMessage({ channel: '#deploys', text: 'Deploy 2 started', blocks })
    expect(second.message!.blocks).toEqual(blocks)
    await slack.chat.postMessage({ channel: deploys, text: 'Deploy 3 started' })

    const updated = await slack.chat.update({ channel: deploys, ts: posted.ts!, text: 'Deploy 1 finished' })
    expect(updated).toMatchObject({ ok: true, ts: posted.ts, text: 'Deploy 1 finished' })
    expect(updated.message!.edited!.user).toBe(me.user_id)

    const history: string[] = []
    for await (const page of slack.paginate('conversations.history', { channel: deploys, limit: 2 })) {
      history.push(...(page as unknown as { messages: Array<{ text: string }> }).messages.map((m) => m.text))
    }
    expect(history).toEqual(['Deploy 3 started', 'Deploy 2 started', 'Deploy 1 finished'])
    const welcome = await slack.conversations.history({ channel: general.id! })
    expect(welcome.messages).toHaveLength(1)
    expect(welcome.has_more).toBe(false)

    const users: string[] = []
    for await (const page of slack.paginate('users.list', { limit: 2 })) {
      users.push(...(page as unknown as { members: Array<{ name: string }> }).members.map((m) => m.name))
    }
    expect(users).toEqual(['admin', 'jenny', 'marcus', 'priya', 'slackbot'])
    const all = await slack.users.list({})
    expect(all.members!.find((m) => m.id === me.user_id)!.profile!.email).toBe('admin@acme.example.com')

    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db, 'slack')
    const events = hooks.map((h) => h.body.event as { type: string; subtype?: string; text?: string })
    expect(events.map((e) => e.subtype ?? e.type)).toEqual([
      'channel_created',
      'channel_created',
      'channel_created',
      'channel_created',
      'message',
      'message',
      'message',
      'message_changed',
    ])
    expect(events[4]!.text).toBe('Deploy 1 started')
    const changed = hooks[7]!.body.event as { message: { text: string }; previous_message: { text: string } }
    expect([changed.previous_message.text, changed.message.text]).toEqual([
      'Deploy 1 started',
      'Deploy 1 finished',
    ])
    for (const hook of hooks) {
      expect(hook.signature).toBe('valid')
      expect(hook.body).toMatchObject({
        type: 'event_callback',
        team_id: me.team_id,
        api_app_id: 'A0123ABCDEF',
      })
      expect(hook.body.event_id).toMatch(/^Ev[0-9A-Z]{10}$/)
      const raw = server.core.db
        .prepare('SELECT body FROM event_requests WHERE event_id = ?')
        .get(hook.id) as {
        body: Buffer
      }
      // Throws unless X-Slack-Signature is v0= HMAC-SHA256 of v0:<timestamp>:<body> with the secret.
      verifySlackRequest({
        signingSecret: SECRET,
        body: raw.body.toString('utf8'),
        headers: {
          'x-slack-signature': header(hook, 'x-slack-signature')!,
          'x-slack-request-timestamp': Number(header(hook, 'x-slack-request-timestamp')),
        },
      })
    }
  })

  it('takes JSON bodies and GET query arguments as Slack does', async () => {
    const call = (init: RequestInit, path: string) =>
      fetch(`${server.url}/proxy/${conn}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
      })
    const json = await call(
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ channel: '#random', text: 'Sent as JSON', unfurl_links: false }),
      },
      '/api/chat.postMessage',
    )
    expect(json.status).toBe(200)
    const posted = (await json.json()) as { ok: boolean; channel: string; message: { text: string } }
    expect(posted).toMatchObject({ ok: true, message: { text: 'Sent as JSON' } })
    const read = await call({ method: 'GET' }, `/conversations.history?channel=${posted.channel}&limit=1`)
    expect(read.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(((await read.json()) as { messages: Array<{ text: string }> }).messages[0]!.text).toBe(
      'Sent as JSON',
    )
    const broken = await call(
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"channel":' },
      '/chat.postMessage',
    )
    expect(await broken.json()).toEqual({ ok: false, error: 'invalid_json' })
  })

  it('surfaces ok:false answers as the SDK’s platform errors with Slack’s codes', async () => {
    expect(await platformError(slack.chat.postMessage({ channel: 'C0NOTTHERE', text: 'x' }))).toMatchObject({
      error: 'channel_not_found',
    })
    expect(await platformError(slack.conversations.create({ name: 'deploys' }))).toMatchObject({
      error: 'name_taken',
    })
    expect(await platformError(slack.conversations.create({ name: 'Has Spaces' }))).toMatchObject({
      error: 'invalid_name_specials',
    })
    const welcome = (await slack.conversations.history({ channel: (await generalId(slack))! })).messages![0]!
    expect(
      await platformError(
        slack.chat.update({ channel: (await generalId(slack))!, ts: welcome.ts!, text: 'mine now' }),
      ),
    ).toMatchObject({ error: 'cant_update_message' })
    expect(
      await platformError(
        slack.chat.update({ channel: (await generalId(slack))!, ts: '1.000001', text: 'x' }),
      ),
    ).toMatchObject({ error: 'message_not_found' })

    // A connection with the catalog's default scopes may read channels but not create them.
    const narrow = clientFor(await simulatedConnect(server, 'slack', 'narrow'))
    expect((await narrow.conversations.list()).ok).toBe(true)
    expect(await platformError(narrow.conversations.create({ name: 'nope' }))).toMatchObject({
      error: 'missing_scope',
      needed: 'channels:manage',
      provided: 'channels:read,chat:write,users:read',
    })
  })

  it('answers rate_limit faults with 429 and Retry-After, server_error faults with their status', async () => {
    expect((await faults(conn, { kind: 'rate_limit', count: 1 })).status).toBe(201)
    const limited = (await slack.auth.test().catch((e: unknown) => e)) as { code: string; retryAfter: number }
    expect(limited.code).toBe(ErrorCode.RateLimitedError)
    expect(limited.retryAfter).toBe(30)
    expect((await faults(conn, { kind: 'server_error', count: 1, status: 503 })).status).toBe(201)
    const failed = (await slack.auth.test().catch((e: unknown) => e)) as { code: string; statusCode: number }
    expect(failed.code).toBe(ErrorCode.HTTPError)
    expect(failed.statusCode).toBe(503)
    expect((await slack.auth.test()).ok).toBe(true)
  })

  it('refreshes an expired token on its own; a revoked one gets token_revoked', async () => {
    const other = await simulatedConnect(server, 'slack', 'tokens', { scopes: ALL_SCOPES })
    const client = clientFor(other)
    expect((await faults(other, { kind: 'expire_token' })).status).toBe(201)
    expect((await client.auth.test()).ok).toBe(true)
    expect((await faults(other, { kind: 'revoke_access' })).status).toBe(201)
    expect(await platformError(client.auth.test())).toMatchObject({ error: 'token_revoked' })
  })
})

async function generalId(client: WebClient) {
  return (await client.conversations.list()).channels!.find((c) => c.is_general)!.id
}
