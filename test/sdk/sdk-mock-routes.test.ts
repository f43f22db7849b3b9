import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Switchyard } from '../../src/sdk/index.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { simulatedConnect } from '../simulation/helpers.js'

/** The SDK's mock route methods against a real gateway, and the proxy answering with what they made. */
const data = tempDir()
let server: RunningServer
let sdk: Switchyard
let conn: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  sdk = new Switchyard({ apiKey: firstSecretKey(server), baseUrl: server.url })
  conn = await simulatedConnect(server, 'stripe')
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('SDK mock routes', () => {
  it('creates, lists, searches, updates, gets and deletes; the proxy answers with the route', async () => {
    const route = await sdk.createMockRoute({
      provider: 'stripe',
      path: '/v1/balance',
      body: '{"object":"balance"}',
    })
    expect(route).toMatchObject({ method: 'GET', status: 200, enabled: true })
    expect((await sdk.listMockRoutes({ provider: 'stripe' })).data.map((r) => r.id)).toEqual([route.id])
    const page = await sdk.searchMockRoutes({
      filter: { path: { eq: '/v1/balance' } },
      fields: ['id', 'path'],
    })
    expect(page.data).toEqual([{ id: route.id, created_at: route.created_at, path: '/v1/balance' }])

    const answer = await sdk.proxy(conn, '/v1/balance')
    expect(answer.headers.get('switchyard-proxy-mode')).toBe('mock')
    expect(await answer.json()).toEqual({ object: 'balance' })

    expect((await sdk.updateMockRoute(route.id, { enabled: false })).enabled).toBe(false)
    expect((await sdk.getMockRoute(route.id)).enabled).toBe(false)
    await sdk.deleteMockRoute(route.id)
    await expect(sdk.getMockRoute(route.id)).rejects.toMatchObject({ status: 404, code: 'not_found' })
  })
})
