import { expect } from 'vitest'
import { type ProviderApi, startProviderApi } from './provider-api.js'
import { type Gateway, startGateway } from './real-connect.js'
import { type StrictOAuthServer, startStrictOAuthServer } from './strict-oauth-server.js'

const CLIENT_ID = 'dataplane-client'
const CLIENT_SECRET = 'dataplane-secret-7f1e'

/**
 * The data plane's real peers: the gateway, a strict local OAuth server that issues and refreshes
 * a real connection's tokens, and a local HTTP server standing in for the provider API, joined by
 * a custom provider `local-api` (API base `{api}/v1`) with a real-mode provider config.
 */
export async function startDataPlane() {
  const gateway: Gateway = await startGateway()
  const oauth: StrictOAuthServer = await startStrictOAuthServer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    method: 'client_secret_basic',
  })
  oauth.register([gateway.callbackUrl])
  const api: ProviderApi = await startProviderApi()
  const provider = await gateway.api('POST', '/api/providers', {
    id: 'local-api',
    name: 'Local API',
    auth: {
      type: 'oauth2',
      authorization_url: oauth.authorizationUrl,
      token_url: oauth.tokenUrl,
      scopes: ['read'],
    },
    api: { base_url: `${api.url}/v1` },
  })
  expect(provider.status, JSON.stringify(provider.body)).toBe(201)
  const config = await gateway.api('POST', '/api/provider-configs', {
    provider: 'local-api',
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
  })
  expect(config.status).toBe(201)
  const keys = gateway.server.firstRun!.keys
  const secretKey = keys.find((k) => k.role === 'secret')!.key
  const publishableKey = keys.find((k) => k.role === 'publishable')!.key

  return {
    gateway,
    oauth,
    api,
    configId: config.body.id as string,
    secretKey,
    publishableKey,
    /** A fresh real connection (tokens from the strict server, expiring in `expiresIn` seconds). */
    async connect(expiresIn = 3600): Promise<string> {
      oauth.set({ shape: (standard) => ({ ...standard, expires_in: expiresIn }) })
      const { result } = await gateway.connect({ provider: 'local-api' })
      oauth.set({ shape: undefined })
      const id = result.get('connection_id')
      expect(id, result.toString()).toMatch(/^conn_/)
      return id!
    },
    /** Sets the provider config's proxy mode. */
    async setMode(mode: 'live' | 'record' | 'replay') {
      const res = await gateway.api('PATCH', `/api/provider-configs/${config.body.id}`, { proxy_mode: mode })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    },
    /** A request through the proxy with the secret key (or `auth` as the Authorization header). */
    proxy(id: string, path: string, init: RequestInit & { auth?: string } = {}) {
      return fetch(`${gateway.server.url}/proxy/${id}${path}`, {
        ...init,
        headers: {
          authorization: init.auth ?? `Bearer ${secretKey}`,
          ...(init.headers as Record<string, string>),
        },
      })
    },
    async close() {
      await gateway.close()
      await oauth.close()
      await api.close()
    },
  }
}
export type DataPlane = Awaited<ReturnType<typeof startDataPlane>>
