import { routeTable } from '../kit/routes.js'
import { addComment, addCommentV2, getComment, getComments } from './comments.js'
import { createIssue, createIssueV2, editIssue, getIssue } from './issues.js'
import { searchGet, searchPost } from './search.js'
import type { JiraState } from './state.js'
import { doTransition, getTransitions } from './transitions.js'

/** The simulated REST API v3: issues, transitions, comments and the enhanced JQL search. */
export const route = routeTable<JiraState>(
  [
    ['POST', '/rest/api/3/issue', createIssue],
    ['GET', '/rest/api/3/issue/:key', getIssue],
    ['PUT', '/rest/api/3/issue/:key', editIssue],
    ['GET', '/rest/api/3/issue/:key/transitions', getTransitions],
    ['POST', '/rest/api/3/issue/:key/transitions', doTransition],
    ['GET', '/rest/api/3/issue/:key/comment', getComments],
    ['POST', '/rest/api/3/issue/:key/comment', addComment],
    ['GET', '/rest/api/3/issue/:key/comment/:id', getComment],
    // jira.js sends a plain-text description or comment body to REST v2.
    ['POST', '/rest/api/2/issue', createIssueV2],
    ['POST', '/rest/api/2/issue/:key/comment', addCommentV2],
    ['GET', '/rest/api/3/search/jql', searchGet],
    ['POST', '/rest/api/3/search/jql', searchPost],
  ],
  { params: { key: /^(?:[A-Za-z][A-Za-z0-9_]*-\d+|\d+)$/, id: /^\d+$/ } },
)
