import { routeTable } from '../kit/routes.js'
import { createComment, listComments } from './comments.js'
import { createIssue, getIssue, listIssues, updateIssue } from './issues.js'
import { createRepo, getRepo, getUser, listRepos } from './repos.js'
import type { GithubState } from './state.js'

/** The simulated GitHub REST v3 operations. */
export const route = routeTable<GithubState>(
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
  ],
  { params: { number: /^\d{1,9}$/ } },
)
