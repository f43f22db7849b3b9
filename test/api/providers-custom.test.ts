import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const ACME = {
  name: 'Acme Ledger',
  description: 'Double-entry books for Acme subsidiaries',
  tags: ['Ledger', 'books'],
  categories: ['accounting'],
  auth: {
    type: 'oauth2',
    authorization_url: 'http://127.0.0.1:9000/authorize',
    token_url: 'http://127.0.0.1:9000/token',
    scopes: ['read'],
  },
}
type Body = Record<string, unknown>
const create = (body: unknown, key = t.secretKey) => t.req('POST', '/api/providers', { key, body })
const search = async (body: Body, key = t.secretKey) => {
  const res = await t.req('POST', '/api/providers/search', { key, body })
  expect(res.status).toBe(200)
  return (await res.json()) as { data: Body[]; has_more: boolean }
}
const customIds = async (key = t.secretKey) =>
  (await search({ filter: { custom: { eq: true } }, fields: ['id'] }, key)).data.map((d) => d.id)
const expectProblem = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body.code).toBe(code)
  return body as { detail: string; errors?: Array<{ pointer: string; detail: string }> }
}
const otherWorkspace = () => {
  const ws = t.core.workspaces.create({ name: 'other', tier: 'free' })
  return t.core.apiKeys.create(ws.id, { name: 'other', role: 'secret' }).key
}

describe('POST /api/providers', () => {
  it('creates a custom provider (201) with an id derived from the name', async () => {
    const res = await create(ACME)
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toMatchObject({
      id: 'acme-ledger',
      name: 'Acme Ledger',
      tags: ['ledger', 'books'],
      categories: ['accounting'],
      auth_type: 'oauth2',
      auth: { ...ACME.auth, pkce: true, scope_separator: ' ' },
      webhooks: null,
      docs_url: null,
      custom: true,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    expect(body.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(body.logo_url).toMatch(/^\/providers\/acme-ledger\/logo\.svg\?workspace=ws_\w+&v=[0-9a-f]+$/)
  })

  it('makes the provider searchable at once, by relevance, for its workspace', async () => {
    await create(ACME)
    expect((await search({ query: 'acme ledgr' })).data[0]?.id).toBe('acme-ledger')
    expect(await customIds()).toEqual(['acme-ledger'])
  })

  it('keeps it out of other workspaces and out of the keyless catalog', async () => {
    await create(ACME)
    expect(await customIds(otherWorkspace())).toEqual([])
    const pub = await (await t.req('GET', '/providers?query=acme')).json()
    expect(pub.data.map((d: Body) => d.id)).not.toContain('acme-ledger')
    const withKey = await (await t.req('GET', '/providers?query=acme', { key: t.secretKey })).json()
    expect(withKey.data[0].id).toBe('acme-ledger')
  })

  it("shows up in the public catalog for the UI's admin token acting on its workspace", async () => {
    await create(ACME)
    const res = await t.req('GET', '/providers?query=acme', {
      key: t.adminToken,
      headers: { 'switchyard-workspace': 'default' },
    })
    expect((await res.json()).data[0].id).toBe('acme-ledger')
  })

  it('counts it in its categories, for its workspace only', async () => {
    const count = async (key?: string) => {
      const { data } = await (await t.req('GET', '/providers/categories', { ...(key && { key }) })).json()
      return data.find((c: { id: string }) => c.id === 'accounting').count as number
    }
    const before = await count()
    await create(ACME)
    expect(await count(t.secretKey)).toBe(before + 1)
    expect(await count()).toBe(before)
  })

  it('serves its logo without a key, through its logo URL', async () => {
    const { logo_url } = await (await create({ ...ACME, name: '<script>alert(1)</script>' })).json()
    const res = await t.req('GET', logo_url)
    expect(res.status).toBe(200)
    const svg = await res.text()
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('aria-label="&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  it('is 409 when the id belongs to the catalog', async () => {
    const body = await expectProblem(await create({ ...ACME, id: 'stripe' }), 409, 'conflict')
    expect(body.detail).toContain('built-in catalog')
  })

  it('is 409 when the workspace already has a provider with the id', async () => {
    await create({ ...ACME, id: 'acme' })
    await expectProblem(await create({ ...ACME, id: 'acme' }), 409, 'conflict')
  })

  it('allows the same id in another workspace', async () => {
    await create({ ...ACME, id: 'acme' })
    expect((await create({ ...ACME, id: 'acme' }, otherWorkspace())).status).toBe(201)
  })

  it('derives a free id when the name is taken (Stripe → stripe-2)', async () => {
    expect((await (await create({ ...ACME, name: 'Stripe' })).json()).id).toBe('stripe-2')
  })

  it('rejects a reserved id', async () => {
    const body = await expectProblem(await create({ ...ACME, id: 'categories' }), 400, 'invalid_request')
    expect(body.errors?.[0]?.pointer).toBe('/id')
  })

  it('needs a secret key', async () => {
    expect((await t.req('POST', '/api/providers', { body: ACME })).status).toBe(401)
    expect((await create(ACME, t.publishableKey)).status).toBe(403)
  })

  const invalid: Array<[string, unknown, string]> = [
    ['no name', { auth: { type: 'api_key' } }, '/name'],
    ['a blank name', { ...ACME, name: '   ' }, '/name'],
    ['a 101-character name', { ...ACME, name: 'x'.repeat(101) }, '/name'],
    ['a number as name', { ...ACME, name: 42 }, '/name'],
    ['no auth', { name: 'x' }, '/auth'],
    ['an unknown auth type', { ...ACME, auth: { type: 'magic' } }, '/auth/type'],
    [
      'oauth2 without token_url',
      { ...ACME, auth: { type: 'oauth2', authorization_url: 'https://a.example/x' } },
      '/auth/token_url',
    ],
    [
      'a javascript: URL',
      { ...ACME, auth: { ...ACME.auth, token_url: 'javascript:alert(1)' } },
      '/auth/token_url',
    ],
    ['an id with a slash', { ...ACME, id: '../etc' }, '/id'],
    ['an uppercase id', { ...ACME, id: 'Acme' }, '/id'],
    ['13 tags', { ...ACME, tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }, '/tags'],
    ['a tag with markup', { ...ACME, tags: ['<b>'] }, '/tags/0'],
    ['4 categories', { ...ACME, categories: ['crm', 'chat', 'ai', 'hr'] }, '/categories'],
    ['an unknown category', { ...ACME, categories: ['nope'] }, '/categories/0'],
    ['a bad colour', { ...ACME, color: 'red' }, '/color'],
    ['an unknown field', { ...ACME, secret: 'x' }, ''],
    ['a 401-character description', { ...ACME, description: 'x'.repeat(401) }, '/description'],
  ]
  it.each(invalid)('rejects %s with 400 at %j and stores nothing', async (_what, body, pointer) => {
    const problem = await expectProblem(await create(body), 400, 'invalid_request')
    expect(problem.errors?.map((e) => e.pointer)).toContain(pointer)
    expect(await customIds()).toEqual([])
  })

  it('rejects malformed JSON, a non-JSON body and an oversized body, storing nothing', async () => {
    const key = t.secretKey
    const json = { 'content-type': 'application/json' }
    await expectProblem(
      await t.req('POST', '/api/providers', { key, raw: '{"name":', headers: json }),
      400,
      'invalid_request',
    )
    expect(
      (
        await t.req('POST', '/api/providers', {
          key,
          raw: 'name=x',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415)
    const huge = JSON.stringify({ ...ACME, description: 'x'.repeat(2 * 1024 * 1024) })
    await expectProblem(
      await t.req('POST', '/api/providers', { key, raw: huge, headers: json }),
      413,
      'payload_too_large',
    )
    expect(await customIds()).toEqual([])
  })
})

describe('GET /api/providers/{id}', () => {
  it('returns a custom provider of the workspace, or a catalog one', async () => {
    await create(ACME)
    expect(
      (await (await t.req('GET', '/api/providers/acme-ledger', { key: t.secretKey })).json()).custom,
    ).toBe(true)
    expect((await (await t.req('GET', '/api/providers/github', { key: t.secretKey })).json()).custom).toBe(
      false,
    )
  })

  it("is 404 for another workspace's provider", async () => {
    await create(ACME)
    await expectProblem(
      await t.req('GET', '/api/providers/acme-ledger', { key: otherWorkspace() }),
      404,
      'not_found',
    )
  })
})

describe('PATCH /api/providers/{id}', () => {
  const patch = (id: string, body: unknown, key = t.secretKey) =>
    t.req('PATCH', `/api/providers/${id}`, { key, body })

  it('changes the given fields, bumps updated_at and re-indexes the provider', async () => {
    await create({ ...ACME, name: 'Quux Ledger', id: 'acme-ledger' })
    t.clock.advance(60_000)
    const res = await patch('acme-ledger', { name: 'Zeta Books', webhooks: { signature: 'github' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: 'acme-ledger',
      name: 'Zeta Books',
      description: ACME.description,
      webhooks: { signature: 'github', handshake: null },
      updated_at: '2026-01-01T00:01:00.000Z',
    })
    expect((await search({ query: 'zeta' })).data[0]).toMatchObject({ id: 'acme-ledger', name: 'Zeta Books' })
    expect((await search({ query: 'quux', filter: { custom: { eq: true } } })).data).toEqual([])
  })

  it('clears webhooks and docs_url with null', async () => {
    await create({ ...ACME, webhooks: { signature: 'stripe' }, docs_url: 'https://docs.example' })
    const body = await (await patch('acme-ledger', { webhooks: null, docs_url: null })).json()
    expect(body).toMatchObject({ webhooks: null, docs_url: null })
  })

  it('is 403 for a catalog provider', async () => {
    await expectProblem(await patch('stripe', { name: 'Mine' }), 403, 'forbidden')
  })

  it('is 404 for an unknown id, or another workspace', async () => {
    await create(ACME)
    await expectProblem(await patch('nope', { name: 'x' }), 404, 'not_found')
    await expectProblem(await patch('acme-ledger', { name: 'x' }, otherWorkspace()), 404, 'not_found')
  })

  it('rejects invalid changes and leaves the provider unchanged', async () => {
    await create(ACME)
    for (const body of [
      { name: '' },
      { id: 'new-id' },
      { categories: ['nope'] },
      { auth: { type: 'oauth2' } },
      [1],
    ]) {
      expect((await patch('acme-ledger', body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await (await t.req('GET', '/api/providers/acme-ledger', { key: t.secretKey })).json()).name).toBe(
      'Acme Ledger',
    )
  })
})

describe('DELETE /api/providers/{id}', () => {
  const remove = (id: string, key = t.secretKey) => t.req('DELETE', `/api/providers/${id}`, { key })

  it('deletes a custom provider (204): gone from get and search', async () => {
    await create(ACME)
    expect((await remove('acme-ledger')).status).toBe(204)
    expect((await t.req('GET', '/api/providers/acme-ledger', { key: t.secretKey })).status).toBe(404)
    expect(await customIds()).toEqual([])
    expect((await search({ query: 'acme ledger' })).data.map((d) => d.id)).not.toContain('acme-ledger')
  })

  it('is 403 for a catalog provider and 404 for an unknown one', async () => {
    await expectProblem(await remove('github'), 403, 'forbidden')
    await expectProblem(await remove('nope'), 404, 'not_found')
  })

  it('is 409 while a provider config uses it', async () => {
    await create(ACME)
    const config = await t.req('POST', '/api/provider-configs', {
      key: t.secretKey,
      body: { provider: 'acme-ledger' },
    })
    expect(config.status).toBe(201)
    const body = await expectProblem(await remove('acme-ledger'), 409, 'conflict')
    expect(body.detail).toContain((await config.json()).id)
    expect(await customIds()).toEqual(['acme-ledger'])
  })

  it("cannot delete another workspace's provider", async () => {
    await create(ACME)
    await expectProblem(await remove('acme-ledger', otherWorkspace()), 404, 'not_found')
    expect(await customIds()).toEqual(['acme-ledger'])
  })
})

describe('after the data is replaced wholesale', () => {
  it('a workspace reset takes its custom providers out of search', async () => {
    await create(ACME)
    expect((await search({ query: 'acme ledger' })).data[0]?.id).toBe('acme-ledger')
    expect((await t.req('POST', '/api/reset', { key: t.secretKey })).status).toBe(200)
    expect((await search({ query: 'acme ledger' })).data.map((d) => d.id)).not.toContain('acme-ledger')
    expect(await customIds()).toEqual([])
  })

  it('a full reset puts the built-in catalog back', async () => {
    const before = (await (await t.req('GET', '/providers?query=stripe')).json()).data[0].id
    t.core.snapshots.resetAll()
    const after = await (await t.req('GET', '/providers?query=stripe')).json()
    expect(after.data[0].id).toBe(before)
    expect((await t.req('GET', '/providers/github')).status).toBe(200)
  })
})
