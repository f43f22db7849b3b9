import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoGithubRequests } from '../../src/core/providers-kit/github/seed.js'
import { Switchyard } from '../../src/sdk/index.js'
import { count, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/** `GET /api/connections/{id}/simulation`: what the dashboard shows of a simulated account. */
let t: TestApp
const connect = async (provider = 'github', tenant = 'acme') =>
  (await simulatedFlow(t, { provider, tenant_id: tenant })).params.get('connection_id')!
const view = (id: string, key = t.secretKey) => t.req('GET', `/api/connections/${id}/simulation`, { key })
const viewOf = async (id: string) => {
  const res = await view(id)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as {
    provider: string
    simulated: true
    sections: Array<{ title: string; columns: string[]; rows: string[][] }>
    example_calls: Array<{ label: string; method: string; path: string; body?: unknown }>
    faults: Array<{ kind: string; remaining: number }>
  }
}
const section = (v: Awaited<ReturnType<typeof viewOf>>, title: string) => {
  const found = v.sections.find((s) => s.title === title)
  expect(found, `section ${title}`).toBeDefined()
  return found!
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the simulated GitHub account', () => {
  it('a fresh account shows empty repository and issue tables, and reading it stores nothing', async () => {
    const id = await connect()
    const before = count(t, 'simulation_accounts')
    const v = await viewOf(id)
    expect(v).toMatchObject({ provider: 'github', simulated: true, faults: [] })
    expect(v.sections).toEqual([
      { title: 'Repositories', columns: ['Name', 'Visibility', 'Open issues'], rows: [] },
      {
        title: 'Recent issues',
        columns: ['Repository', 'Number', 'Title', 'State', 'Comments'],
        rows: [],
      },
    ])
    expect(count(t, 'simulation_accounts')).toBe(before)
  })

  it('after seeding, shows the repositories by name and the newest issues first', async () => {
    const id = await connect('github', 'seeded')
    t.core.simulation.seed(t.workspaceId, id, demoGithubRequests('seeded'))
    const v = await viewOf(id)
    expect(section(v, 'Repositories').rows).toEqual([
      ['seeded/infra', 'private', '0'],
      ['seeded/storefront', 'public', '2'],
      ['seeded/webhooks-worker', 'public', '1'],
    ])
    const issues = section(v, 'Recent issues').rows
    expect(issues[0]).toEqual([
      'webhooks-worker',
      '#2',
      'Signature check fails after secret rotation',
      'closed',
      '0',
    ])
    expect(issues).toContainEqual([
      'storefront',
      '#1',
      'Checkout fails when the cart has 100+ items',
      'open',
      '2',
    ])
    expect(issues).toHaveLength(5)
  })

  it('an issue created through the proxy shows first, and its repository counts it', async () => {
    const id = await connect('github', 'maker')
    t.core.simulation.seed(t.workspaceId, id, demoGithubRequests('maker'))
    const res = await t.req('POST', `/proxy/${id}/repos/maker/storefront/issues`, {
      key: t.secretKey,
      body: { title: 'Made through the proxy' },
    })
    expect(res.status).toBe(201)
    const v = await viewOf(id)
    expect(section(v, 'Recent issues').rows[0]).toEqual([
      'storefront',
      '#4',
      'Made through the proxy',
      'open',
      '0',
    ])
    expect(section(v, 'Repositories').rows).toContainEqual(['maker/storefront', 'public', '3'])
  })

  it('the example calls name the account and a seeded repository, and each works through the proxy', async () => {
    const id = await connect('github', 'demo-user')
    t.core.simulation.seed(t.workspaceId, id, demoGithubRequests('demo-user'))
    const v = await viewOf(id)
    expect(v.example_calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /user',
      'GET /user/repos?per_page=30',
      'POST /user/repos',
      'GET /repos/demo-user/storefront/issues?state=open',
      'POST /repos/demo-user/storefront/issues',
    ])
    for (const call of v.example_calls) {
      const res = await t.req(call.method, `/proxy/${id}${call.path}`, { key: t.secretKey, body: call.body })
      expect(res.status, `${call.label}: ${await res.clone().text()}`).toBeLessThan(300)
    }
  })

  it('on a fresh account the examples work in order: the issue calls use the repository the create makes', async () => {
    const id = await connect('github', 'newcomer')
    const calls = (await viewOf(id)).example_calls
    for (const call of calls) {
      const res = await t.req(call.method, `/proxy/${id}${call.path}`, { key: t.secretKey, body: call.body })
      expect(res.status, `${call.label}: ${await res.clone().text()}`).toBeLessThan(300)
    }
    const next = await viewOf(id)
    // The repository now exists, so the create example offers a new name.
    expect(
      next.example_calls.find((c) => c.method === 'POST' && c.path === '/user/repos')?.body,
    ).toMatchObject({
      name: 'hello-switchyard-2',
    })
    expect(section(next, 'Recent issues').rows).toHaveLength(1)
  })

  it('the SDK reads it with getSimulation(connectionId)', async () => {
    const id = await connect('github', 'sdk-user')
    const sdk = new Switchyard({
      apiKey: t.secretKey,
      baseUrl: 'http://127.0.0.1:4747',
      // Through the app in process, with the loopback Host a real request to 127.0.0.1 carries.
      fetch: (input, init) => {
        const headers = new Headers(init?.headers)
        headers.set('host', '127.0.0.1:4747')
        return Promise.resolve(t.app.request(String(input), { ...init, headers }))
      },
    })
    const v = await sdk.getSimulation(id)
    expect(v.provider).toBe('github')
    expect(v.example_calls[0]).toEqual({ label: 'Get the user', method: 'GET', path: '/user' })
  })

  it('lists the faults injected since the last clear', async () => {
    const id = await connect('github', 'faulty')
    const added = await t.req('POST', `/api/connections/${id}/faults`, {
      key: t.secretKey,
      body: { kind: 'rate_limit', count: 2 },
    })
    expect(added.status).toBe(201)
    expect((await viewOf(id)).faults).toMatchObject([{ kind: 'rate_limit', remaining: 2 }])
    await t.req('DELETE', `/api/connections/${id}/faults`, { key: t.secretKey })
    expect((await viewOf(id)).faults).toEqual([])
  })
})

describe('connections without an account to show', () => {
  it('a simulated connection of a provider with no built-in simulation has no sections and no examples', async () => {
    const id = await connect('trello', 'acme')
    const v = await viewOf(id)
    expect(v).toEqual({ provider: 'trello', simulated: true, sections: [], example_calls: [], faults: [] })
  })

  it('an unknown connection is a 404', async () => {
    const res = await view('conn_nope')
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('not_found')
  })

  it('an id longer than 200 characters is a 400', async () => {
    const res = await view('c'.repeat(201))
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_request')
  })

  it('an unknown query parameter is a 400', async () => {
    const id = await connect('github', 'query')
    const res = await t.req('GET', `/api/connections/${id}/simulation?rows=5`, { key: t.secretKey })
    expect(res.status).toBe(400)
  })

  it('a publishable key is refused', async () => {
    const id = await connect('github', 'pk')
    expect((await view(id, t.publishableKey)).status).toBe(403)
  })
})

describe('a real connection', () => {
  let dp: DataPlane
  beforeAll(async () => {
    dp = await startDataPlane()
  })
  afterAll(() => dp.close())

  it('is a 409 saying only simulated connections have an account to show, and stores nothing', async () => {
    const id = await dp.connect()
    const res = await dp.gateway.api('GET', `/api/connections/${id}/simulation`)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('conflict')
    expect(res.body.detail).toMatch(/real connection; only a simulated connection has a simulated account/)
    const accounts = dp.gateway.server.core.db
      .prepare('SELECT count(*) AS n FROM simulation_accounts')
      .get() as { n: number }
    expect(accounts.n).toBe(0)
  })
})
