import { afterAll, describe, expect, it } from 'vitest'
import { fixturesOf } from '../../src/core/fixtures/fixtures.service.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp } from '../helpers/app.js'

/** Fixtures may declare mock routes: applied with POST /api/reset, idempotent, refused whole when bad. */
const t = await createTestApp()
afterAll(() => t.close())

const route = {
  id: 'mock_stripe_customer',
  provider: 'stripe',
  path: '/v1/customers/:id',
  body: '{"id":"{{params.id}}","object":"customer"}',
}
const reset = (mockRoutes: unknown[]) =>
  t.req('POST', '/api/reset', {
    key: t.secretKey,
    body: { fixtures: { workspaces: [{ name: 'default', mock_routes: mockRoutes }] } },
  })

describe('fixtures with mock routes', () => {
  it('declared mock routes answer a simulated connection, and applying again creates nothing', async () => {
    const res = await reset([route])
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as { created: { mock_routes: number } }).created.mock_routes).toBe(1)
    expect(
      fixturesOf(t.core).apply({ workspaces: [{ name: 'default', mock_routes: [route] }] }).mock_routes,
    ).toBe(0)

    const conn = (await simulatedFlow(t, { provider: 'stripe', tenant_id: 'acme' })).params.get(
      'connection_id',
    )!
    const answer = await t.req('GET', `/proxy/${conn}/v1/customers/cus_7`, { key: t.secretKey })
    expect(answer.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await answer.json()).toEqual({ id: 'cus_7', object: 'customer' })
  })

  it('a bad mock route refuses the fixtures whole, by JSON pointer', async () => {
    const res = await reset([route, { ...route, id: 'mock_bad', path: '/v1/*/x' }])
    expect(res.status).toBe(400)
    const problem = (await res.json()) as { errors: Array<{ pointer: string }> }
    expect(problem.errors.map((e) => e.pointer)).toEqual(['/fixtures/workspaces/0/mock_routes/1/path'])
    // The workspace kept what it had: nothing was reset or applied.
    expect(t.db.prepare('SELECT id FROM mock_routes').all()).toEqual([{ id: 'mock_stripe_customer' }])
  })

  it('a status that cannot have a body is refused at its pointer', async () => {
    const res = await reset([{ ...route, status: 304 }])
    expect(res.status).toBe(400)
    const problem = (await res.json()) as { errors: Array<{ pointer: string }> }
    expect(problem.errors.map((e) => e.pointer)).toEqual(['/fixtures/workspaces/0/mock_routes/0/body'])
  })
})
