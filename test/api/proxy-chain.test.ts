import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { cassetteEntry } from '../helpers/cassette.js'

/**
 * The proxy chain of a simulated connection: its faults apply whatever answers (a mock route, a
 * recording, the simulation), and when nothing answers the 501 names every answerer it asked.
 */
let t: TestApp
let conn: string
const call = (path: string) => t.req('GET', `/proxy/${conn}${path}`, { key: t.secretKey })
const addFault = async (body: unknown) => {
  const res = await t.req('POST', `/api/connections/${conn}/faults`, { key: t.secretKey, body })
  expect(res.status, await res.clone().text()).toBe(201)
}

beforeAll(async () => {
  t = await createTestApp()
  conn = (await simulatedFlow(t, { provider: 'github', tenant_id: 'chain' })).params.get('connection_id')!
  const route = await t.req('POST', '/api/mock-routes', {
    key: t.secretKey,
    body: { provider: 'github', path: '/mocked/thing', body: '{"mocked":true}' },
  })
  expect(route.status).toBe(201)
  const cassette = await t.req('POST', '/api/recordings/import', {
    key: t.secretKey,
    body: {
      version: 1,
      entries: [
        cassetteEntry('github', '/recorded/thing', {
          headers: [['content-type', 'application/json']],
          body: '{"recorded":true}',
        }),
      ],
    },
  })
  expect(cassette.status, await cassette.clone().text()).toBe(200)
})
afterAll(() => t.close())

describe('faults around the whole chain of a simulated connection', () => {
  it('answer before a mock route and a recording would (server_error, rate_limit)', async () => {
    expect((await call('/mocked/thing')).headers.get('switchyard-proxy-mode')).toBe('mock')
    expect((await call('/recorded/thing')).headers.get('switchyard-proxy-mode')).toBe('replay')

    await addFault({ kind: 'server_error', count: 2, status: 503 })
    for (const path of ['/mocked/thing', '/recorded/thing']) {
      const failed = await call(path)
      expect(failed.status).toBe(503)
      expect(failed.headers.get('switchyard-proxy-mode')).toBe('simulated')
      expect((await failed.json()).message).toBe('Service Unavailable')
    }
    expect((await call('/mocked/thing')).status).toBe(200)

    await addFault({ kind: 'rate_limit', count: 2 })
    for (const path of ['/mocked/thing', '/recorded/thing']) {
      const limited = await call(path)
      expect(limited.status).toBe(403)
      expect(limited.headers.get('retry-after')).toBe('60')
    }
    const answered = await call('/recorded/thing')
    expect(answered.status).toBe(200)
    expect(await answered.json()).toEqual({ recorded: true })
  })

  it('latency delays a mock route’s answer too', async () => {
    const delay = vi.spyOn(t.core.simulation.timing, 'delay').mockResolvedValue()
    try {
      await addFault({ kind: 'latency', ms: 1200, count: 1 })
      expect((await call('/mocked/thing')).status).toBe(200)
      expect(delay).toHaveBeenCalledWith(1200)
    } finally {
      delay.mockRestore()
    }
  })

  it('a fault on a provider without a simulation answers plain JSON', async () => {
    const other = (await simulatedFlow(t, { provider: 'trello', tenant_id: 'chain2' })).params.get(
      'connection_id',
    )!
    const res = await t.req('POST', `/api/connections/${other}/faults`, {
      key: t.secretKey,
      body: { kind: 'server_error', count: 1, status: 502 },
    })
    expect(res.status).toBe(201)
    const failed = await t.req('GET', `/proxy/${other}/v1/customers`, { key: t.secretKey })
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ error: 'server_error', simulated_fault: true })
  })
})

describe('links in stored answers', () => {
  it('a recording answering a simulated connection points its provider links back at the proxy', async () => {
    const imported = await t.req('POST', '/api/recordings/import', {
      key: t.secretKey,
      body: {
        version: 1,
        entries: [
          cassetteEntry('github', '/recorded/list', {
            headers: [
              ['content-type', 'application/json'],
              ['link', '<https://api.github.com/recorded/list?page=2>; rel="next"'],
            ],
            body: '[]',
          }),
        ],
      },
    })
    expect(imported.status).toBe(200)
    const res = await call('/recorded/list')
    expect(res.status).toBe(200)
    // The gateway's origin as the client reached it (app.request's is http://localhost).
    expect(res.headers.get('link')).toBe(`<http://localhost/proxy/${conn}/recorded/list?page=2>; rel="next"`)
  })
})

describe('nothing answers', () => {
  it('501 names each answerer of the chain (GitHub’s 404 through the proxy, the problem kept)', async () => {
    const res = await call('/no/such/thing')
    expect(res.status).toBe(404)
    expect((await res.json()).switchyard.detail).toMatch(
      /no mock route, built-in simulation, OpenAPI operation or recording matches/,
    )
  })
})
