import { errorFromResponse, SwitchyardError } from './errors.js'
import { parseRetryAfter, RETRYABLE_GATEWAY_STATUSES, type RetryPolicy, retryDelayMs } from './retry.js'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface TransportOptions {
  apiKey: string
  baseUrl: string
  fetch: FetchLike
  retry: RetryPolicy
  sleep: (ms: number) => Promise<void>
  random: () => number
}

/** One HTTP call: the method, the path with its parameters filled in, and what to send. */
export interface Call {
  method: string
  path: string
  query?: Record<string, string | number | boolean | undefined> | undefined
  body?: unknown
  /** Safe to send twice: network errors and 502/503/504 are retried only then. 429 always is. */
  idempotent: boolean
  /** Resolve with the raw bytes and content type instead of parsed JSON. */
  raw?: boolean
  /** Send `body` (text) as it is, with this Content-Type, instead of as JSON. */
  contentType?: string
}

/** A response body as it was sent, for endpoints that return the bytes of something captured. */
export interface RawBody {
  contentType: string | null
  body: Uint8Array
}

function urlOf(baseUrl: string, call: Call): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + call.path)
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value))
  }
  return url.toString()
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!/[/+]json\b/i.test(type)) return text
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new SwitchyardError({
      status: response.status,
      code: 'http_error',
      detail: 'The response claims JSON but is not valid JSON.',
      cause,
    })
  }
}

/**
 * Sends calls with the API key, retrying what is safe to retry: a 429 always (the gateway refused it
 * before doing anything), network errors and 502/503/504 only for idempotent calls. Waits follow
 * `retryDelayMs` (Retry-After first, then full-jitter exponential backoff). Resolves with the parsed
 * body of a 2xx response; throws SwitchyardError otherwise.
 */
export function createTransport(options: TransportOptions) {
  const { retry } = options
  const headers = (call: Call): Record<string, string> => ({
    accept: 'application/json',
    authorization: `Bearer ${options.apiKey}`,
    ...(call.body !== undefined && { 'content-type': call.contentType ?? 'application/json' }),
  })

  return async function send(call: Call): Promise<unknown> {
    const url = urlOf(options.baseUrl, call)
    const init: RequestInit = {
      method: call.method,
      headers: { ...headers(call), ...(call.raw && { accept: '*/*' }) },
      ...(call.body !== undefined && {
        body: call.contentType ? String(call.body) : JSON.stringify(call.body),
      }),
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await options.fetch(url, init)
      } catch (cause) {
        if (call.idempotent && attempt < retry.maxRetries) {
          await options.sleep(retryDelayMs(retry, attempt, undefined, options.random))
          continue
        }
        throw new SwitchyardError({
          status: 0,
          code: 'network_error',
          detail: `${call.method} ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        })
      }
      if (response.ok && call.raw) {
        return {
          contentType: response.headers.get('content-type'),
          body: new Uint8Array(await response.arrayBuffer()),
        }
      }
      if (response.ok) return readBody(response)

      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now())
      const retryable =
        response.status === 429 || (call.idempotent && RETRYABLE_GATEWAY_STATUSES.has(response.status))
      const waitable = retryAfter === undefined || retryAfter * 1000 <= retry.maxDelayMs
      if (retryable && waitable && attempt < retry.maxRetries) {
        await response.body?.cancel()
        await options.sleep(retryDelayMs(retry, attempt, retryAfter, options.random))
        continue
      }
      throw await errorFromResponse(response, retryAfter)
    }
  }
}
export type Transport = ReturnType<typeof createTransport>
