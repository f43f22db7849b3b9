import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { resolveApiBaseUrl } from '../../src/core/providers/api-base-url.js'
import { loadCatalog } from '../../src/core/providers/catalog.js'

const catalog = new Map(loadCatalog().providers.map((p) => [p.id, p]))
const provider = (id: string) => catalog.get(id)!
const connection = (params: Record<string, string> = {}, metadata: Record<string, string | number> = {}) => ({
  id: 'conn_1',
  params,
  metadata,
})

/** The AppError a call throws (or fails the test). */
const errorOf = (call: () => unknown): AppError => {
  try {
    call()
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('expected an AppError')
}

describe('resolveApiBaseUrl', () => {
  it('a provider without placeholders: its base URL as declared', () => {
    expect(resolveApiBaseUrl({ provider: provider('github'), connection: connection() })).toBe(
      'https://api.github.com',
    )
  })

  it('Salesforce: {instance_url} from the connection metadata starts the URL', () => {
    const url = resolveApiBaseUrl({
      provider: provider('salesforce'),
      connection: connection({}, { instance_url: 'https://acme.my.salesforce.com' }),
    })
    expect(url).toBe('https://acme.my.salesforce.com')
  })

  it('Shopify and Zendesk: {shop} / {subdomain} from the session params', () => {
    expect(
      resolveApiBaseUrl({ provider: provider('shopify'), connection: connection({ shop: 'acme' }) }),
    ).toBe('https://acme.myshopify.com')
    expect(
      resolveApiBaseUrl({ provider: provider('zendesk'), connection: connection({ subdomain: 'acme' }) }),
    ).toBe('https://acme.zendesk.com/api/v2')
  })

  it('the provider config override wins, and its placeholders are filled too', () => {
    const url = resolveApiBaseUrl({
      provider: provider('zendesk'),
      configBaseUrl: 'https://{subdomain}.zendesk-staging.example/api/v2',
      connection: connection({ subdomain: 'acme' }),
    })
    expect(url).toBe('https://acme.zendesk-staging.example/api/v2')
  })

  it('a value inside the URL is percent-encoded, so it cannot change the host or path', () => {
    const url = resolveApiBaseUrl({
      provider: provider('zendesk'),
      connection: connection({ subdomain: 'a b%c' }),
    })
    expect(url).toBe('https://a%20b%25c.zendesk.com/api/v2')
  })

  it.each(['..', '/', '\\', 'a..b', 'x?y', 'x#y', 'me@evil.example', 'a\u0000', 'a\nb', 'a\u007f'])(
    'a token-response value %j inside the URL is a 409 naming the placeholder, never a climb out of the base path',
    (value) => {
      const err = errorOf(() =>
        resolveApiBaseUrl({
          provider: provider('zendesk'),
          configBaseUrl: 'https://api.example.com/api/tenants/{tenant}/v1',
          connection: connection({}, { tenant: value }),
        }),
      )
      expect(err.code).toBe('conflict')
      expect(err.status).toBe(409)
      expect(err.detail).toContain('{tenant}')
    },
  )

  it('a missing placeholder value is a conflict naming the placeholder and where it comes from', () => {
    const err = errorOf(() =>
      resolveApiBaseUrl({ provider: provider('salesforce'), connection: connection() }),
    )
    expect(err.code).toBe('conflict')
    expect(err.detail).toContain('{instance_url}')
    expect(err.detail).toContain('token response')
    const shop = errorOf(() => resolveApiBaseUrl({ provider: provider('shopify'), connection: connection() }))
    expect(shop.detail).toContain('{shop}')
    expect(shop.detail).toContain('params')
  })

  it('a URL-starting value that is not a plain http(s) URL is refused', () => {
    const err = errorOf(() =>
      resolveApiBaseUrl({
        provider: provider('salesforce'),
        connection: connection({}, { instance_url: 'javascript:alert(1)' }),
      }),
    )
    expect(err.code).toBe('conflict')
  })

  it('a provider with no API base URL and no override is a conflict that says how to set one', () => {
    const none = { id: 'acme', api: null, placeholders: {} }
    const err = errorOf(() => resolveApiBaseUrl({ provider: none, connection: connection() }))
    expect(err.detail).toContain('api_base_url')
    expect(
      resolveApiBaseUrl({
        provider: none,
        configBaseUrl: 'https://api.acme.test/v1',
        connection: connection(),
      }),
    ).toBe('https://api.acme.test/v1')
  })
})
