import { SwitchyardError } from './errors.js'
import {
  type BodyOf,
  isIdempotent,
  OPERATION_ROUTES,
  type OperationId,
  type QueryOf,
  type ResultOf,
} from './operations.js'
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js'
import { type Call, createTransport, type FetchLike, type RawBody, type Transport } from './transport.js'

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4747'

export interface SwitchyardOptions {
  /** A secret key (`sk_…`), or a publishable key (`pk_…`) for the session operations only. */
  apiKey: string
  /** Where the API is; default `http://127.0.0.1:4747`, the local gateway. */
  baseUrl?: string
  /** Retries after a 429, and after network errors or 502/503/504 for idempotent calls; default 5. */
  maxRetries?: number
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: FetchLike
  /** First backoff step (default 500 ms) and cap of one wait (default 60 s). */
  retry?: { baseDelayMs?: number; maxDelayMs?: number }
  /** How to wait between attempts; default a timer. Tests pass one that moves a fake clock. */
  sleep?: (ms: number) => Promise<void>
  /** Jitter source in [0, 1); default Math.random. */
  random?: () => number
}

/** What one call sends besides its route: path parameters, query, body. */
export interface CallInput {
  path?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined> | undefined
  body?: unknown
  raw?: boolean
  /** Send `body` (text) as it is, with this Content-Type, instead of as JSON. */
  contentType?: string
}

const fillPath = (template: string, params: Record<string, string> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`Missing path parameter '${name}' for ${template}.`)
    }
    return encodeURIComponent(value)
  })

/** The plumbing under the typed methods: options, the transport, and one generic typed call. */
export class SwitchyardClient {
  readonly baseUrl: string
  readonly #send: Transport
  readonly #apiKey: string
  readonly #fetch: FetchLike

  constructor(options: SwitchyardOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey.trim() === '') {
      throw new TypeError('Switchyard needs an apiKey (sk_… or pk_…).')
    }
    const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
    if (!URL.canParse(baseUrl)) throw new TypeError(`baseUrl is not a URL: ${baseUrl}`)
    const maxRetries = options.maxRetries ?? DEFAULT_RETRY.maxRetries
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new TypeError('maxRetries must be a whole number, 0 or more.')
    }
    const fetchImpl = options.fetch ?? (globalThis.fetch as FetchLike | undefined)
    if (!fetchImpl) throw new TypeError('No fetch available: pass options.fetch.')
    const retry: RetryPolicy = {
      maxRetries,
      baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
      maxDelayMs: options.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    }
    this.baseUrl = baseUrl
    this.#apiKey = options.apiKey
    this.#fetch = fetchImpl
    this.#send = createTransport({
      apiKey: options.apiKey,
      baseUrl,
      fetch: (input, init) => fetchImpl(input, init),
      retry,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: options.random ?? Math.random,
    })
  }

  /** A plain fetch to a gateway path with the API key, answered as the standard Response (no retries). */
  protected fetchRaw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${this.#apiKey}`)
    return this.#fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
      ...init,
      headers,
    }) as Promise<Response>
  }

  /** Calls one operation of the API by its operationId. */
  protected call<K extends OperationId>(operation: K, input: CallInput = {}): Promise<ResultOf<K>> {
    const route = OPERATION_ROUTES[operation]
    const call: Call = {
      method: route.method,
      path: fillPath(route.path, input.path),
      query: input.query,
      body: input.body,
      idempotent: isIdempotent(route),
      ...(input.raw && { raw: true }),
      ...(input.contentType && { contentType: input.contentType }),
    }
    return this.#send(call) as Promise<ResultOf<K>>
  }
}

export type { BodyOf, QueryOf, RawBody, ResultOf }
export { SwitchyardError }
