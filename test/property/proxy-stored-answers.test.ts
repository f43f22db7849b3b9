import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { cassetteEntry } from '../helpers/cassette.js'

/**
 * Fuzzing the stored answers: any cassette entry or mock route, whatever its headers, status and
 * body, is either refused with a 4xx or loaded and then answered through the proxy without a 5xx.
 */
let t: TestApp
let conn: string
beforeAll(async () => {
  t = await createTestApp()
  conn = (await simulatedFlow(t, { provider: 'github', tenant_id: 'fuzz' })).params.get('connection_id')!
})
afterAll(() => t.close())

const headerName = fc.oneof(
  fc.constantFrom(
    'content-length',
    'Transfer-Encoding',
    'connection',
    'keep-alive',
    'upgrade',
    'te',
    'x-ok',
    'set-cookie',
    'x-access-token',
  ),
  fc.string({ maxLength: 12 }),
)
const headerValue = fc.oneof(
  fc.constantFrom('0', '100', 'chunked', 'close', 'a\r\nb', 'snow ☃', 'token abc'),
  fc.string({ maxLength: 20 }),
)
const headers = fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 })
const status = fc.oneof(
  fc.constantFrom(100, 101, 103, 200, 204, 205, 304, 404, 500, 599),
  fc.integer({ min: 0, max: 999 }),
)

let n = 0
describe('stored answers under fuzzing', () => {
  it('cassette entries: a 4xx at import, or answered without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        headers,
        status,
        fc.string({ maxLength: 40 }),
        fc.constantFrom('GET', 'HEAD'),
        async (h, s, body, method) => {
          const path = `/fuzz/${n++}`
          const res = await t.req('POST', '/api/recordings/import', {
            key: t.secretKey,
            body: {
              version: 1,
              entries: [cassetteEntry('github', path, { status: s, headers: h, body }, method)],
            },
          })
          expect(res.status).toBeLessThan(500)
          if (res.status !== 200) return
          const answer = await t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey })
          expect(answer.status).toBe(s)
          await answer.arrayBuffer()
        },
      ),
      { numRuns: 150 },
    )
  })

  it('mock routes: a 4xx at creation, or answered without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.tuple(headerName, headerValue), { maxLength: 4 })
          .map((pairs) => Object.fromEntries(pairs)),
        status,
        fc.string({ maxLength: 40 }),
        async (h, s, body) => {
          const path = `/fuzz-mock/${n++}`
          const res = await t.req('POST', '/api/mock-routes', {
            key: t.secretKey,
            body: { provider: 'github', path, status: s, headers: h, body },
          })
          expect(res.status).toBeLessThan(500)
          if (res.status !== 201) return
          const answer = await t.req('GET', `/proxy/${conn}${path}`, { key: t.secretKey })
          expect(answer.status).toBe(s)
          await answer.arrayBuffer()
        },
      ),
      { numRuns: 150 },
    )
  })
})
