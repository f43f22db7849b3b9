import { execute, parseRequest } from '../kit/graphql.js'
import { answer, isAnswer, jsonBodyOf } from '../kit/http.js'
import { routeTable } from '../kit/routes.js'
import { linearError, linearHeaders } from './errors.js'
import { type Ctx, rootOf } from './resolvers.js'
import type { LinearState } from './state.js'

/** `POST /graphql`: `{query, variables}`, answered `{data}` or Linear's `{errors}`. */
function graphql(ctx: Ctx) {
  const headers = linearHeaders(ctx.ids)
  const refuse = (message: string) =>
    linearError(
      400,
      { message, type: 'graphql error', code: 'GRAPHQL_VALIDATION_FAILED', userError: true },
      headers,
    )
  const body = jsonBodyOf<{ query?: unknown; variables?: unknown }>(
    ctx.call,
    (p) =>
      refuse(p.kind === 'malformed' ? `Body is not valid JSON: ${p.detail}` : 'Body must be a JSON object'),
    { objectOnly: true },
  )
  if (isAnswer(body)) return body
  if (typeof body.query !== 'string') return refuse('Must provide query string.')
  const variables = body.variables ?? {}
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables))
    return refuse('Variables must be provided as an Object.')
  const parsed = parseRequest(body.query, variables as Record<string, unknown>)
  if (parsed instanceof Error) return refuse(parsed.message)
  const result = execute(rootOf(ctx), parsed)
  if (!result.error) return answer(200, { data: result.data }, headers)
  const { error, path } = result.error
  return linearError(
    400,
    { message: error.message, type: error.type, code: error.code, userError: true, path },
    headers,
  )
}

export const route = routeTable<LinearState>([['POST', '/graphql', graphql]])
