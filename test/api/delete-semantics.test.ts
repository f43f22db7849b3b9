import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf, simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * The one DELETE rule (README "API conventions"): 204 with no body once the resource is in its
 * deleted or revoked state, whether or not it already was; 404 when there is no such resource.
 * Revocations keep the record, so a second DELETE is 204; hard deletes remove it, so it is 404.
 */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const api = (method: string, path: string, body?: unknown) =>
  t.req(method, path, { key: t.secretKey, ...(body !== undefined && { body }) })
const created = async (path: string, body: unknown): Promise<string> => {
  const res = await api('POST', path, body)
  expect(res.status, path).toBe(201)
  return (await res.json()).id
}

type Resource = {
  path: string
  kind: 'revocation' | 'deletion'
  create: () => Promise<string>
  /** The domain event a revocation records, once. */
  event?: string
}
const RESOURCES: Resource[] = [
  {
    path: '/api/api-keys',
    kind: 'revocation',
    create: async () => t.core.apiKeys.create(t.workspaceId, { name: 'x', role: 'secret' }).id,
  },
  {
    path: '/api/connections',
    kind: 'revocation',
    event: 'connection.revoked',
    create: async () =>
      (await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })).params.get('connection_id')!,
  },
  {
    path: '/api/installations',
    kind: 'revocation',
    event: 'installation.revoked',
    create: async () =>
      (
        await simulatedFlow(t, { provider: 'github-app', tenant_id: 'acme' }, 'approve', '/install-sessions')
      ).params.get('installation_id')!,
  },
  {
    path: '/api/provider-configs',
    kind: 'deletion',
    create: () => created('/api/provider-configs', { provider: 'github', client_id: 'abc' }),
  },
  {
    path: '/api/providers',
    kind: 'deletion',
    create: () =>
      created('/api/providers', {
        name: 'Acme Ledger',
        categories: ['accounting'],
        auth: {
          type: 'oauth2',
          authorization_url: 'http://127.0.0.1:9000/authorize',
          token_url: 'http://127.0.0.1:9000/token',
        },
      }),
  },
  {
    path: '/api/mock-routes',
    kind: 'deletion',
    create: () => created('/api/mock-routes', { provider: 'github', path: '/user' }),
  },
  {
    path: '/api/webhook-endpoints',
    kind: 'deletion',
    create: () => created('/api/webhook-endpoints', { url: 'http://127.0.0.1:9/events' }),
  },
  {
    path: '/api/recordings',
    kind: 'deletion',
    create: async () => {
      const cassette = JSON.parse(readFileSync('test/fixtures/cassettes/github-tour.json', 'utf8'))
      t.core.cassettes.importCassette(t.workspaceId, cassette)
      const res = await api('POST', '/api/recordings/search', { fields: ['id'] })
      return (await res.json()).data[0].id
    },
  },
]

describe.each(RESOURCES)('DELETE $path/{id}', ({ path, kind, create, event }) => {
  it('answers 204 No Content with no body', async () => {
    const res = await api('DELETE', `${path}/${await create()}`)
    expect(res.status).toBe(204)
    expect(res.headers.get('content-type')).toBeNull()
    expect(await res.text()).toBe('')
  })

  it(`a second DELETE is ${kind === 'revocation' ? '204 (revoking is idempotent)' : '404 (it is gone)'}`, async () => {
    const id = await create()
    await api('DELETE', `${path}/${id}`)
    const again = await api('DELETE', `${path}/${id}`)
    if (kind === 'revocation') {
      expect(again.status).toBe(204)
      expect(await again.text()).toBe('')
    } else {
      expect(again.status).toBe(404)
      expect((await again.json()).code).toBe('not_found')
    }
  })

  it('an unknown id is 404 not_found problem+json', async () => {
    const res = await api('DELETE', `${path}/nope_unknown`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect((await res.json()).code).toBe('not_found')
  })

  if (event) {
    it(`records ${event} once, however often it is revoked`, async () => {
      const id = await create()
      for (let i = 0; i < 3; i++) await api('DELETE', `${path}/${id}`)
      expect(eventsOf(t, event)).toHaveLength(1)
    })
  }
})

describe('the OpenAPI document', () => {
  it('declares 204 and no other success status for every DELETE under /api', () => {
    const doc = t.app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Switchyard', version: 'test' },
    })
    const deletes = Object.entries(doc.paths ?? {})
      .filter(([path]) => path.startsWith('/api/'))
      // Clearing a connection's faults empties a sub-collection (covered in test/simulation/faults.test.ts).
      .filter(([path]) => path !== '/api/connections/{id}/faults')
      .flatMap(([path, item]) => (item.delete ? [[path, item.delete] as const] : []))
    // A provider's OpenAPI document is one per provider, not a collection item: its DELETE is checked
    // for 204/404 below, and its idempotency in test/openapi.
    const singletons = new Set(['/api/providers/{provider_id}/openapi'])
    expect(
      deletes
        .map(([path]) => path)
        .filter((path) => !singletons.has(path))
        .sort(),
    ).toEqual(RESOURCES.map((r) => `${r.path}/{id}`).sort())
    for (const [path, op] of deletes) {
      const success = Object.keys(op.responses ?? {}).filter((s) => s.startsWith('2'))
      expect(success, path).toEqual(['204'])
      expect(Object.keys(op.responses ?? {}), path).toContain('404')
      expect((op.responses as Record<string, { content?: unknown }>)['204']?.content, path).toBeUndefined()
    }
  })
})
