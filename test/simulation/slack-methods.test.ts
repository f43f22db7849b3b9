import { ErrorCode, LogLevel, WebClient } from '@slack/web-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from './helpers.js'

/**
 * The lookups and small writes SDK-driven code makes first (conversations.info/members/join,
 * users.info/lookupByEmail, reactions, chat.delete, chat.postEphemeral) and `unknown_method`,
 * through @slack/web-api unchanged but for its base URL.
 */
const SCOPES = [
  'channels:read',
  'channels:manage',
  'channels:history',
  'channels:join',
  'chat:write',
  'users:read',
  'users:read.email',
  'reactions:read',
  'reactions:write',
]
const data = tempDir('switchyard-slack-methods-')
let server: RunningServer
let slack: WebClient

const platformError = async (call: Promise<unknown>) => {
  const err = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code?: string; data?: { error?: string } }
  expect(err?.code).toBe(ErrorCode.PlatformError)
  return err.data!.error
}

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  const key = firstSecretKey(server)
  const conn = await simulatedConnect(server, 'slack', 'acme', { scopes: SCOPES })
  slack = new WebClient(key, {
    slackApiUrl: `${server.url}/proxy/${conn}/`,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('the Slack methods SDKs call first', () => {
  it('looks channels and users up, and joins a public channel', async () => {
    const me = await slack.auth.test()
    const { channels } = await slack.conversations.list()
    const general = channels!.find((c) => c.name === 'general')!
    const info = await slack.conversations.info({ channel: general.id!, include_num_members: true })
    expect(info.channel).toMatchObject({ id: general.id, name: 'general', is_general: true, num_members: 4 })
    expect((await slack.conversations.info({ channel: general.id! })).channel!.num_members).toBeUndefined()
    expect(await platformError(slack.conversations.info({ channel: 'C000NOPE' }))).toBe('channel_not_found')

    const members: string[] = []
    for await (const page of slack.paginate('conversations.members', { channel: general.id!, limit: 3 })) {
      members.push(...(page as unknown as { members: string[] }).members)
    }
    expect(members).toHaveLength(4)
    expect(members[0]).toBe(me.user_id)

    const joined = await slack.conversations.join({ channel: general.id! })
    expect(joined).toMatchObject({ ok: true, channel: { id: general.id }, warning: 'already_in_channel' })

    const jenny = await slack.users.info({ user: members[1]! })
    expect(jenny.user).toMatchObject({
      id: members[1],
      name: 'jenny',
      profile: { email: 'jenny@acme.example.com' },
    })
    const byEmail = await slack.users.lookupByEmail({ email: 'Jenny@acme.example.com' })
    expect(byEmail.user!.id).toBe(jenny.user!.id)
    expect(await platformError(slack.users.info({ user: 'U000NOPE' }))).toBe('user_not_found')
    expect(await platformError(slack.users.lookupByEmail({ email: 'nobody@example.com' }))).toBe(
      'users_not_found',
    )
  })

  it('reacts, deletes and posts ephemeral messages that stay out of the history', async () => {
    const { channels } = await slack.conversations.list()
    const random = channels!.find((c) => c.name === 'random')!.id!
    const posted = await slack.chat.postMessage({ channel: random, text: 'Ship it?' })
    const target = { channel: random, timestamp: posted.ts! }

    await slack.reactions.add({ ...target, name: 'thumbsup' })
    await slack.reactions.add({ ...target, name: ':tada:' })
    expect(await platformError(slack.reactions.add({ ...target, name: 'thumbsup' }))).toBe('already_reacted')
    const got = await slack.reactions.get(target)
    expect(got).toMatchObject({ ok: true, type: 'message', channel: random })
    expect(got.message!.reactions).toEqual([
      { name: 'thumbsup', users: [posted.message!.user], count: 1 },
      { name: 'tada', users: [posted.message!.user], count: 1 },
    ])
    await slack.reactions.remove({ ...target, name: 'tada' })
    expect(await platformError(slack.reactions.remove({ ...target, name: 'tada' }))).toBe('no_reaction')
    expect((await slack.reactions.get(target)).message!.reactions!.map((r) => r.name)).toEqual(['thumbsup'])

    const me = (await slack.auth.test()).user_id!
    const ephemeral = await slack.chat.postEphemeral({ channel: random, user: me, text: 'Only you' })
    expect(ephemeral.message_ts).toMatch(/^\d+\.\d{6}$/)
    expect(
      await platformError(slack.chat.postEphemeral({ channel: random, user: 'U000NOPE', text: 'x' })),
    ).toBe('user_not_found')

    const deleted = await slack.chat.delete({ channel: random, ts: posted.ts! })
    expect(deleted).toMatchObject({ ok: true, channel: random, ts: posted.ts })
    expect(await platformError(slack.chat.delete({ channel: random, ts: posted.ts! }))).toBe(
      'message_not_found',
    )
    expect(await platformError(slack.reactions.get(target))).toBe('message_not_found')
    const history = await slack.conversations.history({ channel: random })
    expect(history.messages!.map((m) => m.text)).toEqual([])
  })

  it('answers unknown_method for a method it does not simulate', async () => {
    expect(await platformError(slack.apiCall('pins.frobnicate', {}))).toBe('unknown_method')
    expect(await platformError(slack.apiCall('api/stars.list', {}))).toBe('unknown_method')
  })
})
