import type { ProxyAnswer } from '../../proxy/answerers.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/** The API version answers name when the client sends no `Stripe-Version`. */
export const DEFAULT_VERSION = '2026-10-28.endive'

export type ErrorType = 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'card_error'

/** The headers api.stripe.com puts on every answer. */
export const stripeHeaders = (ids: SimulationIds, version = DEFAULT_VERSION): HeaderList => [
  ['content-type', 'application/json'],
  ['request-id', `req_${ids.hex(7)}`],
  ['stripe-version', version],
]

/** Stripe's error body: `{error: {type, code?, message, param?}}`. */
export function stripeError(
  status: number,
  type: ErrorType,
  message: string,
  extra: { code?: string; param?: string } = {},
  headers: HeaderList,
): ProxyAnswer {
  return answer(status, { error: { ...extra, message, type } }, headers)
}

const typeOf = (status: number): ErrorType => (status >= 500 ? 'api_error' : 'invalid_request_error')

/** Stripe's dialect: `{error:{type,code,message}}` at the HTTP status. */
export const stripeDialect: ErrorDialect = {
  contentType: 'application/json',
  body: (status, message) => ({ error: { message, type: typeOf(status) } }),
  unauthorized(verdict, { ids }) {
    const headers = stripeHeaders(ids)
    if (verdict === 'expired')
      return stripeError(
        401,
        'invalid_request_error',
        'Expired API Key provided.',
        { code: 'api_key_expired' },
        headers,
      )
    return stripeError(
      401,
      'invalid_request_error',
      verdict === 'revoked'
        ? 'The access token has been revoked: the account disconnected your platform.'
        : 'Invalid API Key provided.',
      {},
      headers,
    )
  },
  rateLimited({ ids }) {
    return stripeError(
      429,
      'invalid_request_error',
      'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits. (Simulated: a rate_limit fault.)',
      { code: 'rate_limit' },
      [...stripeHeaders(ids), ['stripe-should-retry', 'true']],
    )
  },
  serverError(status, { ids }) {
    return stripeError(
      status,
      'api_error',
      'An unknown error occurred. (Simulated: a server_error fault.)',
      {},
      [...stripeHeaders(ids), ['stripe-should-retry', 'true']],
    )
  },
  clients: /\bNodeBindings\//,
}
