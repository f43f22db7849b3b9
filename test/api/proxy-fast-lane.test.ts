import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.js'
import { createProxyFastLane } from '../../src/server/proxy-fast-lane.js'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'
import { type LaneServer, type RawAnswer, send, startLaneServer } from '../helpers/lane-server.js'
import { patternBytes } from '../helpers/provider-api.js'

/**
 * The proxy's fast lane answers what the app answers. One HTTP server on the data plane's core
 * serves each call twice, once through the lane and once through the app alone, and the two
 * answers must match: status, body bytes, every header field by name, case and order, and value
 * (save the per-request `Request-Id` and the RateLimit count, one apart). The lane's own tally
 * shows which calls it took and which it handed to the app.
 */
let dp: DataPlane
let conn: string
let lanes: LaneServer

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
  const core = dp.gateway.server.core
  const app = await createApp({ core, logger: { error: () => {}, warn: () => {}, info: () => {} } })
  lanes = await startLaneServer(app, (toApp) => createProxyFastLane(core, toApp))
})

afterAll(async () => {
  await lanes.close()
  await dp.close()
})

type Answer = RawAnswer

const call = (
  path: string,
  options: { method?: string; headers?: Record<string, string>; repeated?: [string, string] } = {},
) =>
  send(lanes.port, path, {
    method: options.method ?? 'GET',
    headers: { authorization: `Bearer ${dp.secretKey}`, ...options.headers },
    ...(options.repeated && { repeated: options.repeated }),
  })

/** What may differ between two answers to the same call made one after the other. */
function comparable(answer: Answer) {
  const fields = { ...answer.fields }
  for (const id of ['request-id', 'switchyard-request-id']) {
    if (fields[id] && /^[0-9a-f-]{36}$/.test(fields[id]!)) fields[id] = '<uuid>'
  }
  if (fields.ratelimit) fields.ratelimit = fields.ratelimit.replace(/;r=\d+/, ';r=<n>')
  delete fields.date
  const body = answer.fields['content-type']?.includes('json')
    ? answer.body.toString().replace(/"instance":"[^"]*"/, '')
    : answer.body.toString('base64')
  return { status: answer.status, names: answer.names, fields, body }
}

/** The same call through the lane and through the app alone; returns the lane's answer. */
async function same(path: string, options: Parameters<typeof call>[1] = {}) {
  lanes.state.useLane = false
  const viaApp = await call(path, options)
  lanes.state.useLane = true
  const viaLane = await call(path, options)
  expect(comparable(viaLane), `${options.method ?? 'GET'} ${path}`).toEqual(comparable(viaApp))
  return viaLane
}

const provider = (p: string) => `/proxy/${conn}${p}`
const PATHS = [
  '/',
  '/echo',
  '/paged?page=1&per_page=2',
  '/own-request-id',
  '/created',
  '/status/404',
  '/status/204',
  // Binary bodies, every byte value: below and above the size sent in one write (one-write.ts).
  '/sized-bytes?n=1000',
  '/sized-bytes?n=20000',
]

describe('the same answers as the app', () => {
  it('live: JSON, cookies, rewritten Link and Location, the provider’s Request-Id, statuses', async () => {
    await dp.setMode('live')
    const before = { ...lanes.tally }
    for (const p of PATHS) await same(provider(p))
    expect(lanes.tally.taken - before.taken).toBe(PATHS.length)
    for (const n of [1000, 20000]) {
      expect((await call(provider(`/sized-bytes?n=${n}`))).body.equals(patternBytes(n))).toBe(true)
    }
    // Answers of unknown length (chunked) stream, so the app writes them; the rest the lane does.
    const sized = { ...lanes.tally }
    const answer = await same(provider('/sized?x=2'))
    expect(answer.fields.ratelimit).toBe('"provider";r=9;t=1')
    expect(answer.fields['set-cookie']).toBe('a=1\nb=2')
    expect(lanes.tally.taken - sized.taken).toBe(1)
    expect(lanes.tally.handedOver - sized.handedOver).toBe(0)
  })

  it('live: a large answer streams, handed to the app once counted; a cut answer is its 502', async () => {
    const before = { ...lanes.tally }
    const big = await same(provider('/bytes?n=200000'))
    expect(big.body.length).toBe(200_000)
    expect((await same(provider('/short'))).status).toBe(502)
    expect(lanes.tally.taken - before.taken).toBe(2)
    expect(lanes.tally.handedOver - before.handedOver).toBe(2)
  })

  it('replay: the recorded answers, and a call never recorded is 404 recording_not_found', async () => {
    await dp.setMode('record')
    for (const p of PATHS) await call(provider(p))
    await dp.setMode('replay')
    const before = { ...lanes.tally }
    for (const p of PATHS) {
      const answer = await same(provider(p))
      expect(answer.fields['switchyard-proxy-mode']).toBe('replay')
    }
    const missing = await same(provider('/never-recorded'))
    expect(missing.status).toBe(404)
    expect(JSON.parse(missing.body.toString()).code).toBe('recording_not_found')
    expect(lanes.tally.taken - before.taken).toBe(PATHS.length + 1)
    expect(lanes.tally.handedOver - before.handedOver).toBe(1)
    await dp.setMode('live')
  })

  it('an unknown connection and a refused rate are the app’s problems, counted once', async () => {
    const unknown = await same('/proxy/conn_doesnotexist/user')
    expect(unknown.status).toBe(404)
    const core = dp.gateway.server.core
    core.workspaces.setTier('default', 'enterprise', 1)
    try {
      await call(provider('/'))
      const refused = await same(provider('/'))
      expect(refused.status).toBe(429)
      expect(refused.fields['retry-after']).toBeDefined()
    } finally {
      core.workspaces.setTier('default', 'enterprise', 1_000_000)
    }
  })
})

describe('what the lane leaves to the app', () => {
  const untaken = async (path: string, options: Parameters<typeof call>[1] = {}) => {
    const before = lanes.tally.taken
    const answer = await same(path, options)
    expect(lanes.tally.taken, `${options.method ?? 'GET'} ${path}`).toBe(before)
    return answer
  }

  it('other methods, HEAD, bodies, escapes and dot segments, other hosts, repeated or missing keys', async () => {
    await untaken(provider('/'), { method: 'HEAD' })
    await untaken(provider('/echo'), { method: 'POST', headers: { 'content-length': '0' } })
    await untaken(provider('/'), { headers: { 'content-length': '0' } })
    await untaken(provider('/a%20b'))
    await untaken(provider('/a/../b'))
    await untaken(`/proxy/${conn}/x?bad=%zz`)
    expect((await untaken(provider('/'), { headers: { host: 'evil.example' } })).status).toBe(403)
    expect((await untaken(provider('/'), { headers: { authorization: '' } })).status).toBe(401)
    expect((await untaken(provider('/'), { headers: { authorization: 'Bearer sk_nope' } })).status).toBe(401)
    expect(
      (await untaken(provider('/'), { headers: { authorization: `Bearer ${dp.publishableKey}` } })).status,
    ).toBe(403)
    expect((await untaken('/proxy//user')).status).toBe(404)
    const key = `Bearer ${dp.secretKey}`
    expect((await untaken(provider('/'), { repeated: ['authorization', key] })).status).toBe(401)
    // The app reads the first of two Host fields (browsers send one): the lane leaves that to it.
    expect((await untaken(provider('/'), { repeated: ['host', 'evil.example'] })).status).toBe(200)
  })
})
