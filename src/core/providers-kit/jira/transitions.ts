import type { ProxyAnswer } from '../../proxy/answerer.js'
import {
  badRequest,
  bodyOf,
  type Ctx,
  isAnswer,
  loadIssue,
  nextOf,
  noContent,
  noIssue,
  ok,
  record,
  saveIssue,
} from './context.js'
import { statusJson, statusOf } from './representations.js'
import { type StoredIssue, TRANSITIONS } from './state.js'
import { issueUpdated } from './webhooks.js'

/** The default workflow's transitions an issue can take: to every status but its own. */
const available = (issue: StoredIssue) => TRANSITIONS.filter((t) => t.to !== issue.statusId)

/** `GET /rest/api/3/issue/{issueIdOrKey}/transitions`. */
export function getTransitions(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  return ok(ctx, {
    expand: 'transitions',
    transitions: available(issue).map((t) => ({
      id: t.id,
      name: t.name,
      to: statusJson(ctx, statusOf(t.to)),
      hasScreen: false,
      isGlobal: true,
      isInitial: false,
      isAvailable: true,
      isConditional: false,
      isLooped: false,
    })),
  })
}

/** `POST /rest/api/3/issue/{issueIdOrKey}/transitions` `{transition: {id}}`: 204; sends `jira:issue_updated`. */
export function doTransition(ctx: Ctx): ProxyAnswer {
  const issue = loadIssue(ctx, ctx.params.key!)
  if (!issue) return noIssue(ctx)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const id = record(body.transition)?.id
  if (id === undefined) return badRequest(ctx, ["Missing 'transition' identifier"])
  const transition = available(issue).find((t) => t.id === String(id))
  if (!transition) return badRequest(ctx, [`Transition id '${String(id)}' is not valid for this issue.`])
  const from = statusOf(issue.statusId)
  const to = statusOf(transition.to)
  const next: StoredIssue = { ...issue, statusId: to.id, updatedMs: ctx.nowMs, statusChangedMs: ctx.nowMs }
  saveIssue(ctx, next)
  issueUpdated(
    ctx,
    next,
    [
      {
        field: 'status',
        fieldId: 'status',
        from: from.id,
        fromString: from.name,
        to: to.id,
        toString: to.name,
      },
    ],
    'issue_generic',
    nextOf(ctx, 'next_changelog'),
  )
  return noContent(ctx)
}
