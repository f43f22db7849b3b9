/** The proxy's path prefix: `/proxy/{connection_id}/{path}`. */
export const PROXY_PREFIX = '/proxy/'

/** `Bearer sk_…`, `token sk_…` as Octokit sends it, or a bare `sk_…` as Linear's SDK sends an API key. */
const SCHEME = /^(?:(?:Bearer|token)\s+(\S+)|(sk_\S+))\s*$/i

/**
 * The headers the catalog's providers take their token in (`api.token_header`), where their SDKs
 * send it: without an `Authorization` header, a bare `sk_…` key in one of these is taken instead.
 */
export const PROVIDER_TOKEN_HEADERS = ['x-shopify-access-token'] as const
const BARE_KEY = /^\s*(sk_\S+)\s*$/

/** The API key a proxied call carries, read through `header` (lower-case names). */
export const proxyKeyOf = (header: (name: string) => string | undefined): string | undefined => {
  const authorization = header('authorization')
  if (authorization) {
    const match = SCHEME.exec(authorization)
    return match?.[1] ?? match?.[2]
  }
  for (const name of PROVIDER_TOKEN_HEADERS) {
    const bare = BARE_KEY.exec(header(name) ?? '')
    if (bare) return bare[1]
  }
  return undefined
}
