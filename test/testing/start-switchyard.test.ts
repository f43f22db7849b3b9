import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSwitchyard } from '../../src/testing/index.js'
import { tempDir } from '../helpers/app.js'

const FIXTURES_FILE = join(import.meta.dirname, 'fixtures.json')
const FIXED_SECRET = 'sk_4izHZPWiXYFVfO8tzMUl91xKcyluBfiM4Sdl7B'

describe('startSwitchyard', () => {
  it('starts in process with a fixtures file: the fixed secret key works at once', async () => {
    const sy = await startSwitchyard({ fixtures: FIXTURES_FILE })
    try {
      expect(sy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(sy.secretKey).toBe(FIXED_SECRET)
      expect((await sy.client.getConnection('conn_acme_github')).tenant_id).toBe('acme')
      const ui = await fetch(`${sy.url}/api/workspace`, {
        headers: { authorization: `Bearer ${sy.adminToken}` },
      })
      expect(ui.status).toBe(200)
    } finally {
      await sy.stop()
    }
  })

  it('takes fixtures as an object, and refuses invalid ones before starting', async () => {
    const doc = JSON.parse(readFileSync(FIXTURES_FILE, 'utf8'))
    const sy = await startSwitchyard({ fixtures: doc })
    await sy.stop()
    doc.workspaces[0].connections[0].status = 'sleeping'
    await expect(startSwitchyard({ fixtures: doc })).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [{ pointer: '/workspaces/0/connections/0/status', detail: expect.any(String) }],
    })
  })

  it('without fixtures gives working keys of workspace default, not rate limited', async () => {
    const sy = await startSwitchyard()
    try {
      expect(sy.secretKey).toMatch(/^sk_/)
      expect(sy.publishableKey).toMatch(/^pk_/)
      expect(await sy.client.getWorkspace()).toMatchObject({ name: 'default', tier: 'enterprise' })
    } finally {
      await sy.stop()
    }
  })

  it('stop() removes its temporary data folder but keeps a given one', async () => {
    const given = tempDir()
    try {
      const before = new Set(readdirSync(tmpdir()))
      const own = await startSwitchyard()
      const created = readdirSync(tmpdir()).filter((d) => !before.has(d) && d.startsWith('switchyard-test-'))
      expect(created.length).toBeGreaterThan(0)
      const kept = await startSwitchyard({ dataDir: given.dir })
      await own.stop()
      await kept.stop()
      expect(created.filter((d) => existsSync(join(tmpdir(), d)))).toEqual([])
      expect(existsSync(join(given.dir, 'switchyard.db'))).toBe(true)
    } finally {
      given.cleanup()
    }
  })

  it('waitForEvent refuses a bad filter and times out with the SDK error', async () => {
    const sy = await startSwitchyard()
    try {
      await expect(sy.waitForEvent({ colour: { eq: 'red' } }, { timeoutMs: 10 })).rejects.toMatchObject({
        name: 'SwitchyardError',
        status: 400,
        errors: [{ pointer: '/filter/colour', detail: expect.any(String) }],
      })
      await expect(sy.waitForEvent({ provider: { eq: 'never' } }, { timeoutMs: 10 })).rejects.toMatchObject({
        name: 'SwitchyardError',
        code: 'wait_timeout',
      })
    } finally {
      await sy.stop()
    }
  })

  it('two in one process do not interfere', async () => {
    const [a, b] = await Promise.all([startSwitchyard({ fixtures: FIXTURES_FILE }), startSwitchyard()])
    try {
      expect(a.url).not.toBe(b.url)
      await a.client.triggerEvent({ provider: 'github', type: 'push' })
      expect(
        (await a.client.searchEvents({ filter: { type: { eq: 'webhook.received' } } })).data,
      ).toHaveLength(1)
      expect(
        (await b.client.searchEvents({ filter: { type: { eq: 'webhook.received' } } })).data,
      ).toHaveLength(0)
      expect(
        await fetch(`${b.url}/api/workspace`, { headers: { authorization: `Bearer ${a.secretKey}` } }).then(
          (r) => r.status,
        ),
      ).toBe(401)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it('reset() puts the fixtures back and empties the rest', async () => {
    const sy = await startSwitchyard({ fixtures: FIXTURES_FILE })
    try {
      await sy.client.revokeConnection('conn_acme_github')
      await sy.client.triggerEvent({ provider: 'github', type: 'push' })
      await sy.reset()
      expect((await sy.client.getConnection('conn_acme_github')).status).toBe('active')
      const webhooks = await sy.client.searchEvents({ filter: { type: { eq: 'webhook.received' } } })
      expect(webhooks.data).toEqual([])
    } finally {
      await sy.stop()
    }
  })

  it("the SDK's resetWorkspace takes fixtures too (over HTTP)", async () => {
    const sy = await startSwitchyard()
    try {
      const result = await sy.client.resetWorkspace({
        fixtures: {
          workspaces: [
            { name: 'default', connections: [{ id: 'conn_x', provider: 'github', tenant_id: 't1' }] },
          ],
        },
      })
      expect(result.created?.connections).toBe(1)
      expect((await sy.client.getConnection('conn_x')).tenant_id).toBe('t1')
    } finally {
      await sy.stop()
    }
  })

  it('waitForEvent resolves on the webhook the app under test sends', async () => {
    const sy = await startSwitchyard({ fixtures: FIXTURES_FILE })
    try {
      const waiting = sy.waitForEvent({ provider: { eq: 'github' } }, { timeoutMs: 30_000 })
      const sent = await sy.client.triggerEvent({ provider: 'github', type: 'push' })
      expect((await waiting).id).toBe(sent.id)
    } finally {
      await sy.stop()
    }
  })
})
