import { z } from 'zod'
import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import { orderBy, slicePage } from '../kit/listing.js'
import { pageNumberOf } from '../kit/pagination.js'
import type { Handler } from '../kit/provider-kit.js'
import { storedList, storedOne } from '../kit/stored-json.js'
import { DOCS_OF, githubError, validationFailed } from './errors.js'
import { isPlainListing, issueMatches, issueQueryOf, issueSortKey } from './list-query.js'
import { PER_PAGE, repoOf } from './repos.js'
import { type Issue, issue, label, type Repository, simpleUser } from './representations.js'
import {
  type Ctx,
  canWrite,
  countersOf,
  fieldsOf,
  type GithubState,
  headersOf,
  isAnswer,
  notFound,
  nowIso,
  ok,
  page,
} from './state.js'
import { githubWebhook, type IssueChanges } from './webhooks.js'

/** The repository of an issues path, or the answer to give instead (404, 410 when issues are off). */
export function issuesRepo(ctx: Ctx, write: boolean, docs = DOCS_OF.issues): Repository | ProxyAnswer {
  const repo = repoOf(ctx)
  if (!repo || (write && !canWrite(ctx.scopes, repo))) return notFound(ctx, docs)
  if (!repo.has_issues)
    return githubError(410, 'Issues are disabled for this repo', headersOf(ctx), {}, DOCS_OF.issues)
  return repo
}

export const numberOf = (ctx: Ctx) => Number(ctx.params.number)

export function saveRepoCounts(ctx: Ctx, repo: Repository, delta: number): Repository {
  const next = {
    ...repo,
    open_issues_count: repo.open_issues_count + delta,
    open_issues: repo.open_issues + delta,
  }
  ctx.objects.put('repo', '', repo.id, next, next.visibility)
  return next
}

export const listIssues: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (isAnswer(repo)) return repo
  const query = issueQueryOf(ctx)
  if (isAnswer(query)) return query
  const at = pageNumberOf(queryOf(ctx.call), PER_PAGE)
  const tag = query.state === 'all' ? null : query.state
  const scope = String(repo.id)
  // The default listing (no filter, by creation) is the store's own order: an issue's number grows
  // with its creation, so one page is read as stored instead of every issue parsed and sorted.
  if (isPlainListing(query))
    return page(
      ctx,
      ctx.objects.page('issue', scope, tag, at.perPage, (at.page - 1) * at.perPage, query.direction),
      at,
    )
  const found = storedList<Issue>(ctx.objects, 'issue', scope, { tag }).filter((i) => issueMatches(i, query))
  return page(ctx, slicePage(orderBy(found, issueSortKey(query.sort), query.direction), at), at)
}

const issueBody = z.object({
  title: z.union([z.string(), z.number().transform(String)]).optional(),
  body: z.string().nullable().optional(),
  labels: z.array(z.string()).optional(),
  state: z.enum(['open', 'closed']).optional(),
  state_reason: z.enum(['completed', 'not_planned', 'reopened']).nullable().optional(),
})

/** The issue body's fields, or the answer (bad JSON, 422, a blank title) to give instead. */
function fieldsOfIssue(ctx: Ctx): z.output<typeof issueBody> | ProxyAnswer {
  const fields = fieldsOf(ctx, 'Issue', issueBody)
  if (!isAnswer(fields) && fields.title?.trim() === '')
    return validationFailed(headersOf(ctx), 'Issue', 'title', 'missing_field')
  return fields
}

export const createIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (isAnswer(repo)) return repo
  const fields = fieldsOfIssue(ctx)
  if (isAnswer(fields)) return fields
  if (fields.title === undefined) return validationFailed(headersOf(ctx), 'Issue', 'title', 'missing_field')
  const counters = countersOf(ctx.state, repo.name)!
  const number = counters.next_number++
  const id = ctx.state.next_issue_id++
  ctx.saveState(ctx.state)
  const at = nowIso(ctx)
  const created = issue({
    id,
    number,
    repo,
    title: fields.title,
    body: fields.body ?? null,
    user: ctx.state.user,
    labels: [...new Set(fields.labels ?? [])],
    state: 'open',
    state_reason: null,
    comments: 0,
    created_at: at,
    updated_at: at,
    closed_at: null,
    closed_by: null,
  })
  const text = ctx.objects.put('issue', String(repo.id), number, created, created.state)
  const after = saveRepoCounts(ctx, repo, 1)
  const hook = { event: 'issues', action: 'opened', issue: created, repository: after } as const
  ctx.emit(githubWebhook(hook, ctx.state.user, ctx.ids))
  return ok(ctx, 201, text, [['location', created.url]])
}

export const getIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (isAnswer(repo)) return repo
  const text = ctx.objects.get('issue', String(repo.id), numberOf(ctx))
  return text ? ok(ctx, 200, text) : notFound(ctx, DOCS_OF.issues)
}

export const updateIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (isAnswer(repo)) return repo
  const before = storedOne<Issue>(ctx.objects, 'issue', String(repo.id), numberOf(ctx))
  if (!before) return notFound(ctx, DOCS_OF.issues)
  const fields = fieldsOfIssue(ctx)
  if (isAnswer(fields)) return fields
  const at = nowIso(ctx)
  const changes: IssueChanges = {}
  if (fields.title !== undefined && fields.title !== before.title) changes.title = { from: before.title }
  if (fields.body !== undefined && fields.body !== before.body) changes.body = { from: before.body }
  const state = fields.state ?? before.state
  const stateChanged = state !== before.state
  const closing = stateChanged && state === 'closed'
  const next: Issue = {
    ...before,
    title: fields.title ?? before.title,
    body: fields.body === undefined ? before.body : fields.body,
    labels: fields.labels
      ? [...new Set(fields.labels)].map((name) => label(repo.full_name, name))
      : before.labels,
    state,
    state_reason: stateChanged
      ? closing
        ? (fields.state_reason ?? 'completed')
        : 'reopened'
      : fields.state_reason !== undefined
        ? fields.state_reason
        : before.state_reason,
    closed_at: stateChanged ? (closing ? at : null) : before.closed_at,
    closed_by: stateChanged ? (closing ? simpleUser(ctx.state.user) : null) : before.closed_by,
    updated_at: at,
  }
  const saved = ctx.objects.put('issue', String(repo.id), before.number, next, next.state)
  const after = stateChanged ? saveRepoCounts(ctx, repo, closing ? -1 : 1) : repo
  const base = { event: 'issues', issue: next, repository: after } as const
  if (changes.title || changes.body)
    ctx.emit(githubWebhook({ ...base, action: 'edited', changes }, ctx.state.user, ctx.ids))
  if (stateChanged)
    ctx.emit(githubWebhook({ ...base, action: closing ? 'closed' : 'reopened' }, ctx.state.user, ctx.ids))
  return ok(ctx, 200, saved)
}
