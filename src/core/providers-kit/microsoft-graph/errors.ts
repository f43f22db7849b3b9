import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** How long a throttled client is told to wait (seconds): short, so the SDK's RetryHandler test stays quick. */
export const RETRY_AFTER_SECONDS = 1

/** The headers graph.microsoft.com puts on every answer; `client-request-id` echoes the client's. */
export const graphHeaders = (ids: SimulationIds, clientRequestId?: string): HeaderList => {
  const requestId = ids.uuid()
  return [
    [
      'content-type',
      'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8',
    ],
    ['request-id', requestId],
    ['client-request-id', clientRequestId ?? requestId],
    [
      'x-ms-ags-diagnostic',
      '{"ServerInfo":{"DataCenter":"Switchyard","Slice":"E","Ring":"0","ScaleUnit":"000","RoleInstance":"SY0SIM0001"}}',
    ],
  ]
}

const header = (headers: HeaderList, name: string) => headers.find(([n]) => n === name)?.[1] ?? ''

/** Graph's error body, `{error:{code, message, innerError:{date, request-id, client-request-id}}}`. */
export function graphError(
  status: number,
  code: string,
  message: string,
  headers: HeaderList,
  nowMs: number,
): ProxyAnswer {
  const innerError = {
    date: new Date(nowMs).toISOString().replace(/\.\d+Z$/, ''),
    'request-id': header(headers, 'request-id'),
    'client-request-id': header(headers, 'client-request-id'),
  }
  return answer(status, { error: { code, message, innerError } }, headers)
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BadRequest',
  401: 'InvalidAuthenticationToken',
  403: 'Authorization_RequestDenied',
  404: 'ResourceNotFound',
  429: 'TooManyRequests',
}
const codeOf = (status: number) =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? 'generalException' : 'BadRequest')

/** Microsoft Graph's dialect: `{error:{code,message,innerError}}` at the HTTP status. */
export const graphDialect: ErrorDialect = {
  contentType: 'application/json',
  body: (status, message, ids) => ({
    error: { code: codeOf(status), message, innerError: { 'request-id': ids.uuid() } },
  }),
  unauthorized(verdict, { ids, nowMs }) {
    const message =
      verdict === 'expired'
        ? 'Lifetime validation failed, the token is expired.'
        : verdict === 'revoked'
          ? 'The user or administrator has not consented to use the application, or access was revoked.'
          : 'IDX14100: JWT is not well formed, there are no dots (.).'
    const headers: HeaderList = [
      ...graphHeaders(ids),
      [
        'www-authenticate',
        `Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", error="invalid_token"`,
      ],
    ]
    return graphError(401, 'InvalidAuthenticationToken', message, headers, nowMs)
  },
  rateLimited({ ids, nowMs }) {
    return graphError(
      429,
      'TooManyRequests',
      'Too many requests. (Simulated: a rate_limit fault.)',
      [...graphHeaders(ids), ['retry-after', String(RETRY_AFTER_SECONDS)]],
      nowMs,
    )
  },
  serverError(status, { ids, nowMs }) {
    return graphError(
      status,
      status === 503 ? 'serviceNotAvailable' : 'generalException',
      'An unexpected error occurred. (Simulated: a server_error fault.)',
      graphHeaders(ids),
      nowMs,
    )
  },
}
