import { ROUTES } from './api-routes.js'
import type { operations } from './api-types.js'

/** Every operation of the API, as generated from the gateway's OpenAPI document. */
export type Operations = operations
export type OperationId = keyof Operations

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never

/** The JSON request body of an operation. */
export type BodyOf<K extends OperationId> = Operations[K] extends { requestBody?: infer R }
  ? Json<NonNullable<R>>
  : never

/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = Operations[K] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never

/** The JSON body of an operation's success response (undefined for 204). */
export type ResultOf<K extends OperationId> = Operations[K] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : R extends { 202: infer A }
        ? Json<A>
        : undefined
  : never

/** Method and path of every operation, by operationId. */
export const OPERATION_ROUTES: Record<OperationId, { method: string; path: string }> = ROUTES

/** Safe to send twice: reads, deletes (revocations are idempotent) and searches. */
export const isIdempotent = (route: { method: string; path: string }): boolean =>
  ['GET', 'HEAD', 'PUT', 'DELETE'].includes(route.method) || route.path.endsWith('/search')
