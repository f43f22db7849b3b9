import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../helpers/app.js'

const t = await createTestApp()
afterAll(() => t.close())

describe('POST /api/reset', () => {
  it("empties the caller's workspace but keeps its keys working", async () => {
    await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'github', webhook_secret: 's' },
    })
    t.core.events.emit(t.workspaceId, { type: 'test.event' })
    const res = await t.req('POST', '/api/reset', { key: t.secretKey })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.workspace).toBe('default')
    expect(body.deleted).toMatchObject({ provider_configs: 1, events: 1 })
    const configs = await (
      await t.req('POST', '/api/provider-configs/search', { key: t.secretKey, body: {} })
    ).json()
    expect(configs.data).toEqual([])
    expect((await t.req('POST', '/api/api-keys/search', { key: t.secretKey })).status).toBe(200)
  })

  it('leaves other workspaces alone', async () => {
    const other = t.core.workspaces.create({ name: 'other-ws', tier: 'enterprise', rpm: 1_000_000 })
    const otherKey = t.core.apiKeys.create(other.id, { name: 'k', role: 'secret' }).key
    t.core.events.emit(other.id, { type: 'kept.event' })
    await t.req('POST', '/api/reset', { key: t.secretKey })
    const events = await (await t.req('POST', '/api/events/search', { key: otherKey, body: {} })).json()
    expect(events.data.map((e: { type: string }) => e.type)).toContain('kept.event')
  })

  it('needs a secret key', async () => {
    expect((await t.req('POST', '/api/reset', { key: t.publishableKey })).status).toBe(403)
  })
})
