import type { ProxyAnswer } from '../../proxy/answerer.js'
import { queryOf } from '../kit/http.js'
import {
  badRequest,
  bodyOf,
  type Ctx,
  isAnswer,
  issueIdOf,
  loadIssue,
  nextOf,
  noContent,
  noIssue,
  ok,
  record,
  saveIssue,
  selfUrl,
  viewer,
} from './context.js'
import { changesOf, type FieldValues, readFields } from './fields.js'
import { issueJson } from './representations.js'
import { STATUSES, type StoredIssue } from './state.js'
import { issueCreated, issueUpdated } from './webhooks.js'

/** The `fields` parameter of a GET, repeated or comma-separated. */
export const fieldsParam = (ctx: Ctx) => queryOf(ctx.call).getAll('fields')

/**
 * `POST /rest/api/3/issue`: `{fields: {project, issuetype, summary, description?, assignee?,
 * labels?}}`, the description in ADF; `/rest/api/2/issue` (where jira.js sends a plain-text
 * description) takes it as text.
 */
const create =
  (plainText: boolean) =>
  (ctx: Ctx): ProxyAnswer => {
    const body = bodyOf(ctx)
    if (isAnswer(body)) return body
    const fields = record(body.fields)
    if (!fields) return badRequest(ctx, [], { project: 'Specify a valid project ID or key' })
    const { values, errors } = readFields(ctx, fields, true, plainText)
    if (Object.keys(errors).length > 0) return badRequest(ctx, [], errors)
    const num = nextOf(ctx, 'next_issue')
    const id = issueIdOf(num)
    const key = `${ctx.state.project.key}-${num}`
    const issue: StoredIssue = {
      id,
      num,
      key,
      summary: values.summary!,
      description: values.description ?? null,
      statusId: STATUSES[0]!.id,
      assigneeId: values.assigneeId ?? null,
      reporterId: viewer(ctx).accountId,
      labels: values.labels ?? [],
      createdMs: ctx.nowMs,
      updatedMs: ctx.nowMs,
      statusChangedMs: ctx.nowMs,
    }
    ctx.state.issues[key] = num
    ctx.state.issues[id] = num
    ctx.saveState(ctx.state)
    saveIssue(ctx, issue)
    issueCreated(ctx, issue)
    return ok(ctx, { id, key, self: selfUrl(ctx, `/issue/${id}`) }, 201)
  }
export const createIssue = create(false)
export const createIssueV2 = create(true)

/** `GET /rest/api/3/issue/{issueIdOrKey}`: every field unless `fields` picks some. */
export function getIssue(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  return issue ? ok(ctx, issueJson(ctx, issue, fieldsParam(ctx))) : noIssue(ctx)
}

const valuesOf = (i: StoredIssue): Required<FieldValues> => ({
  summary: i.summary,
  description: i.description,
  assigneeId: i.assigneeId,
  labels: i.labels,
})

/**
 * `PUT /rest/api/3/issue/{issueIdOrKey}`: sets summary, description (ADF), assignee and labels;
 * 204, or the issue with `returnIssue=true`. Sends `jira:issue_updated` with its changelog.
 */
export function editIssue(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  if (body.fields !== undefined && !record(body.fields))
    return badRequest(ctx, ["Can not deserialize instance of 'fields' out of the request body."])
  if (record(body.update) && Object.keys(record(body.update)!).length > 0)
    return badRequest(
      ctx,
      [],
      Object.fromEntries(
        Object.keys(record(body.update)!).map((k) => [
          k,
          `Field '${k}' cannot be updated with 'update' in the simulated Jira; use 'fields'.`,
        ]),
      ),
    )
  const { values, errors } = readFields(ctx, record(body.fields) ?? {}, false)
  if (Object.keys(errors).length > 0) return badRequest(ctx, [], errors)
  const before = valuesOf(issue)
  const after = { ...before, ...values }
  const items = changesOf(ctx, before, after)
  const next: StoredIssue = { ...issue, ...after, updatedMs: items.length > 0 ? ctx.nowMs : issue.updatedMs }
  if (items.length > 0) {
    saveIssue(ctx, next)
    issueUpdated(ctx, next, items, 'issue_updated', nextOf(ctx, 'next_changelog'))
  }
  return queryOf(ctx.call).get('returnIssue') === 'true' ? ok(ctx, issueJson(ctx, next, [])) : noContent(ctx)
}
