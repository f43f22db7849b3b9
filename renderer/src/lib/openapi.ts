import createClient from 'openapi-fetch'
import { useMemo } from 'react'
import type { components, paths } from '../../../src/sdk/api-types'
import { ApiError, type FieldProblem } from './api'
import { useSession } from './session'

/** The API's schemas, generated from its OpenAPI document (`npm run sdk:types`). */
export type Schemas = components['schemas']

/** A typed client of the API (openapi-fetch over the generated types), as the session's admin token. */
export function useOpenApi() {
  const { api } = useSession()
  return useMemo(
    () =>
      createClient<paths>({
        baseUrl: api.baseUrl,
        // Read per request, so a workspace switch applies at once.
        fetch: (request: Request) => {
          for (const [name, value] of Object.entries(api.headers())) request.headers.set(name, value)
          return fetch(request)
        },
      }),
    [api],
  )
}

/** The data of an openapi-fetch result, or its problem+json thrown as an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const problem = (result.error ?? {}) as { code?: string; detail?: string; errors?: FieldProblem[] }
    throw new ApiError(
      result.response.status,
      problem.code ?? 'http_error',
      problem.detail ?? `HTTP ${result.response.status}`,
      problem.errors ?? [],
    )
  }
  return result.data as T
}
