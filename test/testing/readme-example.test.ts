import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { type RunningSwitchyard, startSwitchyard } from '../../src/testing/index.js'

// The code under test: your app signs a GitHub-style webhook and posts it to the URL it is given.
async function announceDeploy(webhookUrl: string, secret: string, ref: string) {
  const body = JSON.stringify({ ref, after: 'f00dfeed' })
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
  await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': signature,
    },
    body,
  })
}

let sy: RunningSwitchyard

beforeAll(async () => {
  sy = await startSwitchyard({
    fixtures: {
      workspaces: [
        {
          name: 'default',
          api_keys: [{ name: 'CI', key: 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B' }],
          provider_configs: [{ id: 'pcfg_github', provider: 'github', webhook_secret: 'test-secret' }],
          connections: [{ id: 'conn_acme', provider: 'github', tenant_id: 'acme', scopes: ['repo'] }],
        },
      ],
    },
  })
})
afterAll(() => sy.stop())
beforeEach(() => sy.reset()) // every test starts from the fixtures again

test('a deploy is announced with a signed push webhook', async () => {
  const received = sy.waitForEvent({ provider: { eq: 'github' }, provider_event_type: { eq: 'push' } })
  await announceDeploy(`${sy.url}/webhooks/github`, 'test-secret', 'refs/heads/main')
  const event = await received
  expect(event.signature).toBe('valid')
  expect((await sy.client.getConnection('conn_acme')).status).toBe('active')
})
