import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cassetteText } from '../../src/core/cassettes/cassette.js'
import { AppError } from '../../src/core/errors.js'
import { forwardedRequestHeaders, forwardedResponseHeaders } from '../../src/core/proxy/headers.js'
import { checkProxyPath } from '../../src/core/proxy/proxy-path.js'
import { redactRequestHeaders, redactResponseHeaders } from '../../src/core/proxy/redact.js'
import { sendUpstream } from '../../src/core/proxy/upstream.js'
import { queryKey } from '../../src/core/recordings/recordings.service.js'

describe('proxy path', () => {
  it('accepts ordinary paths, encoded characters included', () => {
    for (const path of ['/', '/user/repos', '/a%20b/c', '/files/%2Fslash', '/v1/x.json', '/...'])
      expect(checkProxyPath(path)).toBe(path)
  })
  it('refuses what could climb out of the API base, with a pointer', () => {
    for (const path of [
      '',
      'user',
      '/a/../b',
      '/a/./b',
      '/a/%2e%2E/b',
      '/a/.%2e',
      '/a\\b',
      '/a%5Cb',
      '/a%0d%0aX: y',
    ])
      expect(() => checkProxyPath(path), path).toThrow(AppError)
    try {
      checkProxyPath('/a/%2e%2e/b')
    } catch (err) {
      expect((err as AppError).errors).toEqual([
        { pointer: 'path:/path', detail: "'.' and '..' segments are not allowed" },
      ])
    }
  })
})

describe('forwarded headers', () => {
  it('drop hop-by-hop headers, those Connection names, Host, Authorization, Content-Length and Switchyard-*', () => {
    const sent: Array<[string, string]> = [
      ['Host', 'gw'],
      ['Authorization', 'Bearer sk_x'],
      ['Connection', 'keep-alive, X-Hop'],
      ['X-Hop', '1'],
      ['Keep-Alive', 'timeout=5'],
      ['Transfer-Encoding', 'chunked'],
      ['Content-Length', '3'],
      ['Switchyard-Workspace', 'w'],
      ['Accept', 'application/json'],
      ['X-Custom', 'a'],
      ['X-Custom', 'b'],
    ]
    expect(forwardedRequestHeaders(sent)).toEqual([
      ['Accept', 'application/json'],
      ['X-Custom', 'a'],
      ['X-Custom', 'b'],
    ])
    expect(
      forwardedResponseHeaders([
        ['Transfer-Encoding', 'chunked'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
      ]),
    ).toEqual([
      ['Set-Cookie', 'a=1'],
      ['Set-Cookie', 'b=2'],
    ])
  })
})

describe('redaction', () => {
  it('replaces credentials in request headers and cookies in responses, keeping names and order', () => {
    expect(
      redactRequestHeaders([
        ['Authorization', 'Bearer t'],
        ['Cookie', 'a=b'],
        ['X-Shopify-Access-Token', 'shpat'],
        ['X-My-Token', 'k'],
        ['Private-Token', 'p'],
        ['Accept', 'json'],
      ]),
    ).toEqual([
      ['Authorization', '[redacted]'],
      ['Cookie', '[redacted]'],
      ['X-Shopify-Access-Token', '[redacted]'],
      ['X-My-Token', '[redacted]'],
      ['Private-Token', '[redacted]'],
      ['Accept', 'json'],
    ])
    expect(
      redactResponseHeaders([
        ['Set-Cookie', 's=1'],
        ['ETag', 'x'],
      ]),
    ).toEqual([
      ['Set-Cookie', '[redacted]'],
      ['ETag', 'x'],
    ])
  })
})

describe('matching key and cassette text', () => {
  it('compares query parameters decoded and in any order, repeated ones included', () => {
    expect(queryKey('b=2&a=1')).toBe(queryKey('a=1&b=2'))
    expect(queryKey('a=%20x')).toBe(queryKey('a=+x'))
    expect(queryKey('a=1&a=2')).not.toBe(queryKey('a=1'))
    expect(queryKey('a=2&a=1')).toBe(queryKey('a=1&a=2'))
  })
  it('writes sorted keys at every level, arrays in order, with a final newline', () => {
    const text = cassetteText({ version: 1, entries: [] })
    expect(text).toBe('{\n  "entries": [],\n  "version": 1\n}\n')
  })
})

describe('sendUpstream', () => {
  let silent: ReturnType<typeof createServer>
  let url: string
  beforeAll(async () => {
    // Accepts the request and never answers.
    silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  })
  afterAll(() => {
    silent.closeAllConnections()
    silent.close()
  })

  it('a provider that sends no response headers in time is upstream_timeout (504)', async () => {
    const err = await sendUpstream({
      url: new URL(`${url}/slow`),
      method: 'GET',
      headers: [],
      body: Buffer.alloc(0),
      timeoutMs: 100,
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('upstream_timeout')
    expect((err as AppError).status).toBe(504)
  })

  it('an unreachable provider is upstream_error (502) naming the cause', async () => {
    const err = await sendUpstream({
      url: new URL('http://127.0.0.1:9/x'),
      method: 'GET',
      headers: [],
      body: Buffer.alloc(0),
    }).catch((e: unknown) => e)
    expect((err as AppError).code).toBe('upstream_error')
    expect((err as AppError).detail).toMatch(/ECONNREFUSED/)
  })
})
