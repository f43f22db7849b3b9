/**
 * Calls a simulated provider makes to a URL chosen through its API (Microsoft Graph's subscription
 * `notificationUrl`). The real provider needs a public HTTPS endpoint; offline, only loopback URLs
 * are allowed (the gateway's own capture URL, an app's local receiver), so the simulation cannot be
 * used to reach other hosts. Redirects are not followed.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Whether a URL is http(s) on a loopback host (any port), without credentials. */
export function isLoopbackUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(url.hostname.toLowerCase()) &&
    !url.username &&
    !url.password
  )
}

export interface OutboundAnswer {
  status: number
  contentType: string
  text: string
}

/** POSTs to a loopback URL; undefined when it is not one, or nothing answered within `timeoutMs`. */
export async function postToLoopback(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<OutboundAnswer | undefined> {
  if (!isLoopbackUrl(url)) return undefined
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() }
  } catch {
    return undefined
  }
}
