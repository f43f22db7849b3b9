import { z } from 'zod'
import { queryOf } from '../kit/http.js'
import { slicePage, timestampParam } from '../kit/listing.js'
import { pageNumberOf } from '../kit/pagination.js'
import type { Handler } from '../kit/provider-kit.js'
import { storedList, storedOne } from '../kit/stored-json.js'
import { DOCS_OF, validationFailed } from './errors.js'
import { issuesRepo, numberOf } from './issues.js'
import { PER_PAGE } from './repos.js'
import { type Issue, type IssueComment, issueComment } from './representations.js'
import { fieldsOf, type GithubState, headersOf, isAnswer, notFound, nowIso, ok, page } from './state.js'
import { githubWebhook } from './webhooks.js'

export const listComments: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (isAnswer(repo)) return repo
  const number = numberOf(ctx)
  if (!ctx.objects.get('issue', String(repo.id), number)) return notFound(ctx, DOCS_OF.comments)
  const query = queryOf(ctx.call)
  const at = pageNumberOf(query, PER_PAGE)
  const since = timestampParam(query.get('since'))
  if (since === null) return validationFailed(headersOf(ctx), 'IssueComment', 'since', 'invalid')
  const scope = `${repo.id}/${number}`
  const all = storedList<IssueComment>(ctx.objects, 'comment', scope)
  const found = since === undefined ? all : all.filter((c) => Date.parse(c.updated_at) >= since)
  return page(ctx, slicePage(found, at), at)
}

export const createComment: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (isAnswer(repo)) return repo
  const number = numberOf(ctx)
  const before = storedOne<Issue>(ctx.objects, 'issue', String(repo.id), number)
  if (!before) return notFound(ctx, DOCS_OF.comments)
  const fields = fieldsOf(ctx, 'IssueComment', z.object({ body: z.string().optional() }))
  if (isAnswer(fields)) return fields
  const text = fields.body
  if (text === undefined || text.trim() === '')
    return validationFailed(headersOf(ctx), 'IssueComment', 'body', 'missing_field')
  const id = ctx.state.next_comment_id++
  ctx.saveState(ctx.state)
  const at = nowIso(ctx)
  const comment: IssueComment = issueComment({
    id,
    repo,
    issueNumber: number,
    body: text,
    user: ctx.state.user,
    created_at: at,
  })
  const saved = ctx.objects.put('comment', `${repo.id}/${number}`, id, comment)
  const updated: Issue = { ...before, comments: before.comments + 1, updated_at: at }
  ctx.objects.put('issue', String(repo.id), number, updated, updated.state)
  const hook = {
    event: 'issue_comment',
    action: 'created',
    issue: updated,
    comment,
    repository: repo,
  } as const
  ctx.emit(githubWebhook(hook, ctx.state.user, ctx.ids))
  return ok(ctx, 201, saved, [['location', comment.url]])
}
