import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** The headers www.googleapis.com puts on a JSON answer. */
export const googleHeaders = (): HeaderList => [
  ['content-type', 'application/json; charset=UTF-8'],
  ['vary', 'Origin, X-Origin, Referer'],
]

/** The canonical status name Google's error body carries beside the HTTP code. */
const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'FAILED_PRECONDITION',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'INTERNAL',
  503: 'UNAVAILABLE',
}

/** One entry of `error.errors[]`: `reason` is what clients branch on. */
export interface GoogleErrorItem {
  reason: string
  message: string
  domain?: string
  location?: string
  locationType?: 'parameter' | 'header'
}

/**
 * Google's JSON error, `{error: {code, message, errors: [{domain, reason, message, …}], status}}`,
 * which gaxios raises as a GaxiosError with `status` and the body in `response.data`.
 */
export function googleError(status: number, item: GoogleErrorItem, headers = googleHeaders()): ProxyAnswer {
  const { domain = 'global', reason, message, ...where } = item
  return answer(
    status,
    {
      error: {
        code: status,
        message,
        errors: [{ message, domain, reason, ...where }],
        status: STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
      },
    },
    headers,
  )
}

export const notFound = () => googleError(404, { reason: 'notFound', message: 'Not Found' })
export const gone = () => googleError(410, { reason: 'deleted', message: 'Resource has been deleted' })
export const required = (message: string) => googleError(400, { reason: 'required', message })
export const invalid = (message: string, location?: string) =>
  googleError(400, { reason: 'invalid', message, ...(location && { location, locationType: 'parameter' }) })
export const timeRangeEmpty = (location: string) =>
  googleError(400, {
    domain: 'calendar',
    reason: 'timeRangeEmpty',
    message: 'The specified time range is empty.',
    location,
    locationType: 'parameter',
  })
export const fullSyncRequired = () =>
  googleError(410, {
    reason: 'fullSyncRequired',
    message: 'Sync token is no longer valid, a full sync is required.',
    location: 'syncToken',
    locationType: 'parameter',
  })

const REASONS: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'rateLimitExceeded',
}

/** Google's dialect: 401 `authError`, 429 `rateLimitExceeded` (usageLimits), 5xx `backendError`. */
export const googleDialect: ErrorDialect = {
  contentType: 'application/json; charset=UTF-8',
  body: (status, message) => ({
    error: {
      code: status,
      message,
      errors: [{ message, domain: 'global', reason: REASONS[status] ?? 'backendError' }],
      status: STATUS[status] ?? 'INTERNAL',
    },
  }),
  // Google answers an expired and a revoked token alike.
  unauthorized: () =>
    googleError(
      401,
      {
        reason: 'authError',
        message: 'Invalid Credentials',
        location: 'Authorization',
        locationType: 'header',
      },
      [
        ...googleHeaders(),
        ['www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"'],
      ],
    ),
  rateLimited: () =>
    googleError(429, { domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' }),
  serverError: (status) =>
    googleError(status, {
      reason: 'backendError',
      message: 'Backend Error (simulated: a server_error fault)',
    }),
}
