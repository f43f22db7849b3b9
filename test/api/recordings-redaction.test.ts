import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * No credential is stored: headers and query parameters named like credentials (request and
 * response) and the connection's own tokens anywhere in an exchange, bodies included, are redacted
 * in recordings, cassettes and proxy.request events; replay still matches such calls.
 */
let dp: DataPlane
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
  await dp.setMode('record')
})
afterAll(() => dp.close())

const SECRETS = ['qs-access-1', 'qs-apikey-2', 'hdr-authn-3', 'hdr-myauth-4', 'hdr-authkey-5', 'hdr-apim-6']
const QUERY = `access_token=${SECRETS[0]}&api_key=${SECRETS[1]}&page_token=page-2&q=x`

const recordingText = async (path: string) => {
  const found = await dp.gateway.api('POST', '/api/recordings/search', {
    filter: { path: { eq: path } },
    limit: 10,
  })
  const [first] = found.body.data as Array<{ id: string }>
  expect(first).toBeDefined()
  const full = await dp.gateway.api('GET', `/api/recordings/${first!.id}`)
  const recording = full.body as {
    query: string
    response: { headers: Array<{ name: string; value: string }>; body: string }
  }
  return { recording, text: JSON.stringify(full.body) }
}

describe('redaction', () => {
  it('covers credential-named headers and query parameters, request and response', async () => {
    const res = await dp.proxy(conn, `/echo?${QUERY}`, {
      method: 'POST',
      body: 'plain body',
      headers: {
        'content-type': 'text/plain',
        Authentication: SECRETS[2]!,
        'X-My-Auth': SECRETS[3]!,
        'X-Auth-Key': SECRETS[4]!,
        'Ocp-Apim-Subscription-Key': SECRETS[5]!,
        'X-Trace': 'kept',
      },
    })
    expect(res.status).toBe(200)
    await res.text()
    const { recording, text } = await recordingText('/echo')
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    expect(recording.query).toBe('access_token=[redacted]&api_key=[redacted]&page_token=page-2&q=x')
    expect(text).toContain('kept')
  })

  it('covers the connection’s tokens anywhere, bodies and x-access-token included', async () => {
    const res = await dp.proxy(conn, '/whoami', {
      method: 'POST',
      body: JSON.stringify({ echo: dp.oauth.issued.at(-1) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    await res.text()
    const { recording, text } = await recordingText('/whoami')
    for (const token of dp.oauth.issued) expect(text).not.toContain(token)
    const headers = Object.fromEntries(recording.response.headers.map((h) => [h.name, h.value]))
    expect(headers['x-access-token']).toBe('[redacted]')
    expect(JSON.parse(recording.response.body)).toMatchObject({ token: '[redacted]' })

    const cassette = await fetch(`${dp.gateway.server.url}/api/recordings/export`, {
      headers: { authorization: `Bearer ${dp.secretKey}` },
    })
    const file = await cassette.text()
    for (const secret of [...SECRETS, ...dp.oauth.issued]) expect(file).not.toContain(secret)

    dp.gateway.server.core.proxy.flush()
    const events = await dp.gateway.api('POST', '/api/events/search', {
      filter: { type: { eq: 'proxy.request' } },
      limit: 100,
    })
    const eventText = JSON.stringify(events.body.data)
    expect(eventText).toContain('page_token=page-2')
    for (const secret of [...SECRETS, ...dp.oauth.issued]) expect(eventText).not.toContain(secret)
  })

  it('replay matches a call whose credential parameters differ (they are compared redacted)', async () => {
    await dp.setMode('replay')
    const replayed = await dp.proxy(conn, '/echo?q=x&page_token=page-2&api_key=other&access_token=another', {
      method: 'POST',
      body: 'plain body',
      headers: { 'content-type': 'text/plain' },
    })
    expect(replayed.status).toBe(200)
    expect(replayed.headers.get('switchyard-proxy-mode')).toBe('replay')
    expect(await replayed.text()).toBe('plain body')
    // A pagination token is not a credential: another page is another recording.
    const other = await dp.proxy(conn, `/echo?${QUERY.replace('page-2', 'page-3')}`, { method: 'POST' })
    expect(other.status).toBe(404)
  })
})
