export interface RequestLike {
  method: string
  path: string
  query_string?: string
  headers: Array<{ name: string; value: string }>
  body: string
  body_encoding: 'utf8' | 'base64' | string
}

/** Headers curl sets itself or that describe the old connection, not the request. */
const SKIP = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'accept-encoding',
  'te',
  'upgrade',
  'proxy-connection',
])

/** Quotes for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/**
 * A curl command that sends the captured request again to `baseUrl` (the same bytes: text bodies
 * inline, binary ones decoded from base64 on the way).
 */
export function toCurl(baseUrl: string, req: RequestLike): string {
  const url = `${baseUrl}${req.path}${req.query_string ? `?${req.query_string}` : ''}`
  const parts = [`curl -X ${req.method} ${shellQuote(url)}`]
  for (const h of req.headers)
    if (!SKIP.has(h.name.toLowerCase())) parts.push(`-H ${shellQuote(`${h.name}: ${h.value}`)}`)
  if (!req.body) return parts.join(' \\\n  ')
  if (req.body_encoding === 'base64') {
    parts.push('--data-binary @-')
    return `printf %s ${shellQuote(req.body)} | base64 -d | ${parts.join(' \\\n  ')}`
  }
  parts.push(`--data-raw ${shellQuote(req.body)}`)
  return parts.join(' \\\n  ')
}
