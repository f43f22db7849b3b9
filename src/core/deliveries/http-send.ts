import { HOP_BY_HOP } from '../../shared/hop-by-hop.js'

/** The original headers minus hop-by-hop ones (and any the Connection header names). */
export function forwardableHeaders(headers: Array<[string, string]>): Array<[string, string]> {
  const named = new Set(
    headers
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((v) => v.trim().toLowerCase())),
  )
  return headers.filter(([name]) => {
    const lower = name.toLowerCase()
    return !HOP_BY_HOP.has(lower) && !named.has(lower)
  })
}

export interface OutgoingRequest {
  method: string
  headers: Array<[string, string]>
  body: Buffer
}

export interface SendResult {
  status: number | null
  error: string | null
  duration_ms: number
  /** Retry-After of the answer, in milliseconds, when it sent one. */
  retryAfterMs: number | null
}

/** Retry-After as delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`
  if (e.cause?.code) return `${e.cause.code}${e.cause.message ? `: ${e.cause.message}` : ''}`
  return e.message ?? String(err)
}

/**
 * Sends one request and reports what happened; never throws. Redirects are not followed (a 3xx is
 * a failed delivery, as Standard Webhooks advises).
 */
export async function sendHttp(
  target: string,
  request: OutgoingRequest,
  options: { timeoutMs: number; nowMs: number },
): Promise<SendResult> {
  const headers = new Headers()
  for (const [name, value] of request.headers) {
    try {
      headers.append(name, value)
    } catch {
      // A header fetch refuses (invalid name or value) is left out rather than failing the delivery.
    }
  }
  const started = performance.now()
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  try {
    const res = await fetch(target, {
      method: request.method,
      headers,
      ...(hasBody && { body: new Uint8Array(request.body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    await res.body?.cancel().catch(() => {})
    return {
      status: res.status,
      error: null,
      duration_ms: Math.round(performance.now() - started),
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), options.nowMs),
    }
  } catch (err) {
    return {
      status: null,
      error: describe(err, options.timeoutMs),
      duration_ms: Math.round(performance.now() - started),
      retryAfterMs: null,
    }
  }
}
