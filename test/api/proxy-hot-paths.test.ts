import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * The proxy's caches behave like no cache: live calls reuse one kept-alive connection to the
 * provider, and replay sees a recording added, deleted or imported on the very next call.
 */
let dp: DataPlane
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
})
let gatewayClosed = false
afterAll(async () => {
  if (!gatewayClosed) await dp.gateway.close()
  await dp.oauth.close()
  await dp.api.close()
})

it('two sequential live calls reuse one connection to the provider', async () => {
  await dp.setMode('live')
  const before = dp.api.connections()
  for (let i = 0; i < 2; i++) {
    const res = await dp.proxy(conn, '/echo', { method: 'POST', body: `{"call":${i}}` })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(`{"call":${i}}`)
  }
  expect(dp.api.connections() - before).toBe(1)
})

const cassette = (body: string) => ({
  version: 1,
  entries: [
    {
      provider: 'local-api',
      recorded_at: '2026-01-01T00:00:00.000Z',
      duration_ms: 1,
      request: { method: 'GET', path: '/cached', query: '', headers: [], body: '', body_encoding: 'utf8' },
      response: {
        status: 200,
        headers: [['content-type', 'application/json']],
        body,
        body_encoding: 'utf8',
      },
    },
  ],
})

it('replay sees a recording imported, recorded or deleted on the very next call', async () => {
  await dp.setMode('replay')
  expect((await dp.proxy(conn, '/cached')).status).toBe(404)

  const first = await dp.gateway.api('POST', '/api/recordings/import', cassette('{"v":1}'))
  expect(first.body).toEqual({ imported: 1, skipped: 0 })
  expect(await (await dp.proxy(conn, '/cached')).json()).toEqual({ v: 1 })
  expect(await (await dp.proxy(conn, '/cached')).json()).toEqual({ v: 1 })

  // A newer recording of the same request answers from the next call on.
  await dp.setMode('record')
  expect((await dp.proxy(conn, '/cached')).status).toBe(200)
  await dp.setMode('replay')
  const recorded = await (await dp.proxy(conn, '/cached')).json()
  expect(recorded).toMatchObject({ method: 'GET', url: '/v1/cached' })

  const found = await dp.gateway.api('POST', '/api/recordings/search', {
    filter: { path: { eq: '/cached' } },
    limit: 100,
  })
  for (const rec of found.body.data as Array<{ id: string }>) {
    expect((await dp.gateway.api('DELETE', `/api/recordings/${rec.id}`)).status).toBe(204)
  }
  expect((await dp.proxy(conn, '/cached')).status).toBe(404)
})

it('closing the gateway closes its kept-alive connections to the provider', async () => {
  await dp.setMode('live')
  expect((await dp.proxy(conn, '/echo', { method: 'POST', body: '{}' })).status).toBe(200)
  expect(dp.api.openConnections()).toBeGreaterThan(0)
  gatewayClosed = true
  await dp.gateway.close()
  await expect.poll(() => dp.api.openConnections()).toBe(0)
})
