import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostChoosingPlaceholders } from '../../src/core/oauth/host-placeholders.js'
import { type Gateway, startGateway } from '../helpers/real-connect.js'
import { startReceiver } from '../helpers/receiver.js'

/**
 * A publishable key is public (any web page has it), so it must not choose the host of a real
 * OAuth flow: where the user is sent to sign in, and where the client secret goes.
 */
let gateway: Gateway
let receiver: Awaited<ReturnType<typeof startReceiver>>
let publishableKey: string

const session = (body: Record<string, unknown>, key: string) =>
  fetch(`${gateway.server.url}/auth-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tenant_id: 'v', ...body }),
  })
const secretKey = () => gateway.server.firstRun!.keys.find((k) => k.role === 'secret')!.key

beforeAll(async () => {
  gateway = await startGateway()
  receiver = await startReceiver()
  publishableKey = gateway.server.firstRun!.keys.find((k) => k.role === 'publishable')!.key
  const port = new URL(receiver.url).port
  const custom = await gateway.api('POST', '/api/providers', {
    id: 'self-hosted',
    name: 'Self-hosted',
    auth: {
      type: 'oauth2',
      authorization_url: `http://{instance}:${port}/authorize`,
      token_url: `http://{instance}:${port}/token`,
      scopes: ['read'],
    },
  })
  expect(custom.status, JSON.stringify(custom.body)).toBe(201)
  for (const provider of ['mattermost', 'self-hosted', 'shopify']) {
    const config = await gateway.api('POST', '/api/provider-configs', {
      provider,
      client_id: 'app-id',
      client_secret: 'the-client-secret',
    })
    expect(config.status, JSON.stringify(config.body)).toBe(201)
  }
})
afterAll(async () => {
  await receiver.close()
  await gateway.close()
})

describe('host-choosing session params', () => {
  it('a publishable key cannot send the mattermost flow to a host of its choosing (403 naming the param)', async () => {
    const res = await session(
      { provider: 'mattermost', params: { instance: 'evil.example' } },
      publishableKey,
    )
    expect(res.status).toBe(403)
    const problem = await res.json()
    expect(problem.code).toBe('forbidden')
    expect(problem.errors).toEqual([{ pointer: '/params/instance', detail: expect.any(String) }])
  })

  it('a publishable key cannot make a custom provider send the client secret to its host; the host hears nothing', async () => {
    const res = await session({ provider: 'self-hosted', params: { instance: '127.0.0.1' } }, publishableKey)
    expect(res.status).toBe(403)
    expect(receiver.received).toEqual([])
  })

  it('a secret key (your backend) may choose the instance', async () => {
    const res = await session(
      { provider: 'mattermost', params: { instance: 'chat.acme.example' } },
      secretKey(),
    )
    expect(res.status).toBe(201)
    const start = await fetch((await res.json()).url, { redirect: 'manual' })
    expect(start.status).toBe(302)
    expect(start.headers.get('location')).toMatch(/^https:\/\/chat\.acme\.example\/oauth\/authorize\?/)
  })

  it("a publishable key may still pick a subdomain of the provider's own domain ({shop}.myshopify.com)", async () => {
    const res = await session({ provider: 'shopify', params: { shop: 'acme' } }, publishableKey)
    expect(res.status).toBe(201)
  })
})

describe('hostChoosingPlaceholders', () => {
  it.each([
    ['https://{instance}/oauth/authorize', ['instance']],
    ['http://{instance}:8065/oauth/token', ['instance']],
    ['https://auth.{domain}/token', ['domain']],
    ['https://{sub}.{domain}/token', ['sub', 'domain']],
    ['https://{sub}.com/token', ['sub']],
    ['https://{shop}.myshopify.com/admin/oauth/authorize', []],
    ['https://{subdomain}.suitetalk.api.netsuite.com/token', []],
    ['https://login.example.com/{tenant}/oauth2/token', []],
    ['openid', []],
  ])('%s → %j', (template, expected) => {
    expect(hostChoosingPlaceholders(template)).toEqual(expected)
  })
})
