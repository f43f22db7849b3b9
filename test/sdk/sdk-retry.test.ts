import { afterEach, describe, expect, it } from 'vitest'
import { Switchyard, SwitchyardError, type SwitchyardOptions } from '../../src/sdk/index.js'
import { PAGE, problem, type Reply, startScriptedServer } from './scripted-server.js'

/** The SDK's retries against a real local HTTP server that answers 429s, 5xx and dropped connections. */
let server: Awaited<ReturnType<typeof startScriptedServer>> | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A client on a scripted server whose waits are recorded instead of slept. */
async function setup(script: Reply[], options: Partial<SwitchyardOptions> = {}) {
  server = await startScriptedServer(script)
  const waits: number[] = []
  const client = new Switchyard({
    apiKey: 'sk_test',
    baseUrl: server.url,
    sleep: async (ms) => {
      waits.push(ms)
    },
    random: () => 0.5,
    ...options,
  })
  return { client, waits, received: server.received }
}

const limited = (retryAfter?: string) =>
  problem(
    429,
    'rate_limited',
    'Too many requests.',
    retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  )

async function failure(promise: Promise<unknown>): Promise<SwitchyardError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof SwitchyardError) return err
    throw err
  }
  throw new Error('expected the call to fail')
}

describe('SDK retries', () => {
  it('a 429 with Retry-After is retried after that many seconds, plus jitter', async () => {
    const { client, waits, received } = await setup([limited('2'), PAGE])
    const page = await client.searchConnections()
    expect(page.data).toEqual([])
    expect(received).toHaveLength(2)
    expect(waits).toEqual([2000 + 0.5 * 500])
  })

  it('a 429 without Retry-After backs off exponentially with full jitter', async () => {
    const { client, waits } = await setup([limited(), limited(), limited(), limited(), PAGE])
    await client.searchEvents()
    expect(waits).toEqual([250, 500, 1000, 2000])
  })

  it('the jitter is full: anywhere from zero up to the exponential step', async () => {
    const low = await setup([limited(), limited(), PAGE], { random: () => 0 })
    await low.client.searchEvents()
    expect(low.waits).toEqual([0, 0])
    await server!.close()
    const high = await setup([limited(), limited(), PAGE], { random: () => 0.999 })
    await high.client.searchEvents()
    expect(high.waits.map(Math.round)).toEqual([500, 999])
  })

  it('an HTTP-date Retry-After is honoured too', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString()
    const { client, waits } = await setup([limited(at), PAGE], { random: () => 0 })
    await client.searchEvents()
    expect(waits[0]).toBeGreaterThanOrEqual(28_000)
    expect(waits[0]).toBeLessThanOrEqual(31_000)
  })

  it('gives up after maxRetries (default 5) and throws the 429 as a SwitchyardError', async () => {
    const { client, received } = await setup([limited('1')])
    const error = await failure(client.searchEvents())
    expect(received).toHaveLength(6)
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many requests.',
      retryAfter: 1,
    })
  })

  it('maxRetries: 0 turns retries off', async () => {
    const { client, received } = await setup([limited('1'), PAGE], { maxRetries: 0 })
    expect((await failure(client.searchEvents())).status).toBe(429)
    expect(received).toHaveLength(1)
  })

  it('a Retry-After longer than maxDelayMs is not waited for', async () => {
    const { client, waits, received } = await setup([limited('3600'), PAGE])
    const error = await failure(client.searchEvents())
    expect(error.retryAfter).toBe(3600)
    expect(waits).toEqual([])
    expect(received).toHaveLength(1)
  })

  it('a 429 is retried for non-idempotent calls too: the gateway refused it before doing anything', async () => {
    const created = {
      id: 'key_1',
      key: 'sk_x',
      name: 'n',
      role: 'secret',
      created_at: '2026-01-01T00:00:00.000Z',
    }
    const { client, received } = await setup([limited('1'), { status: 201, body: created }])
    expect(await client.createApiKey({ name: 'n', role: 'secret' })).toEqual(created)
    expect(received.map((r) => r.method)).toEqual(['POST', 'POST'])
  })

  it('502, 503 and 504 are retried for idempotent calls', async () => {
    const { client, received } = await setup([
      problem(502, 'upstream_error', 'bad gateway'),
      { status: 503, body: 'down' },
      { status: 504 },
      PAGE,
    ])
    await client.searchProviders({ query: 'git' })
    expect(received).toHaveLength(4)
    expect(new Set(received.map((r) => r.body))).toEqual(new Set(['{"query":"git"}']))
  })

  it('a 503 on a non-idempotent call is thrown at once: it may have been handled', async () => {
    const { client, received } = await setup([
      { status: 503, body: 'down' },
      { status: 201, body: {} },
    ])
    const error = await failure(client.createApiKey({ name: 'n', role: 'secret' }))
    expect(error).toMatchObject({ status: 503, code: 'http_error', detail: 'down' })
    expect(received).toHaveLength(1)
  })

  it('network errors are retried for idempotent calls', async () => {
    const { client, received } = await setup(['drop', 'drop', PAGE])
    await client.listApiKeys()
    expect(received).toHaveLength(3)
  })

  it('a network error on a non-idempotent call throws network_error without retrying', async () => {
    const { client, received } = await setup(['drop', { status: 201, body: {} }])
    const error = await failure(client.createApiKey({ name: 'n', role: 'secret' }))
    expect(error).toMatchObject({ status: 0, code: 'network_error' })
    expect(received).toHaveLength(1)
  })

  it('the default waits are real timers (no injected sleep): a short Retry-After still recovers', async () => {
    server = await startScriptedServer([limited('0'), PAGE])
    const client = new Switchyard({ apiKey: 'sk_test', baseUrl: server.url, retry: { baseDelayMs: 1 } })
    expect((await client.searchEvents()).has_more).toBe(false)
    expect(server.received).toHaveLength(2)
  })
})

describe('SDK requests and errors', () => {
  it('sends the key as a Bearer token and the body as JSON', async () => {
    const { client, received } = await setup([PAGE])
    await client.searchConnections({ filter: { status: { eq: 'active' } }, limit: 5 })
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/connections/search' })
    expect(received[0]!.headers.authorization).toBe('Bearer sk_test')
    expect(received[0]!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(received[0]!.body)).toEqual({ filter: { status: { eq: 'active' } }, limit: 5 })
  })

  it('escapes path parameters and keeps a base URL path prefix', async () => {
    server = await startScriptedServer([{ status: 200, body: { id: 'a/b' } }])
    const client = new Switchyard({ apiKey: 'sk_test', baseUrl: `${server.url}/gateway/` })
    await client.getConnection('a/b?c')
    expect(server.received[0]!.url).toBe('/gateway/api/connections/a%2Fb%3Fc')
  })

  it('a problem+json error becomes a SwitchyardError with status, code, detail and field errors', async () => {
    const body = {
      type: 'https://switchyard.dev/problems/invalid_request',
      title: 'Invalid request',
      status: 400,
      detail: 'Invalid body.',
      code: 'invalid_request',
      errors: [{ pointer: '/name', detail: 'Required' }],
    }
    const { client } = await setup([
      { status: 400, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(body) },
    ])
    const error = await failure(client.createApiKey({ name: '', role: 'secret' }))
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      name: 'SwitchyardError',
      status: 400,
      code: 'invalid_request',
      detail: 'Invalid body.',
    })
    expect(error.errors).toEqual([{ pointer: '/name', detail: 'Required' }])
    expect(error.message).toBe('400 invalid_request: Invalid body.')
  })

  it('refuses to start without an API key or with a base URL that is not a URL', () => {
    expect(() => new Switchyard({ apiKey: '' })).toThrow(TypeError)
    expect(() => new Switchyard({ apiKey: 'sk_x', baseUrl: 'not a url' })).toThrow(TypeError)
    expect(() => new Switchyard({ apiKey: 'sk_x', maxRetries: -1 })).toThrow(TypeError)
  })

  it('iterate() follows next_cursor until has_more is false and refuses offset', async () => {
    const { client, received } = await setup([
      {
        status: 200,
        body: { data: [{ id: 'a' }, { id: 'b' }], has_more: true, next_cursor: 'c1', limit: 2 },
      },
      { status: 200, body: { data: [{ id: 'c' }], has_more: false, limit: 2 } },
    ])
    const ids: string[] = []
    for await (const item of client.iterate('searchConnections', { limit: 2 })) ids.push(item.id!)
    expect(ids).toEqual(['a', 'b', 'c'])
    expect(received.map((r) => JSON.parse(r.body))).toEqual([{ limit: 2 }, { limit: 2, cursor: 'c1' }])
    await expect(client.iterate('searchConnections', { offset: 10 }).next()).rejects.toThrow(TypeError)
  })
})
