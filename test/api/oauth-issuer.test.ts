import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from '../helpers/real-connect.js'
import { type StrictOAuthServer, startStrictOAuthServer } from '../helpers/strict-oauth-server.js'

/**
 * Real mode against a strict authorization server whose issuer has a path (a Keycloak realm):
 * the issuer a provider declares is what `iss` and ID tokens are checked against; a provider that
 * declares none is plain OAuth 2; callback and token failures are told apart.
 */
const CLIENT_ID = 'realm-client'
const CLIENT_SECRET = 'realm-secret-7f3a9c'

let gateway: Gateway
let realm: StrictOAuthServer

/** A custom provider on the realm, and a real-mode config for it; returns the provider id. */
async function provider(
  id: string,
  auth: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
) {
  const created = await gateway.api('POST', '/api/providers', {
    id,
    name: id,
    auth: {
      type: 'oauth2',
      authorization_url: realm.authorizationUrl,
      token_url: realm.tokenUrl,
      scopes: ['openid'],
      ...auth,
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const cfg = await gateway.api('POST', '/api/provider-configs', {
    provider: id,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    ...config,
  })
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(201)
  return id
}

beforeAll(async () => {
  gateway = await startGateway()
  realm = await startStrictOAuthServer({
    issuerPath: '/realms/acme',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    method: 'client_secret_basic',
    requirePkce: true,
    sendIss: true,
    idToken: true,
  })
  realm.register([gateway.callbackUrl])
  await provider('keycloak-declared', { issuer: realm.issuer })
  await provider('keycloak-plain')
})

afterAll(async () => {
  await gateway.close()
  await realm.close()
})

const reset = () =>
  realm.set({
    sendIss: true,
    issOverride: undefined,
    idToken: true,
    method: 'client_secret_basic',
    shape: undefined,
  })

describe('a provider that declares its issuer (with a path)', () => {
  it('connects when iss and the ID token name that issuer', async () => {
    reset()
    const { callback, result } = await gateway.connect({ provider: 'keycloak-declared' })
    expect(callback?.searchParams.get('iss')).toBe(realm.issuer)
    expect(result.get('error_description')).toBeNull()
    expect(result.get('connection_id')).toMatch(/^conn_/)
  })

  it('refuses a callback whose iss is another issuer as invalid_callback, before any token request', async () => {
    reset()
    realm.set({ issOverride: 'https://evil.example/realms/acme' })
    const before = realm.tokenRequests.length
    const { result } = await gateway.connect({ provider: 'keycloak-declared' })
    expect(result.get('error')).toBe('invalid_callback')
    expect(result.get('error_description')).toContain('https://evil.example/realms/acme')
    expect(realm.tokenRequests.length).toBe(before)
  })

  it('refuses an ID token from another issuer as token_exchange_failed', async () => {
    reset()
    realm.set({ idToken: { iss: 'https://evil.example/' } })
    const { result } = await gateway.connect({ provider: 'keycloak-declared' })
    expect(result.get('error')).toBe('token_exchange_failed')
    expect(result.get('error_description')).toContain('iss')
  })
})

describe('a provider that declares no issuer (plain OAuth 2)', () => {
  it('connects although the server sends an iss parameter and an ID token', async () => {
    reset()
    const { callback, result } = await gateway.connect({ provider: 'keycloak-plain' })
    expect(callback?.searchParams.has('iss')).toBe(true)
    expect(result.get('error_description')).toBeNull()
    expect(result.get('connection_id')).toMatch(/^conn_/)
  })
})

describe('failures keep the provider’s own words', () => {
  it('a refused token request is token_exchange_failed with the provider’s error and description', async () => {
    reset()
    realm.set({ method: 'client_secret_post' })
    const { result } = await gateway.connect({ provider: 'keycloak-plain' })
    expect(result.get('error')).toBe('token_exchange_failed')
    expect(result.get('error_description')).toContain('invalid_client')
    expect(result.get('error_description')).toContain(
      'must authenticate with client_secret_post, not a header',
    )
  })

  it('control characters in the provider’s text are not stored or shown', async () => {
    reset()
    realm.set({
      shape: () => ({ ok: false, error: 'invalid_code', error_description: 'bad\u0000code\u001b[31m' }),
    })
    const { result } = await gateway.connect({ provider: 'keycloak-plain' })
    expect(result.get('error')).toBe('token_exchange_failed')
    expect(result.get('error_description')).toContain('bad code [31m')
    expect(result.get('error_description')).not.toMatch(/\p{Cc}/u)
  })
})

describe('the provider’s text on the result page', () => {
  it('is shown escaped when the session has no redirect_url', async () => {
    reset()
    realm.set({
      shape: () => ({ ok: false, error: 'invalid_code', error_description: '<img src=x onerror=alert(1)>' }),
    })
    const { finished } = await gateway.connect({ provider: 'keycloak-plain', redirect_url: undefined })
    expect(finished?.status).toBe(200)
    const page = await finished!.text()
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(page).not.toContain('<img src=x')
  })
})

describe('token_endpoint_auth_method', () => {
  it('client_secret_post sends the credentials in the form body and no Authorization header', async () => {
    reset()
    realm.set({ method: 'client_secret_post' })
    await provider('realm-post', { token_endpoint_auth_method: 'client_secret_post' })
    const { result } = await gateway.connect({ provider: 'realm-post' })
    expect(result.get('connection_id')).toMatch(/^conn_/)
    const exchange = realm.tokenRequests.at(-1)!
    expect(exchange.authorization).toBeUndefined()
    expect(exchange.form).toMatchObject({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET })
  })

  it('a provider config overrides the provider’s method', async () => {
    reset()
    realm.set({ method: 'client_secret_post' })
    await provider('realm-override', {}, { token_endpoint_auth_method: 'client_secret_post' })
    const { result } = await gateway.connect({ provider: 'realm-override' })
    expect(result.get('connection_id')).toMatch(/^conn_/)
    expect(realm.tokenRequests.at(-1)!.authorization).toBeUndefined()
  })

  it('none: a public PKCE client connects in real mode with a client_id and no secret', async () => {
    reset()
    realm.set({ method: 'none' })
    await gateway.api('POST', '/api/providers', {
      id: 'realm-public',
      name: 'realm-public',
      auth: { type: 'oauth2', authorization_url: realm.authorizationUrl, token_url: realm.tokenUrl },
    })
    const config = await gateway.api('POST', '/api/provider-configs', {
      provider: 'realm-public',
      client_id: CLIENT_ID,
      token_endpoint_auth_method: 'none',
    })
    expect(config.body.mode).toBe('real')
    const { result } = await gateway.connect({ provider: 'realm-public' })
    expect(result.get('connection_id')).toMatch(/^conn_/)
    const exchange = realm.tokenRequests.at(-1)!
    expect(exchange.authorization).toBeUndefined()
    expect(exchange.form.client_id).toBe(CLIENT_ID)
    expect(exchange.form.code_verifier).toBeDefined()
  })

  it('a provider that declares none: a config with only a client_id is real, and records none', async () => {
    reset()
    realm.set({ method: 'none' })
    await gateway.api('POST', '/api/providers', {
      id: 'realm-public-provider',
      name: 'realm-public-provider',
      auth: {
        type: 'oauth2',
        authorization_url: realm.authorizationUrl,
        token_url: realm.tokenUrl,
        token_endpoint_auth_method: 'none',
      },
    })
    const config = await gateway.api('POST', '/api/provider-configs', {
      provider: 'realm-public-provider',
      client_id: CLIENT_ID,
    })
    expect(config.body).toMatchObject({ mode: 'real', token_endpoint_auth_method: 'none' })
    const { result } = await gateway.connect({ provider: 'realm-public-provider' })
    expect(result.get('connection_id')).toMatch(/^conn_/)
  })

  it('an unknown method is a 400 naming the field, and no config is stored', async () => {
    const before = await gateway.api('POST', '/api/provider-configs/search', {})
    const res = await gateway.api('POST', '/api/provider-configs', {
      provider: 'keycloak-plain',
      client_id: CLIENT_ID,
      token_endpoint_auth_method: 'private_key_jwt',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('token_endpoint_auth_method')
    const after = await gateway.api('POST', '/api/provider-configs/search', {})
    expect((after.body.data as unknown[]).length).toBe((before.body.data as unknown[]).length)
  })
})
