import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** The org's daily API request allocation, as `Sforce-Limit-Info` reports it. */
export const DAILY_API_REQUESTS = 15_000

/** The headers every REST answer carries. */
export const salesforceHeaders = (apiUsage: number): HeaderList => [
  ['content-type', 'application/json;charset=UTF-8'],
  ['sforce-limit-info', `api-usage=${apiUsage}/${DAILY_API_REQUESTS}`],
]

export interface SalesforceError {
  message: string
  errorCode: string
  fields?: string[]
}

/**
 * Salesforce's REST errors: a JSON array of `{message, errorCode, fields?}` at the HTTP status.
 * jsforce raises the first one as an `HttpApiError` whose `name`/`errorCode` is the code.
 */
export const salesforceError = (status: number, error: SalesforceError, headers: HeaderList): ProxyAnswer =>
  answer(status, [error], headers)

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'INVALID_SESSION_ID',
  403: 'INSUFFICIENT_ACCESS',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  503: 'SERVER_UNAVAILABLE',
}

const codeOf = (status: number) => CODES[status] ?? (status >= 500 ? 'UNKNOWN_EXCEPTION' : 'BAD_REQUEST')

/**
 * Salesforce's dialect: a bad or expired token is 401 `INVALID_SESSION_ID`; the org's request limit
 * is 403 `REQUEST_LIMIT_EXCEEDED` (the REST API does not answer 429); failures `UNKNOWN_EXCEPTION`.
 */
export const salesforceDialect: ErrorDialect = {
  contentType: 'application/json;charset=UTF-8',
  body: (status, message) => [{ message, errorCode: codeOf(status) }],
  unauthorized: () =>
    salesforceError(401, { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }, [
      ['content-type', 'application/json;charset=UTF-8'],
      ['www-authenticate', 'Token'],
    ]),
  rateLimited: () =>
    salesforceError(
      403,
      {
        message: 'TotalRequests Limit exceeded. (Simulated: a rate_limit fault.)',
        errorCode: 'REQUEST_LIMIT_EXCEEDED',
      },
      salesforceHeaders(DAILY_API_REQUESTS),
    ),
  serverError: (status, { ids }) =>
    salesforceError(
      status,
      {
        message:
          status === 503
            ? 'Server is temporarily unavailable. (Simulated: a server_error fault.)'
            : `An unexpected error occurred. Please include this ErrorId if you contact support: ${ids.hex(4)}-${ids.hex(2)} (-${Number.parseInt(ids.hex(3), 16)}) (Simulated: a server_error fault.)`,
        errorCode: codeOf(status),
      },
      salesforceHeaders(0),
    ),
}
