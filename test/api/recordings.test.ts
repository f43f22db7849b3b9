import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { patternBytes, sha256 } from '../helpers/provider-api.js'

/**
 * Record and replay against real peers: record mode saves exchanges (credentials redacted) while
 * the answer streams; replay mode answers from recordings with the provider API stopped; cassettes
 * round-trip through export, reset and import.
 */
let dp: DataPlane
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
})
afterAll(() => dp.close())

const setMode = async (mode: 'live' | 'record' | 'replay', configId = dp.configId) => {
  const res = await dp.gateway.api('PATCH', `/api/provider-configs/${configId}`, { proxy_mode: mode })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.proxy_mode).toBe(mode)
}
const search = async (filter: Record<string, unknown>) => {
  const res = await dp.gateway.api('POST', '/api/recordings/search', { filter, limit: 100 })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as Array<Record<string, unknown>>
}
/** Status, headers that matter and body bytes of an answer, for comparing a replay with the original. */
const snapshot = async (res: Response) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  sha: res.headers.get('x-body-sha256'),
  body: sha256(new Uint8Array(await res.arrayBuffer())),
})

describe('record mode', () => {
  it('saves each exchange with credentials redacted and the rest as sent and received', async () => {
    await setMode('record')
    const res = await dp.proxy(conn, '/echo?z=1&a=2', {
      method: 'POST',
      body: '{"hello":"world"}',
      headers: {
        'content-type': 'application/json',
        cookie: 'sid=abc',
        'x-api-key': 'key-123',
        'x-trace': 'keep-me',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('live')
    expect(await res.text()).toBe('{"hello":"world"}')
    const [summary] = await search({ path: { eq: '/echo' }, method: { eq: 'POST' } })
    expect(summary).toMatchObject({
      provider: 'local-api',
      connection_id: conn,
      status: 200,
      query: 'z=1&a=2',
    })
    const full = await dp.gateway.api('GET', `/api/recordings/${summary!.id}`)
    expect(full.status).toBe(200)
    const rec = full.body as {
      request: { headers: Array<{ name: string; value: string }>; body: string }
      response: { headers: Array<{ name: string; value: string }>; body: string }
    }
    const req = Object.fromEntries(rec.request.headers.map((h) => [h.name.toLowerCase(), h.value]))
    expect(req).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-trace': 'keep-me',
      'content-type': 'application/json',
    })
    expect(rec.request.body).toBe('{"hello":"world"}')
    const setCookies = rec.response.headers.filter((h) => h.name.toLowerCase() === 'set-cookie')
    expect(setCookies.map((h) => h.value)).toEqual(['[redacted]', '[redacted]'])
    expect(rec.response.body).toBe('{"hello":"world"}')
    const text = JSON.stringify(rec)
    for (const secret of [...dp.oauth.issued, dp.secretKey, 'sid=abc', 'key-123', 's3cr3t']) {
      expect(text).not.toContain(secret)
    }
  })

  it('keeps binary bodies byte-exact in the recording', async () => {
    const body = patternBytes(70_000)
    await (await dp.proxy(conn, '/echo', { method: 'PUT', body })).arrayBuffer()
    const [summary] = await search({ method: { eq: 'PUT' }, path: { eq: '/echo' } })
    const full = await dp.gateway.api('GET', `/api/recordings/${summary!.id}`)
    const rec = full.body as { request: { body: string; body_encoding: string }; response: { body: string } }
    expect(rec.request.body_encoding).toBe('base64')
    expect(Buffer.from(rec.request.body, 'base64').equals(body)).toBe(true)
    expect(Buffer.from(rec.response.body, 'base64').equals(body)).toBe(true)
  })

  it('streams a response bigger than the recording cap in full, and does not record it', async () => {
    const n = 10 * 1024 * 1024 + 1
    const res = await dp.proxy(conn, `/bytes?n=${n}`)
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(patternBytes(n)))
    expect(await search({ path: { eq: '/bytes' } })).toEqual([])
  })

  it('searches recordings by provider, method, path, status and created_at', async () => {
    await (await dp.proxy(conn, '/status/404')).arrayBuffer()
    expect((await search({ status: { eq: 404 } })).map((r) => r.path)).toEqual(['/status/404'])
    expect((await search({ provider: { eq: 'local-api' } })).length).toBeGreaterThanOrEqual(3)
    expect(await search({ provider: { eq: 'github' } })).toEqual([])
    expect((await search({ method: { eq: 'PUT' } })).every((r) => r.method === 'PUT')).toBe(true)
    expect(await search({ created_at: { gt: '2100-01-01T00:00:00Z' } })).toEqual([])
    const bad = await dp.gateway.api('POST', '/api/recordings/search', { filter: { nope: { eq: 1 } } })
    expect(bad.status).toBe(400)
  })

  it('deletes a recording: 204, then 404', async () => {
    await (await dp.proxy(conn, '/to-delete')).arrayBuffer()
    const [rec] = await search({ path: { eq: '/to-delete' } })
    expect((await dp.gateway.api('DELETE', `/api/recordings/${rec!.id}`)).status).toBe(204)
    expect((await dp.gateway.api('GET', `/api/recordings/${rec!.id}`)).status).toBe(404)
    expect((await dp.gateway.api('DELETE', `/api/recordings/${rec!.id}`)).status).toBe(404)
  })
})

describe('replay mode, with the provider API stopped', () => {
  const originals = new Map<string, Awaited<ReturnType<typeof snapshot>>>()

  beforeAll(async () => {
    await setMode('record')
    originals.set('items', await snapshot(await dp.proxy(conn, '/items?a=1&b=2')))
    originals.set('A', await snapshot(await dp.proxy(conn, '/echo?q=s', { method: 'POST', body: 'A' })))
    originals.set('B', await snapshot(await dp.proxy(conn, '/echo?q=s', { method: 'POST', body: 'BB' })))
    await setMode('replay')
    await dp.api.close()
  })

  it('answers a recorded call identically, saying replay, with query parameters in any order', async () => {
    const res = await dp.proxy(conn, '/items?b=2&a=1')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('replay')
    expect(await snapshot(res)).toEqual(originals.get('items'))
  })

  it('prefers the recording with the identical request body, else the newest', async () => {
    expect(await snapshot(await dp.proxy(conn, '/echo?q=s', { method: 'POST', body: 'A' }))).toEqual(
      originals.get('A'),
    )
    expect(await snapshot(await dp.proxy(conn, '/echo?q=s', { method: 'POST', body: 'BB' }))).toEqual(
      originals.get('B'),
    )
    expect(await snapshot(await dp.proxy(conn, '/echo?q=s', { method: 'POST', body: 'other' }))).toEqual(
      originals.get('B'),
    )
  })

  it('answers 404 recording_not_found when nothing matches (another query, method or path)', async () => {
    for (const [path, method] of [
      ['/items?a=1', 'GET'],
      ['/items?a=1&b=2', 'DELETE'],
      ['/nothing', 'GET'],
    ] as const) {
      const res = await dp.proxy(conn, path, { method })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('switchyard-proxy-mode')).toBe('replay')
      expect((await res.json()).code).toBe('recording_not_found')
    }
  })

  it('round-trips through a cassette: export, reset, import, and replay answers identically', async () => {
    const exported = await fetch(`${dp.gateway.server.url}/api/recordings/export?provider=local-api`, {
      headers: { authorization: `Bearer ${dp.secretKey}` },
    })
    expect(exported.status).toBe(200)
    const text = await exported.text()
    const again = await (
      await fetch(`${dp.gateway.server.url}/api/recordings/export?provider=local-api`, {
        headers: { authorization: `Bearer ${dp.secretKey}` },
      })
    ).text()
    expect(again).toBe(text)
    const cassette = JSON.parse(text) as { version: number; entries: Array<Record<string, unknown>> }
    expect(cassette.version).toBe(1)
    expect(Object.keys(cassette.entries[0]!)).toEqual([
      'duration_ms',
      'provider',
      'recorded_at',
      'request',
      'response',
    ])
    for (const secret of [...dp.oauth.issued, dp.secretKey]) expect(text).not.toContain(secret)

    expect((await dp.gateway.api('POST', '/api/reset')).status).toBe(200)
    expect(await search({})).toEqual([])
    // The workspace is empty: the provider, its config (in replay mode) and a connection again.
    await dp.gateway.api('POST', '/api/providers', {
      id: 'local-api',
      name: 'Local API',
      auth: {
        type: 'oauth2',
        authorization_url: dp.oauth.authorizationUrl,
        token_url: dp.oauth.tokenUrl,
        scopes: ['read'],
      },
      api: { base_url: `${dp.api.url}/v1` },
    })
    const config = await dp.gateway.api('POST', '/api/provider-configs', {
      provider: 'local-api',
      client_id: 'dataplane-client',
      client_secret: 'dataplane-secret-7f1e',
      proxy_mode: 'replay',
    })
    expect(config.body.proxy_mode).toBe('replay')
    const fresh = await dp.connect()

    const imported = await dp.gateway.api('POST', '/api/recordings/import', cassette)
    expect(imported.body).toEqual({ imported: cassette.entries.length, skipped: 0 })
    const twice = await dp.gateway.api('POST', '/api/recordings/import', cassette)
    expect(twice.body).toEqual({ imported: 0, skipped: cassette.entries.length })

    expect(await snapshot(await dp.proxy(fresh, '/items?a=1&b=2'))).toEqual(originals.get('items'))
    expect(await snapshot(await dp.proxy(fresh, '/echo?q=s', { method: 'POST', body: 'A' }))).toEqual(
      originals.get('A'),
    )
  })
})

describe('simulated connections never touch the network', () => {
  let t: TestApp
  let simulated: string
  beforeAll(async () => {
    t = await createTestApp()
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' }, 'approve')
    simulated = params.get('connection_id')!
  })
  afterAll(() => t.close())

  it('answer 501 simulation_unavailable saying how to get answers when nothing answers', async () => {
    const res = await t.req('GET', `/proxy/${simulated}/users/octocat`, { key: t.secretKey })
    // In GitHub's dialect: its 404, the 501 problem in the switchyard member.
    expect(res.status).toBe(404)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('simulated')
    const problem = (await res.json()).switchyard
    expect(problem.status).toBe(501)
    expect(problem.code).toBe('simulation_unavailable')
    expect(problem.detail).toMatch(/record/i)
    expect(problem.detail).toMatch(/cassette/)
    expect(problem.detail).toContain('switchyard providers openapi github FILE')
    expect(problem.detail).toContain('PUT /api/providers/github/openapi')
  })

  it('are answered by an imported recording of their provider', async () => {
    const cassette = {
      version: 1,
      entries: [
        {
          provider: 'github',
          recorded_at: '2026-01-01T00:00:00.000Z',
          duration_ms: 12,
          request: {
            method: 'GET',
            path: '/users/octocat',
            query: '',
            headers: [],
            body: '',
            body_encoding: 'utf8',
          },
          response: {
            status: 200,
            headers: [['content-type', 'application/json']],
            body: '{"login":"octocat"}',
            body_encoding: 'utf8',
          },
        },
      ],
    }
    const imported = await t.req('POST', '/api/recordings/import', { key: t.secretKey, body: cassette })
    expect(await imported.json()).toEqual({ imported: 1, skipped: 0 })
    const res = await t.req('GET', `/proxy/${simulated}/users/octocat`, { key: t.secretKey })
    expect(res.status).toBe(200)
    expect(res.headers.get('switchyard-proxy-mode')).toBe('replay')
    expect(await res.json()).toEqual({ login: 'octocat' })
  })

  it('an invalid cassette is a 400 naming the field, and stores nothing', async () => {
    const before = (
      await (await t.req('POST', '/api/recordings/search', { key: t.secretKey, body: {} })).json()
    ).data.length
    const res = await t.req('POST', '/api/recordings/import', {
      key: t.secretKey,
      body: { version: 1, entries: [{ provider: 'github' }] },
    })
    expect(res.status).toBe(400)
    const problem = await res.json()
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain('/entries/0/recorded_at')
    const wrongVersion = await t.req('POST', '/api/recordings/import', {
      key: t.secretKey,
      body: { version: 2, entries: [] },
    })
    expect(wrongVersion.status).toBe(400)
    const after = (
      await (await t.req('POST', '/api/recordings/search', { key: t.secretKey, body: {} })).json()
    ).data.length
    expect(after).toBe(before)
    expect((await t.req('GET', '/api/recordings/rec_nope', { key: t.secretKey })).status).toBe(404)
    expect((await t.req('GET', '/api/recordings/export', { key: t.publishableKey })).status).toBe(403)
  })
})
