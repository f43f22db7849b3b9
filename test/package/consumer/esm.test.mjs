// Runs in a fresh project that installed the packed tarball, under vitest (--globals) and jest (ESM).
import { join } from 'node:path'
import { Switchyard } from 'switchyard/sdk'
import { startSwitchyard } from 'switchyard/testing'

const FIXED_SECRET = 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B'
let sy

beforeAll(async () => {
  sy = await startSwitchyard({ fixtures: join(import.meta.dirname, 'fixtures.json') })
})
afterAll(() => sy.stop())

test('a fixed secret key from the fixtures works at once (ESM)', async () => {
  const client = new Switchyard({ apiKey: FIXED_SECRET, baseUrl: sy.url })
  expect(sy.secretKey).toBe(FIXED_SECRET)
  expect((await client.getConnection('conn_acme_github')).tenant_id).toBe('acme')
})

test('waitForEvent sees the webhook sent after it (ESM)', async () => {
  const waiting = sy.waitForEvent({ provider: { eq: 'github' } }, { timeoutMs: 10000 })
  const sent = await sy.client.triggerEvent({ provider: 'github', type: 'push' })
  expect((await waiting).id).toBe(sent.id)
})
