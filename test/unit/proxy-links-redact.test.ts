import { describe, expect, it } from 'vitest'
import { rewriteProviderLinks } from '../../src/core/proxy/links.js'
import { createRedactor, redactQuery } from '../../src/core/proxy/redact.js'

const PREFIX = 'http://127.0.0.1:4747/proxy/conn_1'

describe('rewriteProviderLinks', () => {
  it('rewrites URLs under the API base in Link and Location, and nothing else', () => {
    const out = rewriteProviderLinks(
      [
        [
          'Link',
          '<https://api.example.com/v1/items?page=2>; rel="next", <https://other.example/v1/x>; rel="help"',
        ],
        ['location', 'https://api.example.com/v1'],
        ['x-other', 'https://api.example.com/v1/items'],
      ],
      'https://api.example.com/v1/',
      PREFIX,
    )
    expect(out).toEqual([
      ['Link', `<${PREFIX}/items?page=2>; rel="next", <https://other.example/v1/x>; rel="help"`],
      ['location', `${PREFIX}/`],
      ['x-other', 'https://api.example.com/v1/items'],
    ])
  })

  it('leaves a sibling path (/v10 under /v1), relative URLs and junk alone', () => {
    const headers: Array<[string, string]> = [
      ['link', '<https://api.example.com/v10/items>; rel="next"'],
      ['location', '/v1/relative'],
      ['link', '<not a url>'],
    ]
    expect(rewriteProviderLinks(headers, 'https://api.example.com/v1', PREFIX)).toEqual(headers)
  })
})

describe('redaction rule', () => {
  it('redacts credential-named query parameters, keeping the rest byte for byte', () => {
    expect(redactQuery('a=1&access_token=x&API%5FKEY=y&signature=z&pageToken=p&b=%20')).toBe(
      'a=1&access_token=[redacted]&API%5FKEY=[redacted]&signature=[redacted]&pageToken=p&b=%20',
    )
    expect(redactQuery('')).toBe('')
  })

  it('redacts named headers and known secret values anywhere, bodies included', () => {
    const redact = createRedactor(['tok_secret_123', 'short', undefined])
    expect(
      redact.headers([
        ['X-My-Auth', 'a'],
        ['Ocp-Apim-Subscription-Key', 'b'],
        ['WWW-Authenticate', 'Bearer realm="x"'],
        ['x-note', 'is tok_secret_123!'],
        ['x-short', 'short'],
      ]),
    ).toEqual([
      ['X-My-Auth', '[redacted]'],
      ['Ocp-Apim-Subscription-Key', '[redacted]'],
      ['WWW-Authenticate', 'Bearer realm="x"'],
      ['x-note', 'is [redacted]!'],
      ['x-short', 'short'],
    ])
    expect(redact.bytes(Buffer.from('{"t":"tok_secret_123","u":"tok_secret_123"}')).toString()).toBe(
      '{"t":"[redacted]","u":"[redacted]"}',
    )
  })
})
