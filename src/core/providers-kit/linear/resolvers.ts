import { UserFacingError } from '../kit/graphql.js'
import { decodeCursor, encodeCursor } from '../kit/pagination.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import {
  commentFields,
  commentWebhookData,
  issueFields,
  issueUrl,
  issueWebhookData,
  teamOf,
  userOf,
  workflowStateOf,
} from './representations.js'
import { type LinearState, linearId, type StoredComment, type StoredIssue } from './state.js'
import { type LinearEvent, linearDelivery } from './webhooks.js'

export type Ctx = SimulationContext<LinearState>
type Args = Record<string, unknown>

const organizationOf = (state: LinearState) => ({
  __typename: 'Organization',
  ...state.organization,
  projectStatuses: [],
})

const fail = (error: Error): never => {
  throw error
}
const invalid = (message: string) => new UserFacingError(message, 'invalid input', 'INVALID_INPUT')
const notFound = (what: string) =>
  new UserFacingError(`Entity not found: ${what}`, 'invalid input', 'INVALID_INPUT')

/** A Relay connection over a list, newest first, paged with `first`/`after` (cursors are offsets). */
function connection<T>(ctx: Ctx, kind: string, scope: string, args: Args, toNode: (row: string) => T) {
  const first = args.first ?? 50
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 0 || first > 250)
    throw invalid('Argument Validation Error: first must be an integer from 0 to 250')
  const after = decodeCursor(args.after ?? undefined, kind)
  if (after === null) throw invalid('Argument Validation Error: after is not a valid cursor')
  const offset = after === undefined ? 0 : Number(after) + 1
  const page = ctx.objects.page(kind, scope, null, first, offset)
  const nodes = page.rows.map(toNode)
  const last = offset + nodes.length - 1
  return {
    nodes,
    edges: nodes.map((node, i) => ({ node, cursor: encodeCursor(kind, offset + i) })),
    pageInfo: {
      hasNextPage: last + 1 < page.total,
      hasPreviousPage: offset > 0,
      startCursor: nodes.length ? encodeCursor(kind, offset) : null,
      endCursor: nodes.length ? encodeCursor(kind, last) : null,
    },
  }
}

function storedIssue(ctx: Ctx, ref: unknown): StoredIssue {
  if (typeof ref !== 'string') throw invalid('Argument Validation Error: id must be a string')
  const { issues, team } = ctx.state
  const byKey = ref.toUpperCase().startsWith(`${team.key}-`) ? Number(ref.slice(team.key.length + 1)) : NaN
  const num = issues[ref] ?? (Number.isInteger(byKey) ? byKey : undefined)
  const text = num === undefined ? undefined : ctx.objects.get('issue', '', num)
  if (!text) throw notFound('Issue')
  return JSON.parse(text) as StoredIssue
}

/** An issue as a GraphQL value: its fields, the objects it references, its comments. */
function issueNode(ctx: Ctx, issue: StoredIssue): Record<string, unknown> {
  const { state } = ctx
  return {
    __typename: 'Issue',
    ...issueFields(state, issue),
    team: teamOf(state),
    state: workflowStateOf(state, issue.stateId),
    creator: userOf(state, issue.creatorId),
    assignee: userOf(state, issue.assigneeId),
    comments: (args: Args) =>
      connection(ctx, 'comment', issue.id, args, (row) => commentNode(ctx, JSON.parse(row) as StoredComment)),
  }
}

function commentNode(ctx: Ctx, comment: StoredComment): Record<string, unknown> {
  return {
    __typename: 'Comment',
    ...commentFields(comment),
    url: `${issueUrl(ctx.state, storedIssue(ctx, comment.issueId))}#comment-${comment.id.slice(0, 8)}`,
    user: userOf(ctx.state, comment.userId),
    issue: () => issueNode(ctx, storedIssue(ctx, comment.issueId)),
  }
}

function emit(ctx: Ctx, e: Omit<LinearEvent, 'organizationId'>) {
  const { organization } = ctx.state
  ctx.emit(
    linearDelivery(
      { ...e, organizationId: organization.id },
      ctx.nowMs,
      ctx.ids,
      linearId(`${organization.id}:hook`),
    ),
  )
}

const inputOf = (args: Args): Args => {
  const input = args.input
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw invalid('Argument Validation Error: input must be an object')
  return input as Args
}

/** Checks the writable fields an IssueCreateInput/IssueUpdateInput may hold. */
function issueChanges(ctx: Ctx, input: Args): Partial<StoredIssue> {
  const out: Partial<StoredIssue> = {}
  if ('title' in input) {
    if (typeof input.title !== 'string' || !input.title.trim())
      throw invalid('Argument Validation Error: title should not be empty')
    out.title = input.title
  }
  if ('description' in input) {
    if (input.description !== null && typeof input.description !== 'string')
      throw invalid('Argument Validation Error: description must be a string')
    out.description = input.description as string | null
  }
  if ('priority' in input) {
    const p = input.priority
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 4)
      throw invalid('Argument Validation Error: priority must not be greater than 4')
    out.priority = p
  }
  if ('stateId' in input) {
    if (!ctx.state.states.some((s) => s.id === input.stateId)) throw notFound('WorkflowState')
    out.stateId = input.stateId as string
  }
  if ('assigneeId' in input) {
    if (input.assigneeId !== null && input.assigneeId !== ctx.state.viewer.id) throw notFound('User')
    out.assigneeId = input.assigneeId as string | null
  }
  return out
}

function createIssue(ctx: Ctx, args: Args) {
  const input = inputOf(args)
  const { state } = ctx
  if (input.teamId !== state.team.id) throw notFound('Team')
  if (!('title' in input)) throw invalid('Argument Validation Error: title should not be empty')
  const changes = issueChanges(ctx, input)
  const num = state.next_issue
  const iso = new Date(ctx.nowMs).toISOString()
  const issue: StoredIssue = {
    id: linearId(`${ctx.call.connection.id}:issue:${num}`),
    number: num,
    identifier: `${state.team.key}-${num}`,
    title: '',
    description: null,
    priority: 0,
    stateId: state.states.find((s) => s.type === 'unstarted')!.id,
    assigneeId: null,
    creatorId: state.viewer.id,
    createdAt: iso,
    updatedAt: iso,
    ...changes,
  }
  state.next_issue += 1
  state.issues[issue.id] = num
  ctx.objects.put('issue', '', num, issue)
  ctx.saveState(state)
  emit(ctx, {
    type: 'Issue',
    action: 'create',
    data: issueWebhookData(state, issue),
    url: issueUrl(state, issue),
  })
  return { success: true, lastSyncId: ctx.nowMs, issue: issueNode(ctx, issue) }
}

function updateIssue(ctx: Ctx, args: Args) {
  const before = storedIssue(ctx, args.id)
  const changes = issueChanges(ctx, inputOf(args))
  const issue: StoredIssue = { ...before, ...changes, updatedAt: new Date(ctx.nowMs).toISOString() }
  ctx.objects.put('issue', '', issue.number, issue)
  const updatedFrom = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof StoredIssue]]))
  const { state } = ctx
  emit(ctx, {
    type: 'Issue',
    action: 'update',
    data: issueWebhookData(state, issue),
    url: issueUrl(state, issue),
    updatedFrom: { ...updatedFrom, updatedAt: before.updatedAt },
  })
  return { success: true, lastSyncId: ctx.nowMs, issue: issueNode(ctx, issue) }
}

function createComment(ctx: Ctx, args: Args) {
  const input = inputOf(args)
  const issue = storedIssue(ctx, input.issueId)
  if (typeof input.body !== 'string' || !input.body.trim())
    throw invalid('Argument Validation Error: body should not be empty')
  const { state } = ctx
  const num = state.next_comment
  const iso = new Date(ctx.nowMs).toISOString()
  const comment: StoredComment = {
    id: linearId(`${ctx.call.connection.id}:comment:${num}`),
    body: input.body,
    issueId: issue.id,
    userId: state.viewer.id,
    createdAt: iso,
    updatedAt: iso,
  }
  state.next_comment += 1
  state.comments[comment.id] = [issue.id, num]
  ctx.objects.put('comment', issue.id, num, comment)
  ctx.saveState(state)
  const url = `${issueUrl(state, issue)}#comment-${comment.id.slice(0, 8)}`
  emit(ctx, { type: 'Comment', action: 'create', data: commentWebhookData(state, comment, issue), url })
  return { success: true, lastSyncId: ctx.nowMs, comment: commentNode(ctx, comment) }
}

/** The root Query and Mutation fields the simulation answers. */
export function rootOf(ctx: Ctx): Record<string, unknown> {
  const { state } = ctx
  const team = () => ({
    ...teamOf(state),
    states: () => ({
      nodes: state.states.map((s) => workflowStateOf(state, s.id)),
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }),
    issues: (args: Args) =>
      connection(ctx, 'issue', '', args, (row) => issueNode(ctx, JSON.parse(row) as StoredIssue)),
  })
  return {
    viewer: () => ({ ...userOf(state, state.viewer.id), organization: organizationOf(state) }),
    organization: () => organizationOf(state),
    teams: (args: Args) => {
      if (args.after) return { nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } }
      return {
        nodes: [team()],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      }
    },
    team: (args: Args) => {
      if (args.id !== state.team.id && args.id !== state.team.key) throw notFound('Team')
      return team()
    },
    issues: (args: Args) =>
      connection(ctx, 'issue', '', args, (row) => issueNode(ctx, JSON.parse(row) as StoredIssue)),
    workflowState: (args: Args) => workflowStateOf(state, String(args.id)) ?? fail(notFound('WorkflowState')),
    user: (args: Args) => userOf(state, String(args.id)) ?? fail(notFound('User')),
    comment: (args: Args) => {
      const [issueId, num] = state.comments[String(args.id)] ?? []
      const text = issueId === undefined ? undefined : ctx.objects.get('comment', issueId, num!)
      return text ? commentNode(ctx, JSON.parse(text) as StoredComment) : fail(notFound('Comment'))
    },
    issue: (args: Args) => issueNode(ctx, storedIssue(ctx, args.id)),
    issueCreate: (args: Args) => createIssue(ctx, args),
    issueUpdate: (args: Args) => updateIssue(ctx, args),
    commentCreate: (args: Args) => createComment(ctx, args),
  }
}
