/** What a redacted header value is replaced by in a recording. */
export const REDACTED = '[redacted]'

/**
 * Headers that carry credentials in requests: the standard ones, and the token headers providers
 * use instead of Authorization (Shopify, Notion-style API keys, GitHub's, ...). A provider's own
 * token header, when it declares one, is added by the caller.
 */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
  'x-shopify-access-token',
  'private-token',
])

const TOKENISH = /(token|secret|api-?key|password|session)/

/** A request header whose value is a credential: listed above, one named like one, or the provider's own. */
const isCredential = (name: string, extra: ReadonlySet<string>) => {
  const lower = name.toLowerCase()
  return CREDENTIAL_HEADERS.has(lower) || extra.has(lower) || TOKENISH.test(lower)
}

/** Request headers with every credential value replaced by the marker (names and order kept). */
export function redactRequestHeaders(
  headers: ReadonlyArray<[string, string]>,
  extra: ReadonlySet<string> = new Set(),
): Array<[string, string]> {
  return headers.map(([name, value]) => [name, isCredential(name, extra) ? REDACTED : value])
}

/** Response headers with cookies replaced by the marker. */
export function redactResponseHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => [name, name.toLowerCase() === 'set-cookie' ? REDACTED : value])
}
