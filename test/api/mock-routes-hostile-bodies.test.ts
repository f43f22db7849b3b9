import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_LIMITS, MAX_BODY_DEPTH } from '../../src/core/mock-routes/request-body.js'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** Request bodies built to make a mock route's template slow or deep: a 400, never a hang or a 500. */
let t: TestApp
let stripe: string

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const post = (path: string, raw: string, headers: Record<string, string> = FORM) =>
  t.req('POST', `/proxy/${stripe}${path}`, { key: t.secretKey, raw, headers })
const form = (fields: number, field = (i: number) => `a[]=${i}`) =>
  Array.from({ length: fields }, (_, i) => field(i)).join('&')

beforeAll(async () => {
  t = await createTestApp()
  stripe = (await simulatedFlow(t, { provider: 'stripe', tenant_id: 'acme' })).params.get('connection_id')!
  for (const [path, body] of [
    ['/v1/form', 'last={{body.a.999}} deep={{body.d}}'],
    ['/v1/json', '{"echo":{{json body}}}'],
  ]) {
    const res = await t.req('POST', '/api/mock-routes', {
      key: t.secretKey,
      body: { provider: 'stripe', method: 'POST', path, body },
    })
    expect(res.status).toBe(201)
  }
})
afterAll(() => t.close())

const problemOf = async (res: Response) => ({ status: res.status, text: await res.text() })

describe('form bodies a mock route reads', () => {
  it('240 KB of `a[]=1&` is a 400 (too many fields), answered at once', async () => {
    const res = await post('/v1/form', 'a[]=1&'.repeat(40_000))
    const { status, text } = await problemOf(res)
    expect(status).toBe(400)
    expect(text).toContain(`more than ${FORM_LIMITS.fields} form fields`)
  })

  it(`${FORM_LIMITS.arrayItems} items in one field are read; one more is a 400`, async () => {
    const ok = await post('/v1/form', form(FORM_LIMITS.arrayItems))
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe(`last=${FORM_LIMITS.arrayItems - 1} deep=`)
    const items = 'a[]=1&'.repeat(FORM_LIMITS.arrayItems - 1)
    const over = await post('/v1/form', `${items}a[x]=1&a[]=2`)
    expect(over.status).toBe(400)
  })

  it(`brackets ${FORM_LIMITS.depth} deep are read; deeper is a 400`, async () => {
    expect((await post('/v1/form', `d${'[x]'.repeat(FORM_LIMITS.depth)}=1`)).status).toBe(200)
    const { status, text } = await problemOf(
      await post('/v1/form', `d${'[x]'.repeat(FORM_LIMITS.depth + 1)}=1`),
    )
    expect(status).toBe(400)
    expect(text).toContain('brackets deep')
  })
})

describe('JSON bodies a mock route reads', () => {
  it('{{json body}} on a 5,000-deep body is a 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
    const { status, text } = await problemOf(
      await post('/v1/json', deep, { 'content-type': 'application/json' }),
    )
    expect(status).toBe(400)
    expect(text).toContain(`more than ${MAX_BODY_DEPTH} levels deep`)
  })

  it(`a body ${MAX_BODY_DEPTH} levels deep is echoed`, async () => {
    const body = `${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`
    const res = await post('/v1/json', body, { 'content-type': 'application/json' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ echo: JSON.parse(body) })
  })
})
