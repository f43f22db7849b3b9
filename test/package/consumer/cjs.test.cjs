// Runs in a fresh project that installed the packed tarball, under vitest (--globals) and jest.
const { join } = require('node:path')
const { startSwitchyard } = require('switchyard/testing')

const FIXED_SECRET = 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B'
let sy

beforeAll(async () => {
  sy = await startSwitchyard({ fixtures: join(__dirname, 'fixtures.json') })
})
afterAll(() => sy.stop())

test('a fixed secret key from the fixtures works at once (CommonJS)', async () => {
  const res = await fetch(`${sy.url}/api/connections/conn_acme_github`, {
    headers: { authorization: `Bearer ${FIXED_SECRET}` },
  })
  expect(res.status).toBe(200)
  expect((await res.json()).tenant_id).toBe('acme')
})

test('waitForEvent sees the webhook sent after it (CommonJS)', async () => {
  const waiting = sy.waitForEvent({ provider: { eq: 'github' } }, { timeoutMs: 10000 })
  const sent = await sy.client.triggerEvent({ provider: 'github', type: 'push' })
  expect((await waiting).id).toBe(sent.id)
})
