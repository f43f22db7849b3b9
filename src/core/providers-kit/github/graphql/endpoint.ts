import { GraphQLError, graphqlSync } from 'graphql'
import { z } from 'zod'
import { readFields } from '../../kit/fields.js'
import { parseBounded } from '../../kit/graphql.js'
import { answer } from '../../kit/http.js'
import type { Handler } from '../../kit/provider-kit.js'
import { githubError } from '../errors.js'
import { bodyOf, type GithubState, headersOf, isAnswer } from '../state.js'
import { GithubGraphqlError } from './nodes.js'
import { type RestCall, rootOf } from './resolvers.js'
import { githubGraphqlSchema } from './schema.js'

const DOCS = 'https://docs.github.com/graphql'
const NO_QUERY = 'A query attribute must be specified and must be a string.'

/** The request body; an `operationName` that is not a string is ignored, as GitHub does. */
const graphqlRequest = z.object({
  query: z.string({ error: NO_QUERY }).refine((q) => q.trim() !== '', NO_QUERY),
  variables: z.record(z.string(), z.unknown(), { error: 'Variables must be an object.' }).nullish(),
  operationName: z.string().optional().catch(undefined),
})

/** An error as GitHub's GraphQL API writes it: `type` when it has one, then path, locations, message. */
function githubShape(error: GraphQLError) {
  const typed = error.originalError instanceof GithubGraphqlError ? error.originalError.type : undefined
  return {
    ...(typed && { type: typed }),
    ...(error.path && { path: error.path }),
    ...(error.locations && { locations: error.locations }),
    message: error.message,
  }
}

/**
 * `POST /graphql`: `{query, variables, operationName}` run with graphql-js over the account, HTTP 200
 * with `{data, errors}` as GitHub answers (a query it cannot parse or validate: `errors` alone).
 */
export const graphqlEndpoint =
  (rest: RestCall): Handler<GithubState> =>
  (ctx) => {
    const body = bodyOf(ctx)
    if (isAnswer(body)) return body
    const request = readFields(body, graphqlRequest, ({ message }) =>
      githubError(400, message, headersOf(ctx), {}, DOCS),
    )
    if (isAnswer(request)) return request
    const { query, variables, operationName } = request
    // Parsed within the kit's token bound first: graphql-js's own parse and validation have none.
    const bounded = parseBounded(query)
    if (bounded instanceof GraphQLError)
      return answer(200, JSON.stringify({ errors: [githubShape(bounded)] }), headersOf(ctx))
    const result = graphqlSync({
      schema: githubGraphqlSchema,
      source: query,
      rootValue: rootOf(ctx, rest),
      variableValues: variables ?? undefined,
      operationName,
    })
    const out = {
      ...('data' in result && { data: result.data }),
      ...(result.errors && { errors: result.errors.map(githubShape) }),
    }
    return answer(200, JSON.stringify(out), headersOf(ctx))
  }
