import type { components } from './api-types.js'

/** A problem `code` of the API, or one of the SDK's own: `network_error`, `http_error`. */
export type SwitchyardErrorCode = components['schemas']['Problem']['code'] | 'network_error' | 'http_error'

/** One invalid part of the input, located by a JSON Pointer into the request. */
export interface FieldError {
  pointer: string
  detail: string
}

/**
 * Every failed call throws this: the API's problem details (RFC 9457) as fields. `status` is 0
 * and `code` is `network_error` when no response arrived at all.
 */
export class SwitchyardError extends Error {
  readonly status: number
  readonly code: SwitchyardErrorCode
  readonly detail: string
  readonly title: string | undefined
  readonly type: string | undefined
  /** Per-field problems of a 400 `invalid_request`. */
  readonly errors: FieldError[] | undefined
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined

  constructor(init: {
    status: number
    code: SwitchyardErrorCode
    detail: string
    title?: string | undefined
    type?: string | undefined
    errors?: FieldError[] | undefined
    retryAfter?: number | undefined
    cause?: unknown
  }) {
    super(`${init.status ? `${init.status} ` : ''}${init.code}: ${init.detail}`, { cause: init.cause })
    this.name = 'SwitchyardError'
    this.status = init.status
    this.code = init.code
    this.detail = init.detail
    this.title = init.title
    this.type = init.type
    this.errors = init.errors
    this.retryAfter = init.retryAfter
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Turns a non-2xx response into a SwitchyardError, reading its problem+json body when it has one. */
export async function errorFromResponse(response: Response, retryAfter: number | undefined) {
  const text = await response.text().catch(() => '')
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (isRecord(body) && typeof body.code === 'string' && typeof body.detail === 'string') {
    return new SwitchyardError({
      status: response.status,
      code: body.code as SwitchyardErrorCode,
      detail: body.detail,
      title: typeof body.title === 'string' ? body.title : undefined,
      type: typeof body.type === 'string' ? body.type : undefined,
      errors: Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined,
      retryAfter,
    })
  }
  return new SwitchyardError({
    status: response.status,
    code: 'http_error',
    detail: text.slice(0, 500) || response.statusText || `HTTP ${response.status}`,
    retryAfter,
  })
}
