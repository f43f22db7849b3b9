/**
 * Points provider URLs in an answer back at the proxy: an absolute URL under the connection's API
 * base URL in `Link` (each `<…>`) or `Location` becomes `{gateway}/proxy/{connection_id}{rest}`, so
 * a client that follows it (Octokit's paginate) calls the gateway with its own key, and never the
 * provider with the gateway's secret key. Other URLs are left as they are.
 */
export function rewriteProviderLinks(
  headers: ReadonlyArray<[string, string]>,
  apiBaseUrl: string,
  proxyPrefix: string,
): Array<[string, string]> {
  let base: URL
  try {
    base = new URL(apiBaseUrl)
  } catch {
    return [...headers]
  }
  const basePath = base.pathname.replace(/\/+$/, '')
  const rewrite = (raw: string): string => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return raw
    }
    if (url.origin !== base.origin) return raw
    const under = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)
    if (!under) return raw
    const rest = url.pathname.slice(basePath.length) || '/'
    return `${proxyPrefix}${rest}${url.search}${url.hash}`
  }
  return headers.map(([name, value]) => {
    const lower = name.toLowerCase()
    if (lower === 'location') return [name, rewrite(value.trim())]
    if (lower === 'link') return [name, value.replace(/<([^>]*)>/g, (_, url: string) => `<${rewrite(url)}>`)]
    return [name, value]
  })
}
