import { answer, type HeaderList } from '../kit/http.js'
import { randomSimulationIds, type SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'

/**
 * Slack Web API conventions: every answer is HTTP 200 JSON with `ok`, errors are `{ok: false,
 * error}` (only rate limits and server failures change the status); arguments come as a query
 * string, a form body or a JSON body; lists page with `limit` and `response_metadata.next_cursor`.
 */

/** The headers slack.com/api puts on every answer (WebClient reads the scope headers). */
export function slackHeaders(
  scopes: readonly string[],
  accepted = '',
  ids: SimulationIds = randomSimulationIds,
): HeaderList {
  return [
    ['content-type', 'application/json; charset=utf-8'],
    ['x-oauth-scopes', scopes.join(',')],
    ['x-accepted-oauth-scopes', accepted],
    ['x-slack-req-id', ids.hex(16)],
    ['access-control-allow-origin', '*'],
    ['x-content-type-options', 'nosniff'],
  ]
}

/** `{ok: false, error}` (HTTP 200, as Slack answers errors), with any extra fields. */
export const slackError = (error: string, headers: HeaderList, extra: Record<string, unknown> = {}) =>
  answer(200, { ok: false, error, ...extra }, headers)

/** The bare headers of an answer that is not a method's (no scope headers). */
const plainHeaders = (ids: SimulationIds) => slackHeaders([], '', ids).filter(([n]) => !n.startsWith('x-'))

/** The Slack error code a client gets for each of the gateway's own errors on /proxy. */
const GATEWAY_ERRORS: Readonly<Record<string, string>> = {
  unauthorized: 'invalid_auth',
  api_key_revoked: 'token_revoked',
  forbidden: 'not_allowed_token_type',
  not_found: 'invalid_auth',
  needs_reauth: 'token_expired',
  connection_revoked: 'account_inactive',
  simulation_unavailable: 'unknown_method',
  recording_not_found: 'unknown_method',
  rate_limited: 'ratelimited',
}

/** Slack's dialect: `{ok: false, error}` at HTTP 200, except rate limits (429) and outages. */
export const slackDialect: ErrorDialect = {
  contentType: 'application/json; charset=utf-8',
  body: (_status, error) => ({ ok: false, error }),
  statusOf: (status) => (status === 429 || status >= 500 ? status : 200),
  unauthorized(verdict, { ids }) {
    const error =
      verdict === 'expired' ? 'token_expired' : verdict === 'revoked' ? 'token_revoked' : 'invalid_auth'
    return slackError(
      error,
      slackHeaders([], '', ids).filter(([n]) => !n.startsWith('x-oauth')),
    )
  },
  rateLimited: ({ ids }) =>
    answer(429, { ok: false, error: 'ratelimited' }, [...plainHeaders(ids), ['retry-after', '30']]),
  serverError: (status, { ids }) =>
    answer(
      status,
      { ok: false, error: status === 503 ? 'service_unavailable' : 'internal_error' },
      plainHeaders(ids),
    ),
  gatewayMessage: ({ code, status }) =>
    GATEWAY_ERRORS[code] ?? (status >= 500 ? 'internal_error' : 'invalid_arguments'),
  clients: /@slack:web-api\//,
}
