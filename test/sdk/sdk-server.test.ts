import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/common/clock.js'
import { Switchyard, SwitchyardError } from '../../src/sdk/index.js'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { startQuietServer } from '../helpers/server.js'

/** The SDK against the real gateway over HTTP: every operation, errors, pagination, rate limits. */
const data = tempDir()
const clock = createManualClock()
let server: RunningServer
let sdk: Switchyard
let browserSdk: Switchyard
let secretKey: string

beforeAll(async () => {
  server = await startQuietServer(data.dir, { clock })
  const keys = server.firstRun!.keys
  secretKey = keys.find((k) => k.role === 'secret')!.key
  // The bursts of this file go to their own free-tier workspace; the default one gets room to work.
  server.core.workspaces.setTier('default', 'enterprise', 100_000)
  server.core.redirectOrigins.add(server.core.workspaces.get('default').id, 'https://app.example')
  sdk = new Switchyard({ apiKey: secretKey, baseUrl: server.url })
  browserSdk = new Switchyard({
    apiKey: keys.find((k) => k.role === 'publishable')!.key,
    baseUrl: server.url,
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

/** Follows a session URL like a browser, approving on the simulator, to the app's redirect. */
async function completeFlow(url: string): Promise<URLSearchParams> {
  let next = `${url}?simulate=approve`
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual' })
    const location = res.headers.get('location')
    if (!location) throw new Error(`flow stopped at ${res.status}: ${await res.text()}`)
    if (location.startsWith('https://app.example/')) return new URL(location).searchParams
    next = new URL(location, next).toString()
  }
  throw new Error('too many redirects')
}

async function failure(promise: Promise<unknown>): Promise<SwitchyardError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof SwitchyardError) return err
    throw err
  }
  throw new Error('expected the call to fail')
}

describe('the operations the spec names', () => {
  it('createAuthSession with a publishable key, then the connection it makes is searchable', async () => {
    const session = await browserSdk.createAuthSession({
      provider: 'github',
      tenant_id: 'tenant-1',
      redirect_url: 'https://app.example/done',
    })
    expect(session).toMatchObject({ id: expect.any(String), url: expect.stringContaining(server.url) })
    const connectionId = (await completeFlow(session.url)).get('connection_id')!
    const page = await sdk.searchConnections({ filter: { tenant_id: { eq: 'tenant-1' } } })
    expect(page.data.map((c) => c.id)).toEqual([connectionId])
  })

  it('createInstallSession, then the installation it makes is searchable', async () => {
    const session = await browserSdk.createInstallSession({
      provider: 'github-app',
      tenant_id: 'tenant-2',
      redirect_url: 'https://app.example/done',
    })
    const installationId = (await completeFlow(session.url)).get('installation_id')!
    expect(installationId).toBeTruthy()
    const page = await sdk.searchInstallations({ filter: { tenant_id: { eq: 'tenant-2' } } })
    expect(page.data.map((i) => i.id)).toEqual([installationId])
  })

  it('createApiKey, listApiKeys and revokeApiKey', async () => {
    const created = await sdk.createApiKey({ name: 'from the SDK', role: 'secret' })
    expect(created.key).toMatch(/^sk_/)
    const listed = await sdk.listApiKeys({ filter: { id: { eq: created.id } } })
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, name: 'from the SDK' })])
    expect(await sdk.revokeApiKey(created.id)).toBeUndefined()
    expect(await sdk.revokeApiKey(created.id)).toBeUndefined()
    const revoked = await failure(new Switchyard({ apiKey: created.key, baseUrl: server.url }).searchEvents())
    expect(revoked).toMatchObject({ status: 401, code: 'api_key_revoked' })
  })

  it('searchProviders ranks the catalog by relevance', async () => {
    const page = await sdk.searchProviders({ query: 'stripe', limit: 3 })
    expect(page.data[0]?.id).toBe('stripe')
  })

  it('searchProviderConfigs and searchEvents answer the shared envelope', async () => {
    for (const page of [await sdk.searchProviderConfigs(), await sdk.searchEvents({ limit: 1 })]) {
      expect(page).toMatchObject({
        data: expect.any(Array),
        has_more: expect.any(Boolean),
        limit: expect.any(Number),
      })
    }
  })
})

describe('the rest of the API', () => {
  it('connections: get, refresh, revoke', async () => {
    const session = await sdk.createAuthSession({
      provider: 'slack',
      tenant_id: 't3',
      redirect_url: 'https://app.example/x',
    })
    const id = (await completeFlow(session.url)).get('connection_id')!
    expect((await sdk.getConnection(id)).status).toBe('active')
    expect((await sdk.refreshConnection(id)).last_refreshed_at).not.toBeNull()
    expect((await sdk.refreshConnection(id, { simulate: 'error' })).status).toBe('needs_reauth')
    expect(await sdk.revokeConnection(id)).toBeUndefined()
    expect((await sdk.getConnection(id)).status).toBe('revoked')
  })

  it('installations: get, revoke', async () => {
    const session = await sdk.createInstallSession({
      provider: 'vercel',
      tenant_id: 't4',
      redirect_url: 'https://app.example/x',
    })
    const id = (await completeFlow(session.url)).get('installation_id')!
    expect((await sdk.getInstallation(id)).id).toBe(id)
    expect(await sdk.revokeInstallation(id)).toBeUndefined()
    expect((await sdk.getInstallation(id)).status).toBe('revoked')
  })

  it('the public catalog: browse, get, categories, logo', async () => {
    const page = await sdk.browseProviders({ query: 'slack', limit: '2' })
    expect(page.data.length).toBeGreaterThan(0)
    expect((await sdk.getProvider('github')).name).toBe('GitHub')
    expect((await sdk.listProviderCategories()).data.length).toBeGreaterThan(5)
    const logo = await sdk.getProviderLogo('github')
    expect(logo.contentType).toMatch(/^image\/svg\+xml/)
    expect(new TextDecoder().decode(logo.body)).toContain('<svg')
  })

  it('custom providers: create, get, update, delete', async () => {
    const created = await sdk.createProvider({ id: 'acme-crm', name: 'Acme CRM', auth: { type: 'api_key' } })
    expect(created.custom).toBe(true)
    expect((await sdk.getCustomProvider('acme-crm')).name).toBe('Acme CRM')
    expect((await sdk.updateProvider('acme-crm', { name: 'Acme CRM 2' })).name).toBe('Acme CRM 2')
    expect(await sdk.deleteProvider('acme-crm')).toBeUndefined()
    expect((await failure(sdk.getCustomProvider('acme-crm'))).status).toBe(404)
  })

  it('provider configs: create, get, update, delete', async () => {
    const config = await sdk.createProviderConfig({
      provider: 'notion',
      client_id: 'cid',
      client_secret: 'shh',
    })
    expect(config.client_secret_set).toBe(true)
    expect((await sdk.getProviderConfig(config.id)).provider).toBe('notion')
    expect((await sdk.updateProviderConfig(config.id, { client_secret: null })).client_secret_set).toBe(false)
    expect(await sdk.deleteProviderConfig(config.id)).toBeUndefined()
  })

  it('events: trigger, get, body, replay, deliveries, export', async () => {
    const received: string[] = []
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        received.push(body)
        res.end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const event = await sdk.triggerEvent({ provider: 'stripe', type: 'invoice.paid' })
      expect((await sdk.getEvent(event.id)).provider).toBe('stripe')
      const body = await sdk.getEventBody(event.id)
      expect(body.contentType).toMatch(/json/)
      expect(JSON.parse(new TextDecoder().decode(body.body)).type).toBe('invoice.paid')
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
      const delivery = await sdk.replayEvent(event.id, { url })
      expect(delivery.status).toBe(200)
      expect(received).toEqual([new TextDecoder().decode(body.body)])
      const recorded = await sdk.recordDelivery(event.id, {
        target: url,
        attempt: 2,
        duration_ms: 5,
        status: 200,
      })
      expect(recorded.attempt).toBe(2)
      expect((await sdk.searchDeliveries({ limit: 10 })).data.length).toBeGreaterThanOrEqual(2)
      const exported = await sdk.exportEvents({ format: 'ndjson' })
      expect(new TextDecoder().decode(exported.body)).toContain(event.id)
    } finally {
      receiver.closeAllConnections()
      receiver.close()
    }
  })

  it('webhook endpoints: create, search, get, update, delete', async () => {
    const endpoint = await sdk.createWebhookEndpoint({
      url: 'http://127.0.0.1:9/hooks',
      event_types: ['connection.created'],
    })
    expect((await sdk.searchWebhookEndpoints()).data.map((e) => e.id)).toContain(endpoint.id)
    expect((await sdk.getWebhookEndpoint(endpoint.id)).url).toBe('http://127.0.0.1:9/hooks')
    expect((await sdk.updateWebhookEndpoint(endpoint.id, { description: 'mine' })).description).toBe('mine')
    expect(await sdk.deleteWebhookEndpoint(endpoint.id)).toBeUndefined()
  })
})

describe('errors, pagination and rate limits', () => {
  it('a failed call throws SwitchyardError with the problem fields', async () => {
    const missing = await failure(sdk.getConnection('conn_nope'))
    expect(missing).toMatchObject({ status: 404, code: 'not_found' })
    const invalid = await failure(sdk.createApiKey({ name: '', role: 'secret' }))
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' })
    expect(invalid.errors?.[0]?.pointer).toBe('/name')
  })

  it('iterate() walks every page by cursor, each item once', async () => {
    const made = []
    for (let i = 0; i < 7; i++)
      made.push((await sdk.createApiKey({ name: `page-${i}`, role: 'publishable' })).id)
    const seen: string[] = []
    for await (const key of sdk.iterate('listApiKeys', {
      limit: 2,
      filter: { role: { eq: 'publishable' } },
    })) {
      seen.push(key.id!)
    }
    expect(seen).toEqual(expect.arrayContaining(made))
    expect(new Set(seen).size).toBe(seen.length)
    let pages = 0
    for await (const page of sdk.pages('listApiKeys', {
      limit: 2,
      filter: { role: { eq: 'publishable' } },
    })) {
      pages++
      expect(page.data.length).toBeLessThanOrEqual(2)
    }
    expect(pages).toBe(Math.ceil(seen.length / 2))
  })

  it('a free-tier burst of 75 is limited exactly, and the SDK recovers by itself', async () => {
    const ws = server.core.workspaces.create({ name: 'burst', tier: 'free' })
    const key = server.core.apiKeys.create(ws.id, { name: 'burst', role: 'secret' }).key
    const waits: number[] = []
    const statuses: number[] = []
    let burstAnswered: () => void
    const firstAttempts = new Promise<void>((resolve) => {
      burstAnswered = resolve
    })
    const client = new Switchyard({
      apiKey: key,
      baseUrl: server.url,
      // Waiting moves the gateway's clock instead of the test's (no real time passes), once every
      // first attempt has its answer, so the burst is judged within one window.
      sleep: async (ms) => {
        await firstAttempts
        waits.push(ms)
        clock.advance(ms)
      },
      fetch: async (input, init) => {
        const res = await fetch(input, init)
        if (statuses.push(res.status) === 75) burstAnswered()
        return res
      },
    })
    const pages = await Promise.all(Array.from({ length: 75 }, () => client.searchEvents({ limit: 1 })))
    expect(pages).toHaveLength(75)
    expect(statuses.slice(0, 75).filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.slice(0, 75).filter((s) => s === 429)).toHaveLength(15)
    expect(waits.length).toBeGreaterThanOrEqual(15)
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000)
  })
})
