import { Octokit } from '@octokit/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataPlane, startDataPlane } from '../helpers/data-plane.js'

/**
 * Provider URLs in Link and Location point back at the proxy on real connections, so an SDK that
 * follows them (Octokit's paginate) keeps calling the gateway with the gateway key: the provider
 * never receives the secret key, and replay answers every page from recordings.
 */
let dp: DataPlane
let conn: string

beforeAll(async () => {
  dp = await startDataPlane()
  conn = await dp.connect()
})
afterAll(() => dp.close())

const octokit = () => new Octokit({ auth: dp.secretKey, baseUrl: `${dp.gateway.server.url}/proxy/${conn}` })
const sawSecretKey = () =>
  dp.api.seen.some((r) => r.rawHeaders.some((value) => value.includes(dp.secretKey)) || r.url.includes('sk_'))

describe('Octokit paginate through the proxy', () => {
  it('live: every page comes through the gateway; the provider never sees sk_', async () => {
    await dp.setMode('live')
    const items = await octokit().paginate('GET /paged', { per_page: 2 })
    expect(items).toEqual([1, 2, 3, 4, 5, 6].map((id) => ({ id })))
    expect(dp.api.seen.filter((r) => r.url.includes('/paged')).length).toBe(3)
    expect(sawSecretKey()).toBe(false)
  })

  it('record, then replay answers page 2 and 3 from recordings without the network', async () => {
    await dp.setMode('record')
    expect(await octokit().paginate('GET /paged', { per_page: 2 })).toHaveLength(6)
    await dp.setMode('replay')
    const seen = dp.api.seen.length
    const replayed = await octokit().paginate('GET /paged', { per_page: 2 })
    expect(replayed).toEqual([1, 2, 3, 4, 5, 6].map((id) => ({ id })))
    expect(dp.api.seen.length).toBe(seen)
    expect(sawSecretKey()).toBe(false)
  })

  it('rewrites Location and Link under the API base', async () => {
    await dp.setMode('live')
    const res = await dp.proxy(conn, '/created', { method: 'POST' })
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBe(`${dp.gateway.server.url}/proxy/${conn}/things/7`)
    const page = await dp.proxy(conn, '/paged?page=1&per_page=2')
    expect(page.headers.get('link')).toContain(
      `<${dp.gateway.server.url}/proxy/${conn}/paged?page=2&per_page=2>`,
    )
    expect(page.headers.get('link')).not.toContain(dp.api.url)
  })
})
