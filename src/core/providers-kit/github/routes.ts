import { routeTable } from '../kit/routes.js'
import { wrapRouter } from '../kit/wrap-router.js'
import { createComment, listComments } from './comments.js'
import { graphqlEndpoint } from './graphql/endpoint.js'
import type { RestCall } from './graphql/resolvers.js'
import { createIssue, getIssue, listIssues, updateIssue } from './issues.js'
import { limited } from './limits.js'
import { createRepo, getRepo, getUser, listRepos } from './repos.js'
import type { GithubState } from './state.js'

/** A REST operation run inside another call (a GraphQL mutation): same account, no extra count. */
const rest: RestCall = (ctx, method, path, body) => {
  const call = { ...ctx.call, method, path, query: '', body: Buffer.from(JSON.stringify(body)) }
  const handler = table(call)
  if (!handler) throw new Error(`no REST operation ${method} ${path}`)
  return handler({ ...ctx, call })
}

/** The simulated GitHub REST v3 operations, and GraphQL. */
const table = routeTable<GithubState>(
  [
    ['GET', '/user', getUser],
    ['GET', '/user/repos', listRepos],
    ['POST', '/user/repos', createRepo],
    ['GET', '/repos/:owner/:repo', getRepo],
    ['GET', '/repos/:owner/:repo/issues', listIssues],
    ['POST', '/repos/:owner/:repo/issues', createIssue],
    ['GET', '/repos/:owner/:repo/issues/:number', getIssue],
    ['PATCH', '/repos/:owner/:repo/issues/:number', updateIssue],
    ['GET', '/repos/:owner/:repo/issues/:number/comments', listComments],
    ['POST', '/repos/:owner/:repo/issues/:number/comments', createComment],
    ['POST', '/graphql', graphqlEndpoint(rest)],
  ],
  { params: { number: /^\d{1,9}$/ } },
)

/** The operations, each behind the rate limit (REST: `core`, GraphQL: `graphql`) and conditional requests. */
export const route = wrapRouter(table, limited)
