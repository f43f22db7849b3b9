import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
const ids: Record<string, string> = {}

const PROVIDER = {
  name: 'Acme Ledger',
  description: 'Double-entry books',
  auth: {
    type: 'oauth2',
    authorization_url: 'http://127.0.0.1:9000/authorize',
    token_url: 'http://127.0.0.1:9000/token',
  },
}

beforeAll(async () => {
  t = await createTestApp()
  const made = async (path: string, body: unknown) => {
    const res = await t.req('POST', path, { key: t.secretKey, body })
    expect(res.status).toBe(201)
    return ((await res.json()) as { id: string }).id
  }
  ids.config = await made('/api/provider-configs', { provider: 'github', name: 'GitHub' })
  ids.provider = await made('/api/providers', PROVIDER)
  ids.endpoint = await made('/api/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', description: 'ok' })
})
afterAll(() => t.close())

/** Control characters (Unicode Cc) in the middle of a value, where trimming cannot remove them. */
const CONTROLS = ['\u0000', '\u0007', '\n', '\t', '\r', '\u001b', '\u007f', '\u0085', '\u009b']

/** Every name-like field of every create and update body. */
const FIELDS: Array<{ name: string; method: string; path: () => string; body: (v: string) => object }> = [
  {
    name: 'API key name',
    method: 'POST',
    path: () => '/api/api-keys',
    body: (v) => ({ name: v, role: 'secret' }),
  },
  {
    name: 'provider config name (create)',
    method: 'POST',
    path: () => '/api/provider-configs',
    body: (v) => ({ provider: 'slack', name: v }),
  },
  {
    name: 'provider config name (update)',
    method: 'PATCH',
    path: () => `/api/provider-configs/${ids.config}`,
    body: (v) => ({ name: v }),
  },
  {
    name: 'custom provider name (create)',
    method: 'POST',
    path: () => '/api/providers',
    body: (v) => ({ ...PROVIDER, name: v }),
  },
  {
    name: 'custom provider description (create)',
    method: 'POST',
    path: () => '/api/providers',
    body: (v) => ({ ...PROVIDER, name: 'Other', description: v }),
  },
  {
    name: 'custom provider name (update)',
    method: 'PATCH',
    path: () => `/api/providers/${ids.provider}`,
    body: (v) => ({ name: v }),
  },
  {
    name: 'custom provider description (update)',
    method: 'PATCH',
    path: () => `/api/providers/${ids.provider}`,
    body: (v) => ({ description: v }),
  },
  {
    name: 'webhook endpoint description (create)',
    method: 'POST',
    path: () => '/api/webhook-endpoints',
    body: (v) => ({ url: 'http://127.0.0.1:9/other', description: v }),
  },
  {
    name: 'webhook endpoint description (update)',
    method: 'PATCH',
    path: () => `/api/webhook-endpoints/${ids.endpoint}`,
    body: (v) => ({ description: v }),
  },
]

/** Rows of the tables these endpoints write, to show a refused request changed nothing. */
const snapshot = () =>
  JSON.stringify(
    ['api_keys', 'provider_configs', 'providers', 'webhook_endpoints', 'workspaces'].map((table) =>
      t.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all(),
    ),
  )

describe('name-like fields refuse control characters', () => {
  it.each(FIELDS)('$name: a 400 that names the field and says why, and nothing changes', async (field) => {
    const before = snapshot()
    for (const c of CONTROLS) {
      const value = `a${c}b`
      const res = await t.req(field.method, field.path(), { key: t.secretKey, body: field.body(value) })
      expect({ value, status: res.status }).toEqual({ value, status: 400 })
      const problem = (await res.json()) as {
        code: string
        errors: Array<{ pointer: string; detail: string }>
      }
      expect(problem.code).toBe('invalid_request')
      const body = field.body(value) as Record<string, unknown>
      const pointer = `/${Object.keys(body).find((k) => body[k] === value)}`
      expect(problem.errors).toContainEqual({ pointer, detail: expect.stringMatching(/control characters/) })
    }
    expect(snapshot()).toBe(before)
  })

  it('workspace names keep their own stricter rule', async () => {
    const res = await t.req('POST', '/api/admin/workspaces', {
      key: t.adminToken,
      body: { name: 'a\u0000b' },
    })
    expect(res.status).toBe(400)
  })

  it('ordinary names, with spaces, punctuation and any script, are still accepted', async () => {
    const res = await t.req('POST', '/api/api-keys', {
      key: t.secretKey,
      body: { name: 'CI — déploiement (漢字) 🙂', role: 'secret' },
    })
    expect(res.status).toBe(201)
  })

  it('the OpenAPI pattern has no flags and no \\p escapes', async () => {
    const doc = (await (await t.req('GET', '/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { pattern?: string }> }> }
    }
    expect(doc.components.schemas.CreateApiKey!.properties.name!.pattern).toBe(
      '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
    )
  })
})

describe('the command line refuses them too', () => {
  it('keys create --name with a control character is a usage error', async () => {
    const { runCli } = await import('../helpers/cli.js')
    const res = runCli(['keys', 'create', '--name', 'a\u001bb', '--role', 'secret', '--data', t.dir])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/control characters/)
  })
})
