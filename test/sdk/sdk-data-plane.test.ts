import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Switchyard, SwitchyardError } from '../../src/sdk/index.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { patternBytes, sha256 } from '../helpers/provider-api.js'

/** The SDK's data-plane operations against the real gateway, a strict OAuth server and a local provider API. */
let dp: DataPlane
let sdk: Switchyard
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  sdk = new Switchyard({ apiKey: dp.secretKey, baseUrl: dp.gateway.server.url })
  conn = await dp.connect(30)
})
afterAll(() => dp.close())

describe('SDK data plane', () => {
  it('getConnectionCredentials refreshes a token about to expire, and forceRefresh refreshes regardless', async () => {
    const first = await sdk.getConnectionCredentials(conn)
    expect(first).toMatchObject({ connection_id: conn, provider: 'local-api', type: 'oauth2', mode: 'real' })
    expect(Date.parse(first.expires_at!)).toBeGreaterThan(Date.now() + 60_000)
    const forced = await sdk.getConnectionCredentials(conn, { forceRefresh: true })
    expect(forced.access_token).not.toBe(first.access_token)
    const again = await sdk.getConnectionCredentials(conn)
    expect(again.access_token).toBe(forced.access_token)
  })

  it('proxy() answers a standard Response with the provider status, headers and bytes', async () => {
    const body = patternBytes(300_000)
    const res = await sdk.proxy(conn, '/echo', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-test' },
    })
    // The fetch's own Response class (undici's); vitest's global may be another realm's.
    expect(res.constructor.name).toBe('Response')
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('live')
    expect(res.headers.get('content-type')).toBe('application/x-test')
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(body))
    const missing = await sdk.proxy(conn, 'status/404')
    expect(missing.status).toBe(404)
  })

  it('recordings: search, get, export, delete, import', async () => {
    await sdk.updateProviderConfig(dp.configId, { proxy_mode: 'record' })
    await (await sdk.proxy(conn, '/sdk-recorded?x=1')).text()
    const page = await sdk.searchRecordings({ filter: { path: { eq: '/sdk-recorded' } } })
    expect(page.data).toHaveLength(1)
    const recording = await sdk.getRecording(page.data[0]!.id!)
    expect(recording.status).toBe(200)
    const cassette = await sdk.exportRecordings({ provider: 'local-api' })
    expect(cassette.version).toBe(1)
    await sdk.deleteRecording(recording.id)
    await expect(sdk.getRecording(recording.id)).rejects.toBeInstanceOf(SwitchyardError)
    const imported = await sdk.importRecordings(cassette)
    expect(imported.imported).toBe(1)
  })
})
