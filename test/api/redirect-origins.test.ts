import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { count, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const KINDS = [
  ['/auth-sessions', 'github'],
  ['/install-sessions', 'github-app'],
] as const

const session = (path: string, body: Record<string, unknown>, key = t.publishableKey) =>
  t.req('POST', path, { key, body })
const settings = (body?: unknown, key = t.secretKey) =>
  t.req(body === undefined ? 'GET' : 'PATCH', '/api/workspace', { key, ...(body !== undefined && { body }) })
const origins = () => t.core.redirectOrigins.list(t.workspaceId)

/** Nothing was stored: no session, no event. */
const expectNothingStored = () => {
  expect(count(t, 'sessions')).toBe(0)
  expect(count(t, 'events')).toBe(0)
}

describe('redirect_url must be loopback or on allowed_redirect_origins', () => {
  for (const [path, provider] of KINDS) {
    it(`${path}: an origin not on the list is a 400 that names the setting, and stores nothing`, async () => {
      const res = await session(path, {
        provider,
        tenant_id: 'acme',
        redirect_url: 'https://evil.example/steal',
      })
      expect(res.status).toBe(400)
      const problem = await res.json()
      expect(problem.code).toBe('invalid_request')
      expect(problem.detail).toContain('allowed_redirect_origins')
      expect(problem.detail).toContain('https://evil.example')
      expect(problem.errors).toEqual([
        { pointer: '/redirect_url', detail: 'origin is not in allowed_redirect_origins' },
      ])
      expectNothingStored()
    })

    it(`${path}: loopback origins on any port are always allowed`, async () => {
      for (const redirect_url of [
        'http://localhost:3000/done',
        'http://127.0.0.1:9/x?y=1',
        'http://[::1]:8080/',
        'https://localhost/done',
      ]) {
        const res = await session(path, { provider, tenant_id: 'acme', redirect_url })
        expect(res.status, redirect_url).toBe(201)
      }
    })

    it(`${path}: an origin added to the list is allowed, and only that exact origin`, async () => {
      expect((await settings({ allowed_redirect_origins: ['https://app.example.com'] })).status).toBe(200)
      const ok = await session(path, {
        provider,
        tenant_id: 'acme',
        redirect_url: 'https://app.example.com/cb',
      })
      expect(ok.status).toBe(201)
      for (const redirect_url of [
        'http://app.example.com/cb',
        'https://app.example.com:8443/cb',
        'https://evil.app.example.com/cb',
        'https://app.example.com.evil.example/cb',
        'http://localhost.evil.example/cb',
      ]) {
        const res = await session(path, { provider, tenant_id: 'acme', redirect_url })
        expect(res.status, redirect_url).toBe(400)
      }
      expect(count(t, 'sessions')).toBe(1)
    })
  }

  it('a secret key may not redirect off the list either', async () => {
    const res = await session(
      '/auth-sessions',
      { provider: 'github', tenant_id: 'acme', redirect_url: 'https://evil.example/' },
      t.secretKey,
    )
    expect(res.status).toBe(400)
    expectNothingStored()
  })

  it('a flow through an allowed origin ends there with the connection_id', async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    expect(params.get('connection_id')).toMatch(/^conn_/)
  })
})

describe('re-authorizing a connection_id needs a secret key', () => {
  const connect = async () => {
    const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
    return params.get('connection_id')!
  }

  it('a publishable key gets 403 forbidden with a clear detail, and nothing is stored', async () => {
    const id = await connect()
    const sessionsBefore = count(t, 'sessions')
    const eventsBefore = count(t, 'events')
    const res = await session('/auth-sessions', { provider: 'github', tenant_id: 'acme', connection_id: id })
    expect(res.status).toBe(403)
    const problem = await res.json()
    expect(problem.code).toBe('forbidden')
    expect(problem.detail).toMatch(/connection_id.*secret key/)
    expect(count(t, 'sessions')).toBe(sessionsBefore)
    expect(count(t, 'events')).toBe(eventsBefore)
  })

  it('a publishable key naming a connection that does not exist is refused the same way (no probing)', async () => {
    const res = await session('/auth-sessions', {
      provider: 'github',
      tenant_id: 'acme',
      connection_id: 'conn_nope',
    })
    expect(res.status).toBe(403)
    expectNothingStored()
  })

  it('a secret key may re-authorize', async () => {
    const id = await connect()
    const res = await session(
      '/auth-sessions',
      { provider: 'github', tenant_id: 'acme', connection_id: id },
      t.secretKey,
    )
    expect(res.status).toBe(201)
  })

  it('with a secret key an unknown connection_id is a 400 at /connection_id, and nothing is stored', async () => {
    const res = await session(
      '/auth-sessions',
      { provider: 'github', tenant_id: 'acme', connection_id: 'conn_nope' },
      t.secretKey,
    )
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].pointer).toBe('/connection_id')
    expectNothingStored()
  })
})

describe('GET and PATCH /api/workspace', () => {
  it('GET returns the workspace with an empty list at first', async () => {
    const res = await settings()
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'default', allowed_redirect_origins: [] })
  })

  it('PATCH replaces the list, stored in canonical form without duplicates', async () => {
    const res = await settings({
      allowed_redirect_origins: [
        'HTTPS://App.Example.com:443/',
        'https://app.example.com',
        'https://b.example:8443',
      ],
    })
    expect(res.status).toBe(200)
    const expected = ['https://app.example.com', 'https://b.example:8443']
    expect((await res.json()).allowed_redirect_origins).toEqual(expected)
    expect((await (await settings()).json()).allowed_redirect_origins).toEqual(expected)
    await settings({ allowed_redirect_origins: [] })
    expect(origins()).toEqual([])
  })

  it('the dashboard (admin token) manages the workspace named by Switchyard-Workspace', async () => {
    const res = await t.req('PATCH', '/api/workspace', {
      key: t.adminToken,
      headers: { 'switchyard-workspace': 'default' },
      body: { allowed_redirect_origins: ['https://app.example.com'] },
    })
    expect(res.status).toBe(200)
    expect(origins()).toEqual(['https://app.example.com'])
  })

  it('a publishable key gets 403 on both', async () => {
    expect((await settings(undefined, t.publishableKey)).status).toBe(403)
    expect(
      (await settings({ allowed_redirect_origins: ['https://evil.example'] }, t.publishableKey)).status,
    ).toBe(403)
    expect(origins()).toEqual([])
  })

  const bad: Array<[string, unknown, string]> = [
    ['an entry with a path', ['https://app.example.com/cb'], '/allowed_redirect_origins/0'],
    ['an entry with a query', ['https://app.example.com?x=1'], '/allowed_redirect_origins/0'],
    ['an entry with a fragment', ['https://app.example.com#x'], '/allowed_redirect_origins/0'],
    [
      'plain http off loopback',
      ['https://ok.example', 'http://app.example.com'],
      '/allowed_redirect_origins/1',
    ],
    ['a wildcard', ['https://*.example.com'], '/allowed_redirect_origins/0'],
    ['credentials', ['https://u:p@app.example.com'], '/allowed_redirect_origins/0'],
    ['not a URL', ['app.example.com'], '/allowed_redirect_origins/0'],
    ['another scheme', ['ftp://app.example.com'], '/allowed_redirect_origins/0'],
    ['a javascript: URL', ['javascript:alert(1)'], '/allowed_redirect_origins/0'],
    ['a number', [42], '/allowed_redirect_origins/0'],
    ['a string instead of a list', 'https://app.example.com', '/allowed_redirect_origins'],
    [
      'more than 50 entries',
      Array.from({ length: 51 }, (_, i) => `https://a${i}.example`),
      '/allowed_redirect_origins',
    ],
  ]
  for (const [name, value, pointer] of bad) {
    it(`PATCH with ${name} is a 400 at ${pointer} and changes nothing`, async () => {
      await settings({ allowed_redirect_origins: ['https://kept.example'] })
      const res = await settings({ allowed_redirect_origins: value })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect((await res.json()).errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer)
      expect(origins()).toEqual(['https://kept.example'])
    })
  }

  it('POST /api/reset keeps the list, like the workspace and its keys (it is configuration, not data)', async () => {
    await settings({ allowed_redirect_origins: ['https://app.example.com'] })
    expect((await t.req('POST', '/api/reset', { key: t.secretKey })).status).toBe(200)
    expect(origins()).toEqual(['https://app.example.com'])
  })

  it('PATCH with an unknown field is a 400 and changes nothing', async () => {
    const res = await settings({ allowed_redirect_origins: ['https://a.example'], tier: 'pro' })
    expect(res.status).toBe(400)
    expect(origins()).toEqual([])
    expect(t.core.workspaces.get('default').tier).toBe('enterprise')
  })
})
