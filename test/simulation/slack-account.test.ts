import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { createSimulationRepo } from '../../src/core/providers-kit/engine/simulation.repo.js'
import type { AccountObjects } from '../../src/core/providers-kit/kit/provider-kit.js'
import { slackSimulation } from '../../src/core/providers-kit/slack/index.js'
import type { SlackState } from '../../src/core/providers-kit/slack/state.js'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { capturedWebhooks } from './helpers.js'

/** `seed demo`, fixtures, the dashboard's account view and example calls, and triggered samples. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Answer = Record<string, unknown> & { ok: boolean; error?: string }
const call = async (conn: string, method: string, body: Record<string, unknown> = {}): Promise<Answer> => {
  const res = await t.req('POST', `/proxy/${conn}/${method}`, { key: t.secretKey, body })
  expect(res.status).toBe(200)
  return (await res.json()) as Answer
}
const connectionsOf = (provider: string) =>
  t.db
    .prepare("SELECT id FROM connections WHERE provider = ? AND status = 'active' ORDER BY rowid")
    .all(provider) as Array<{ id: string }>

describe('the simulated Slack account', () => {
  it('is filled by seed demo: channels with messages, and users, reachable through the proxy', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_slack_requests).toBeGreaterThan(0)
    const [slack] = connectionsOf('slack')
    expect(slack).toBeDefined()
    const list = await call(slack!.id, 'conversations.list', { types: 'public_channel,private_channel' })
    const channels = list.channels as Array<{ id: string; name: string; is_private: boolean }>
    expect(channels.map((c) => c.name)).toEqual(['general', 'random', 'deploys', 'support', 'leadership'])
    expect(channels.find((c) => c.name === 'leadership')!.is_private).toBe(true)
    const deploys = channels.find((c) => c.name === 'deploys')!
    const history = await call(slack!.id, 'conversations.history', { channel: deploys.id })
    expect((history.messages as Array<{ text: string }>).map((m) => m.text)).toEqual([
      ':warning: storefront v2.14.1 rolled back (checkout error rate 4%)',
      ':white_check_mark: webhooks-worker v1.8.2 deployed to staging',
      ':rocket: storefront v2.14.0 deployed to production',
    ])
    expect(((await call(slack!.id, 'users.list')).members as unknown[]).length).toBe(5)
  })

  it('shows channels with message counts, recent messages and users for the connection detail', async () => {
    const [slack] = connectionsOf('slack')
    expect(t.core.simulation.simulationOf('slack')).toBe(slackSimulation)
    const repo = createSimulationRepo(t.db)
    const at = [t.workspaceId, slack!.id] as const
    const objects: AccountObjects = {
      get: (kind, scope, num) => repo.get(...at, kind, scope, num),
      put: () => {
        throw new Error('the view only reads')
      },
      page: (kind, scope, tag, limit, offset, order) =>
        repo.page(...at, kind, scope, tag, limit, offset, order),
    }
    const state = JSON.parse(repo.account(...at)!.state) as SlackState
    const view = slackSimulation.accountView!(objects, state)
    expect(view.map((s) => s.title)).toEqual(['Channels', 'Recent messages', 'Users'])
    expect(view[0]!.rows.map((r) => [r[0], r[3]])).toEqual([
      ['#general', '3'],
      ['#random', '0'],
      ['#deploys', '3'],
      ['#support', '2'],
      ['#leadership', '1'],
    ])
    expect(view[1]!.rows[0]![2]).toBe('Q3 planning doc is ready for review.')
    expect(view[2]!.rows.map((r) => r[0])).toEqual(['@admin', '@jenny', '@marcus', '@priya', '@slackbot'])
  })

  it('offers example calls that each succeed on a seeded account', async () => {
    const [slack] = connectionsOf('slack')
    for (const example of slackSimulation.exampleCalls!) {
      const res = await t.req(example.method, `/proxy/${slack!.id}${example.path}`, {
        key: t.secretKey,
        ...(example.body !== undefined && { body: example.body }),
      })
      const answer = (await res.json()) as Answer
      expect(answer.ok, `${example.label}: ${JSON.stringify(answer)}`).toBe(true)
    }
  })

  it('works for a fixture-declared simulated Slack connection, as for GitHub', async () => {
    fixturesOf(t.core).apply({
      workspaces: [
        {
          name: 'default',
          connections: [
            {
              id: 'conn_acme_slack',
              provider: 'slack',
              tenant_id: 'acme',
              scopes: ['chat:write', 'channels:read'],
            },
          ],
        },
      ],
    })
    expect(await call('conn_acme_slack', 'auth.test')).toMatchObject({ ok: true, team: 'Acme' })
    expect(
      await call('conn_acme_slack', 'chat.postMessage', { channel: '#general', text: 'from fixtures' }),
    ).toMatchObject({ ok: true, message: { text: 'from fixtures' } })
    expect(await call('conn_acme_slack', 'users.list')).toMatchObject({ ok: false, error: 'missing_scope' })
  })

  it('triggers `message` and `channel_created` samples shaped like the simulated deliveries', async () => {
    const keysOf = (type: string, hooks: ReturnType<typeof capturedWebhooks>) => {
      const hook = hooks.find((h) => (h.body.event as { type: string; subtype?: string }).type === type)!
      return { envelope: Object.keys(hook.body).sort(), event: Object.keys(hook.body.event as object).sort() }
    }
    const { params } = await simulatedFlow(t, {
      provider: 'slack',
      tenant_id: 'shapes',
      scopes: ['channels:manage', 'chat:write'],
    })
    const conn = params.get('connection_id')!
    expect((await call(conn, 'conversations.create', { name: 'shaped' })).ok).toBe(true)
    expect((await call(conn, 'chat.postMessage', { channel: '#shaped', text: 'shape' })).ok).toBe(true)
    await t.core.simulation.settled()
    const emitted = capturedWebhooks(t.db, 'slack')
    for (const type of ['message', 'channel_created']) {
      const res = await t.req('POST', '/api/events/trigger', {
        key: t.secretKey,
        body: { provider: 'slack', type },
      })
      expect(res.status, await res.clone().text()).toBe(201)
      const { id } = (await res.json()) as { id: string }
      const triggered = capturedWebhooks(t.db, 'slack').filter((h) => h.id === id)
      expect(keysOf(type, triggered)).toEqual(keysOf(type, emitted))
    }
  })
})
