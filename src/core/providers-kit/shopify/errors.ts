import type { ProxyAnswer } from '../../proxy/answerer.js'
import { answer, type HeaderList } from '../kit/http.js'
import type { SimulationIds } from '../kit/ids.js'
import type { ErrorDialect } from '../kit/provider-kit.js'
import { MAXIMUM_AVAILABLE, RESTORE_RATE } from './cost.js'

/**
 * Shopify's errors. A refused request (bad token, a body that is no query, a server failure) is
 * an HTTP error with `{errors: "<message>"}`; anything the GraphQL layer refuses (syntax, a bad
 * argument, access scopes, a throttled query) is HTTP 200 with `{errors: [{message, extensions:
 * {code}}]}` beside the query's cost, as the Admin API answers it.
 */
export const shopifyHeaders = (ids: SimulationIds, requestId = ids.uuid()): HeaderList => [
  ['content-type', 'application/json; charset=utf-8'],
  ['x-request-id', requestId],
]

export const httpError = (status: number, errors: unknown, headers: HeaderList): ProxyAnswer =>
  answer(status, { errors }, headers)

export interface GraphqlErrorInput {
  message: string
  code: string
  path?: string
  extra?: Record<string, unknown>
}

export const graphqlErrors = (e: GraphqlErrorInput) => [
  {
    message: e.message,
    locations: [{ line: 1, column: 1 }],
    ...(e.path && { path: [e.path] }),
    extensions: { code: e.code, ...e.extra },
  },
]

/** Shopify's throttled answer: a THROTTLED error beside the cost the bucket could not pay. */
export const throttled = (cost: Record<string, unknown>) => ({
  errors: [
    {
      message: 'Throttled',
      extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
    },
  ],
  extensions: { cost },
})

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)'

export const shopifyDialect: ErrorDialect = {
  contentType: 'application/json; charset=utf-8',
  body: (_status, message) => ({ errors: message }),
  // `Admin API Client v2.0.0`, also behind `@shopify/shopify-api`'s prefix.
  clients: /\bAdmin API Client v\d/,
  // Shopify answers an expired, revoked (app uninstalled) or unknown token alike.
  unauthorized: (_verdict, { ids }) => httpError(401, INVALID_TOKEN, shopifyHeaders(ids)),
  // A throttled query is HTTP 200 with a THROTTLED error and the bucket it could not draw from.
  rateLimited: ({ ids }) =>
    answer(
      200,
      throttled({
        requestedQueryCost: 1,
        actualQueryCost: null,
        throttleStatus: {
          maximumAvailable: MAXIMUM_AVAILABLE,
          currentlyAvailable: 0,
          restoreRate: RESTORE_RATE,
        },
      }),
      shopifyHeaders(ids),
    ),
  serverError: (status, { ids }) => {
    const requestId = ids.uuid()
    return httpError(
      status,
      `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId} (see https://www.shopifystatus.com for status updates)`,
      shopifyHeaders(ids, requestId),
    )
  },
}
