import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { count, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** `simulation.seed` stops at the provider's own kind of refusal and stores nothing of the batch. */
let t: TestApp
const connect = async (provider: string, tenant: string) =>
  (await simulatedFlow(t, { provider, tenant_id: tenant })).params.get('connection_id')!

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('seeding a simulated account', () => {
  it("stops at Slack's HTTP 200 ok:false refusal, naming it, and keeps nothing of the batch", async () => {
    const id = await connect('slack', 'refused')
    const list = () =>
      t.core.simulation.seed(t.workspaceId, id, [{ method: 'POST', path: '/conversations.list', body: {} }])
    const names = () => (list()[0]!.body as { channels: Array<{ name: string }> }).channels.map((c) => c.name)
    expect(names()).toContain('general') // the account exists, with its starting channels
    const objects = count(t, 'simulation_objects')
    const seed = () =>
      t.core.simulation.seed(t.workspaceId, id, [
        { method: 'POST', path: '/conversations.create', body: { name: 'kept-only-if-all-pass' } },
        { method: 'POST', path: '/chat.postMessage', body: { channel: 'C_NOWHERE', text: 'hi' } },
      ])
    expect(seed).toThrow(AppError)
    expect(seed).toThrow(/channel_not_found/)
    expect(names()).not.toContain('kept-only-if-all-pass')
    expect(count(t, 'simulation_objects')).toBe(objects)
  })

  it('stops at an HTTP 4xx for providers that refuse with a status (GitHub)', async () => {
    const id = await connect('github', 'refused')
    expect(() =>
      t.core.simulation.seed(t.workspaceId, id, [{ method: 'POST', path: '/user/repos', body: {} }]),
    ).toThrow(/422/)
  })
})
