import type { ProxyAnswer } from '../../../proxy/answerers.js'
import { encodeCursor } from '../../kit/pagination.js'
import { remainingOf } from '../../kit/rate-limit.js'
import { isoSeconds } from '../../kit/time.js'
import { RATE_LIMIT } from '../errors.js'
import { repoOf } from '../repos.js'
import type { Issue, IssueComment, Repository } from '../representations.js'
import { accountOf, type Ctx, canSee } from '../state.js'
import {
  commentsOf,
  commentView,
  GithubGraphqlError,
  issuesOf,
  issueView,
  reposOf,
  repoView,
  userView,
} from './nodes.js'

/** Runs one of the simulation's REST operations (its checks, storage and webhooks) for a mutation. */
export type RestCall = (ctx: Ctx, method: string, path: string, body: unknown) => ProxyAnswer

type Found =
  | { type: 'User' }
  | { type: 'Repository'; repo: Repository }
  | { type: 'Issue'; repo: Repository; issue: Issue }
  | { type: 'IssueComment'; repo: Repository; issue: Issue; comment: IssueComment }

/** The object a REST `node_id` (base64 of `<n>:<Type><database id>`) names, if this token may see it. */
function find(ctx: Ctx, nodeId: string): Found | undefined {
  const text = Buffer.from(nodeId, 'base64').toString('utf8')
  const m = /^\d+:([A-Za-z]+?)(\d+)$/.exec(text)
  if (!m) return undefined
  const [, type, digits] = m
  const id = Number(digits)
  if (type === 'User') return id === ctx.state.user.id ? { type } : undefined
  for (const repo of reposOf(ctx)) {
    if (!canSee(ctx.scopes, repo)) continue
    if (type === 'Repository' && repo.id === id) return { type, repo }
    if (type !== 'Issue' && type !== 'IssueComment') continue
    for (const issue of issuesOf(ctx, repo)) {
      if (type === 'Issue' && issue.id === id) return { type, repo, issue }
      const comment = type === 'IssueComment' && commentsOf(ctx, repo, issue.number).find((c) => c.id === id)
      if (comment) return { type, repo, issue, comment }
    }
  }
  return undefined
}

const viewOf = (ctx: Ctx, f: Found) =>
  f.type === 'User'
    ? userView(ctx)
    : f.type === 'Repository'
      ? repoView(ctx, f.repo)
      : f.type === 'Issue'
        ? issueView(ctx, f.repo, f.issue)
        : commentView(ctx, f.repo, f.issue, f.comment)

const unresolved = (id: string) =>
  new GithubGraphqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`)

/** The node of a mutation's input of the expected type, or GitHub's NOT_FOUND. */
function expect<T extends Found['type']>(ctx: Ctx, id: string, type: T): Extract<Found, { type: T }> {
  const found = find(ctx, id)
  if (!found || found.type !== type) throw unresolved(id)
  return found as Extract<Found, { type: T }>
}

/** A REST answer's JSON, or the refusal as GitHub's GraphQL error types name them. */
function restJson<T>(answer: ProxyAnswer): T {
  const body = JSON.parse(Buffer.from(answer.body as Uint8Array).toString('utf8')) as T & { message?: string }
  if (answer.status < 400) return body
  const type = answer.status === 404 ? 'NOT_FOUND' : answer.status === 403 ? 'FORBIDDEN' : 'UNPROCESSABLE'
  throw new GithubGraphqlError(type, body.message ?? 'Something went wrong')
}

/** The root resolvers over one call's account. */
export function rootOf(ctx: Ctx, rest: RestCall) {
  const login = ctx.state.user.login
  const issuePath = (repo: Repository, issue?: Issue) =>
    `/repos/${login}/${repo.name}/issues${issue ? `/${issue.number}` : ''}`
  return {
    viewer: () => userView(ctx),
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = repoOf(ctx, owner, name)
      if (!repo)
        throw new GithubGraphqlError(
          'NOT_FOUND',
          `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        )
      return repoView(ctx, repo)
    },
    node: ({ id }: { id: string }) => {
      const found = find(ctx, id)
      if (!found) throw unresolved(id)
      return viewOf(ctx, found)
    },
    rateLimit: () => {
      const w = ctx.rates.windowOf(accountOf(ctx), 'graphql', ctx.nowMs, RATE_LIMIT)
      return {
        cost: 1,
        limit: w.limit,
        nodeCount: 0,
        remaining: remainingOf(w),
        resetAt: isoSeconds(w.resetSeconds * 1000),
        used: w.used,
      }
    },
    createIssue: ({
      input,
    }: {
      input: { repositoryId: string; title: string; body?: string | null; clientMutationId?: string }
    }) => {
      const { repo } = expect(ctx, input.repositoryId, 'Repository')
      const created = restJson<Issue>(
        rest(ctx, 'POST', issuePath(repo), { title: input.title, body: input.body ?? null }),
      )
      return { clientMutationId: input.clientMutationId ?? null, issue: issueView(ctx, repo, created) }
    },
    addComment: ({ input }: { input: { subjectId: string; body: string; clientMutationId?: string } }) => {
      const { repo, issue } = expect(ctx, input.subjectId, 'Issue')
      const comment = restJson<IssueComment>(
        rest(ctx, 'POST', `${issuePath(repo, issue)}/comments`, { body: input.body }),
      )
      const after = expect(ctx, input.subjectId, 'Issue').issue
      const node = commentView(ctx, repo, after, comment)
      const cursor = encodeCursor('comment', after.comments - 1)
      return {
        clientMutationId: input.clientMutationId ?? null,
        commentEdge: { cursor, node },
        subject: issueView(ctx, repo, after),
      }
    },
    closeIssue: ({
      input,
    }: {
      input: { issueId: string; stateReason?: 'COMPLETED' | 'NOT_PLANNED' | null; clientMutationId?: string }
    }) => {
      const { repo, issue } = expect(ctx, input.issueId, 'Issue')
      const reason = (input.stateReason ?? 'COMPLETED').toLowerCase()
      const closed = restJson<Issue>(
        rest(ctx, 'PATCH', issuePath(repo, issue), { state: 'closed', state_reason: reason }),
      )
      return { clientMutationId: input.clientMutationId ?? null, issue: issueView(ctx, repo, closed) }
    },
  }
}
