/** Stable, snake_case error codes of the public contract, each with its HTTP status and title. */
export const ERROR_CODES = {
  invalid_request: { status: 400, title: 'Invalid request' },
  invalid_cursor: { status: 400, title: 'Invalid cursor' },
  invalid_state: { status: 400, title: 'Invalid OAuth state' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  api_key_revoked: { status: 401, title: 'API key revoked' },
  forbidden: { status: 403, title: 'Forbidden' },
  host_not_allowed: { status: 403, title: 'Host not allowed' },
  not_found: { status: 404, title: 'Not found' },
  recording_not_found: { status: 404, title: 'No matching recording' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  wait_timeout: { status: 408, title: 'Wait timed out' },
  conflict: { status: 409, title: 'Conflict' },
  invalid_transition: { status: 409, title: 'Invalid state transition' },
  needs_reauth: { status: 409, title: 'Connection needs re-authorization' },
  connection_revoked: { status: 409, title: 'Connection revoked' },
  session_expired: { status: 410, title: 'Session expired' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal error' },
  simulation_unavailable: { status: 501, title: 'Simulation unavailable' },
  upstream_error: { status: 502, title: 'Upstream error' },
  unavailable: { status: 503, title: 'Service unavailable' },
  disk_full: { status: 503, title: 'Disk full' },
  upstream_timeout: { status: 504, title: 'Upstream timeout' },
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/** One problem with one part of the input, located by a JSON Pointer (RFC 6901). */
export interface FieldError {
  pointer: string
  detail: string
}

/** The only error type the core throws; the server renders it as RFC 9457 problem+json. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly detail: string
  readonly errors: FieldError[] | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail)
    this.name = 'AppError'
    this.code = code
    this.status = ERROR_CODES[code].status
    this.detail = detail
    this.errors = options.errors
    this.headers = options.headers
  }
}

export const notFound = (what: string, id: string): AppError =>
  new AppError('not_found', `${what} '${id}' does not exist.`)

export const invalid = (detail: string, errors?: FieldError[]): AppError =>
  new AppError('invalid_request', detail, errors ? { errors } : {})

/** Escapes one JSON Pointer reference token (RFC 6901 section 3). */
export const pointerToken = (token: string | number): string =>
  String(token).replaceAll('~', '~0').replaceAll('/', '~1')

export const pointerOf = (path: ReadonlyArray<PropertyKey>): string =>
  path.length === 0 ? '' : `/${path.map((p) => pointerToken(String(p))).join('/')}`
