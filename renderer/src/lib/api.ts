import createClient, { type Client } from 'openapi-fetch'
import type { components, paths } from '../../../src/sdk/api-types'

/** The API's schemas, generated from its OpenAPI document (`npm run sdk:types`): the UI's only types. */
export type Schemas = components['schemas']

/** An event with its captured request and delivery log (`GET /api/events/{id}`; no named schema). */
export type EventDetail = paths['/api/events/{id}']['get']['responses'][200]['content']['application/json']

/** The gateway's API, typed by its OpenAPI document: a renamed path or field fails the typecheck. */
export type Api = Client<paths>

/** One field problem of a problem+json response. */
export interface FieldProblem {
  pointer: string
  detail: string
}

/** An RFC 9457 problem answered by the gateway, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly detail: string
  readonly errors: FieldProblem[]

  constructor(status: number, code: string, detail: string, errors: FieldProblem[] = []) {
    super(detail)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.detail = detail
    this.errors = errors
  }
}

/** openapi-fetch over the generated types: the admin token as Bearer, the workspace header. */
export function createApi(options: {
  baseUrl: string
  headers: () => Record<string, string>
  onUnauthorized?: () => void
}): Api {
  const api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, '') })
  api.use({
    onRequest({ request }) {
      // Read per request, so a workspace switch applies at once.
      for (const [name, value] of Object.entries(options.headers())) request.headers.set(name, value)
      return request
    },
    onResponse({ response }) {
      if (response.status === 401) options.onUnauthorized?.()
    },
    onError({ error }) {
      if (error instanceof Error && error.name === 'AbortError') return error
      return new ApiError(0, 'network_error', 'The gateway is not reachable. Is `switchyard serve` running?')
    },
  })
  return api
}

/** What to tell a person about a failed call: the server's problem detail, or the error as text. */
export const errorDetail = (err: unknown): string => (err instanceof ApiError ? err.detail : String(err))

/** The data of an openapi-fetch result, or its problem+json thrown as an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const problem = (typeof result.error === 'object' && result.error ? result.error : {}) as {
      code?: string
      detail?: string
      title?: string
      errors?: FieldProblem[]
    }
    const status = result.response.status
    const text = typeof result.error === 'string' ? result.error.slice(0, 200) : ''
    throw new ApiError(
      status,
      problem.code ?? 'http_error',
      problem.detail ?? problem.title ?? (text || `HTTP ${status}`),
      problem.errors ?? [],
    )
  }
  return result.data as T
}
