import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import {
  adfText,
  badRequest,
  bodyOf,
  type Ctx,
  commentsOf,
  isAdf,
  isAnswer,
  loadIssue,
  nextOf,
  noIssue,
  ok,
  viewer,
} from './context.js'
import { commentJson } from './representations.js'
import type { StoredComment } from './state.js'
import { commentCreated } from './webhooks.js'

/** `POST /rest/api/3/issue/{issueIdOrKey}/comment` `{body: ADF}`: 201; sends `comment_created`. */
export function addComment(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  if (!isAdf(body.body))
    return badRequest(ctx, [], {
      comment: 'Comment body must be an Atlassian Document (see the Atlassian Document Format).',
    })
  if (!adfText(body.body).trim()) return badRequest(ctx, [], { comment: 'Comment body can not be empty!' })
  const num = nextOf(ctx, 'next_comment')
  const comment: StoredComment = {
    id: String(10_000 + num),
    issueId: issue.id,
    body: body.body,
    authorId: viewer(ctx).accountId,
    createdMs: ctx.nowMs,
    updatedMs: ctx.nowMs,
  }
  ctx.objects.put('comment', issue.id, num, comment)
  commentCreated(ctx, issue, comment)
  return ok(ctx, commentJson(ctx, comment), 201)
}

/** `GET /rest/api/3/issue/{issueIdOrKey}/comment`: oldest first, `startAt`/`maxResults` (50). */
export function getComments(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  const q = queryOf(ctx.call)
  const startAt = Math.max(0, Number(q.get('startAt') ?? 0) || 0)
  const maxResults = Math.min(100, Math.max(1, Number(q.get('maxResults') ?? 50) || 50))
  const all = commentsOf(ctx, issue.id)
  return ok(ctx, {
    startAt,
    maxResults,
    total: all.length,
    comments: all.slice(startAt, startAt + maxResults).map((c) => commentJson(ctx, c)),
  })
}
