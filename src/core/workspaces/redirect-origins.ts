import { z } from 'zod'

/** Hosts whose origins are always allowed as redirect targets, on any port and scheme. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** At most this many allowed origins per workspace: a list of apps, not a blocklist. */
export const MAX_REDIRECT_ORIGINS = 50

/** True for `http(s)://localhost:*`, `http(s)://127.0.0.1:*` and `http(s)://[::1]:*`. */
export const isLoopbackUrl = (url: URL) => LOOPBACK_HOSTS.has(url.hostname)

/**
 * Parses one allowed-origin entry and returns its canonical form (`new URL(x).origin`: lower-case
 * host, default port dropped), or a reason it is not an origin. An origin is a scheme, a host and
 * an optional port: no path (a lone trailing `/` is tolerated), query, fragment, credentials or
 * wildcard. https is required except for loopback, where plain http is how local apps run.
 */
export function parseOrigin(entry: string): { origin: string } | { error: string } {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    return { error: 'must be an origin such as https://app.example.com' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'must be an http(s) origin' }
  if (url.username || url.password) return { error: 'must not contain credentials' }
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(entry)) {
    return {
      error: 'must be an origin only (scheme, host, optional port), without a path, query or fragment',
    }
  }
  if (entry.includes('*')) return { error: 'must be an exact origin; wildcards are not supported' }
  if (url.protocol === 'http:' && !isLoopbackUrl(url)) {
    return { error: 'must use https (plain http is allowed only for loopback, which is always allowed)' }
  }
  return { origin: url.origin }
}

/** One allowed redirect origin as sent; the service stores its canonical form (`parseOrigin`). */
export const RedirectOriginSchema = z
  .string()
  .max(2048)
  .superRefine((entry, ctx) => {
    const parsed = parseOrigin(entry)
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error })
  })
  .meta({
    description:
      'An origin: `https://host[:port]` (plain `http` only for loopback). No path, query, fragment or wildcard.',
    example: 'https://app.example.com',
  })
