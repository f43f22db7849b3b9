import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../src/core/seed/demo-seed.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** `seed demo` fills the simulated GitHub accounts of its GitHub connections. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('seed demo and the simulated GitHub', () => {
  it('gives each active demo GitHub connection repositories, issues and comments, reachable through the proxy', async () => {
    const summary = await seedDemo(t.core, t.workspaceId, { events: 0 })
    expect(summary.simulated_github_requests).toBeGreaterThan(0)
    const github = t.db
      .prepare("SELECT id, tenant_id FROM connections WHERE provider = 'github' AND status = 'active'")
      .all() as Array<{ id: string; tenant_id: string }>
    expect(github.length).toBeGreaterThan(0)
    const { id, tenant_id: login } = github[0]!
    const get = async (path: string) => {
      const res = await t.req('GET', `/proxy/${id}${path}`, { key: t.secretKey })
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
      return res.json()
    }
    const repos = await get('/user/repos')
    expect(repos.map((r: { name: string }) => r.name)).toEqual(['infra', 'storefront', 'webhooks-worker'])
    const open = await get(`/repos/${login}/storefront/issues`)
    expect(open.map((i: { title: string }) => i.title)).toEqual([
      'Add Apple Pay to checkout',
      'Checkout fails when the cart has 100+ items',
    ])
    const all = await get(`/repos/${login}/storefront/issues?state=all`)
    expect(all).toHaveLength(3)
    const comments = await get(`/repos/${login}/storefront/issues/1/comments`)
    expect(comments.map((c: { body: string }) => c.body)).toEqual([
      'Reproduced on staging.',
      'Fix in review.',
    ])
  })
})
