import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/**
 * Linear's GraphQL errors: `{errors: [{message, extensions: {type, code, userError,
 * userPresentableMessage}}]}`. The SDK's `parseLinearError` picks its error class from the first
 * error's `extensions.type` (`invalid input`, `authentication error`, `ratelimited`…), else from
 * the HTTP status.
 */
export const REQUESTS_PER_HOUR = 5000

export const linearHeaders = (ids: SimulationIds): HeaderList => [
  ['content-type', 'application/json; charset=utf-8'],
  ['x-request-id', ids.uuid()],
  ['x-ratelimit-requests-limit', String(REQUESTS_PER_HOUR)],
]

export interface LinearErrorInput {
  message: string
  type: string
  code: string
  userError?: boolean
  path?: string
}

export const errorBody = (e: LinearErrorInput) => ({
  errors: [
    {
      message: e.message,
      ...(e.path && { path: [e.path] }),
      locations: [{ line: 1, column: 1 }],
      extensions: {
        type: e.type,
        code: e.code,
        statusCode: e.code === 'RATELIMITED' ? 429 : 400,
        userError: e.userError ?? false,
        userPresentableMessage: e.message,
      },
    },
  ],
  data: null,
})

export const linearError = (status: number, e: LinearErrorInput, headers: HeaderList): ProxyAnswer =>
  answer(status, errorBody(e), headers)

const TYPES: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid input', code: 'INVALID_INPUT' },
  401: { type: 'authentication error', code: 'AUTHENTICATION_ERROR' },
  403: { type: 'forbidden', code: 'FORBIDDEN' },
  404: { type: 'invalid input', code: 'ENTITY_NOT_FOUND' },
  429: { type: 'ratelimited', code: 'RATELIMITED' },
}

export const linearDialect: ErrorDialect = {
  contentType: 'application/json; charset=utf-8',
  body: (status, message) =>
    errorBody({ message, ...(TYPES[status] ?? { type: 'internal error', code: 'INTERNAL_SERVER_ERROR' }) }),
  unauthorized: (verdict, { ids }) =>
    linearError(
      400,
      {
        message:
          verdict === 'expired'
            ? 'Authentication required, token expired.'
            : 'Authentication required, not authenticated.',
        type: 'authentication error',
        code: 'AUTHENTICATION_ERROR',
        userError: true,
      },
      linearHeaders(ids),
    ),
  // Linear answers a rate limit with HTTP 400 and a RATELIMITED error, and its rate-limit headers.
  rateLimited: ({ nowMs, ids }) =>
    linearError(
      400,
      { message: 'Rate limit exceeded', type: 'ratelimited', code: 'RATELIMITED', userError: true },
      [
        ...linearHeaders(ids),
        ['x-ratelimit-requests-remaining', '0'],
        ['x-ratelimit-requests-reset', String(nowMs + 3_600_000)],
        ['retry-after', '60'],
      ],
    ),
  serverError: (status, { ids }) =>
    linearError(
      status,
      { message: 'Internal server error', type: 'internal error', code: 'INTERNAL_SERVER_ERROR' },
      linearHeaders(ids),
    ),
}
