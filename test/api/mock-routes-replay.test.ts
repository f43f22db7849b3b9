import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * A real connection in replay mode asks the workspace's mock routes before its recordings (both
 * offline and deliberate); in live mode mock routes never answer: the provider does.
 */
let dp: DataPlane
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
  const route = await dp.gateway.api('POST', '/api/mock-routes', {
    provider: 'local-api',
    path: '/echo',
    body: '{"mocked":true}',
  })
  expect(route.status, JSON.stringify(route.body)).toBe(201)
})
afterAll(() => dp.close())

const setMode = async (mode: 'live' | 'replay') => {
  const res = await dp.gateway.api('PATCH', `/api/provider-configs/${dp.configId}`, { proxy_mode: mode })
  expect(res.status).toBe(200)
}

describe('mock routes on a real connection', () => {
  it('answer in replay mode, before recordings', async () => {
    await setMode('replay')
    const res = await dp.proxy(conn, '/echo')
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await res.json()).toEqual({ mocked: true })
    // A call no route matches still needs a recording.
    expect((await dp.proxy(conn, '/other')).status).toBe(404)
  })

  it('never answer in live mode', async () => {
    await setMode('live')
    const res = await dp.proxy(conn, '/echo')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('live')
    expect(await res.text()).not.toContain('mocked')
  })
})
