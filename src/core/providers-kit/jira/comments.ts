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
  textDoc,
  viewer,
} from './context.js'
import { jiraError } from './errors.js'
import { commentJson } from './representations.js'
import type { StoredComment } from './state.js'
import { commentCreated } from './webhooks.js'

/**
 * `POST /rest/api/3/issue/{issueIdOrKey}/comment` `{body: ADF}`: 201; sends `comment_created`.
 * `/rest/api/2/…` (where jira.js sends a plain-text body) takes and answers text.
 */
const add =
  (plainText: boolean) =>
  (ctx: Ctx): ProxyAnswer => {
    const issue = loadIssue(ctx, ctx.params.key!)
    if (!issue) return noIssue(ctx)
    const body = bodyOf(ctx)
    if (isAnswer(body)) return body
    const text = plainText && typeof body.body === 'string' ? body.body : undefined
    if (text !== undefined) body.body = textDoc(text)
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
    const json = commentJson(ctx, comment)
    return ok(ctx, text === undefined ? json : { ...json, body: text }, 201)
  }
export const addComment = add(false)
export const addCommentV2 = add(true)

/** `GET /rest/api/3/issue/{issueIdOrKey}/comment/{id}`. */
export function getComment(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  const comment = commentsOf(ctx, issue.id).find((c) => c.id === ctx.params.id)
  return comment
    ? ok(ctx, commentJson(ctx, comment))
    : jiraError(404, ctx.ids, [`Can not find a comment for the id: ${ctx.params.id}.`])
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
