import { offsetAfter, offsetConnection } from '../../kit/connection.js'
import { orderBy } from '../../kit/listing.js'
import { storedList, storedOne } from '../../kit/stored-json.js'
import { issueSortKey } from '../list-query.js'
import type { Issue, IssueComment, Repository } from '../representations.js'
import { privateUser } from '../representations.js'
import type { Ctx } from '../state.js'

/**
 * GraphQL views of the simulated account's stored REST objects: each field a value or a function
 * of the field's arguments (graphql-js's default resolver calls it), `__typename` for `Node`.
 */

/** An error GitHub's GraphQL API reports with a `type` (NOT_FOUND, UNPROCESSABLE, FORBIDDEN, …). */
export class GithubGraphqlError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

const MAX_PAGE = 100

/** A connection over an ordered list: `first`/`after` with opaque cursors, as GitHub requires them. */
export function connection<T, V>(
  kind: string,
  field: string,
  items: readonly T[],
  args: { first?: number | null; after?: string | null },
  view: (item: T) => V,
) {
  if (args.first === undefined || args.first === null)
    throw new GithubGraphqlError(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
    )
  if (args.first < 0 || args.first > MAX_PAGE)
    throw new GithubGraphqlError(
      'EXCESSIVE_PAGINATION',
      `Requesting ${args.first} records on the \`${field}\` connection exceeds the \`first\` limit of ${MAX_PAGE} records.`,
    )
  const offset = offsetAfter(args.after, kind)
  if (offset === null)
    throw new GithubGraphqlError(
      'INVALID_CURSOR_ARGUMENTS',
      `\`${args.after}\` does not appear to be a valid cursor.`,
    )
  const page = items.slice(offset, offset + args.first).map(view)
  return offsetConnection(kind, offset, page, items.length)
}

const WEB = 'https://github.com'

export const reposOf = (ctx: Ctx) => storedList<Repository>(ctx.objects, 'repo', '', { order: 'name' })
export const issuesOf = (ctx: Ctx, repo: Repository) =>
  storedList<Issue>(ctx.objects, 'issue', String(repo.id))
export const commentsOf = (ctx: Ctx, repo: Repository, number: number) =>
  storedList<IssueComment>(ctx.objects, 'comment', `${repo.id}/${number}`)

export function userView(ctx: Ctx) {
  const u = privateUser(ctx.state.user, { publicRepos: 0, privateRepos: 0 })
  return {
    __typename: 'User',
    id: u.node_id,
    databaseId: u.id,
    login: u.login,
    name: u.name,
    email: u.email ?? '',
    url: `${WEB}/${u.login}`,
    createdAt: u.created_at,
    repositories: (args: { first?: number; after?: string }) =>
      connection('repo', 'repositories', reposOf(ctx), args, (r) => repoView(ctx, r)),
  }
}

type IssueArgs = {
  first?: number
  after?: string
  states?: Array<'OPEN' | 'CLOSED'> | null
  labels?: string[] | null
  orderBy?: { field: 'CREATED_AT' | 'UPDATED_AT' | 'COMMENTS'; direction: 'ASC' | 'DESC' } | null
}

/** GitHub's default issue order in GraphQL: oldest first. */
function issueList(ctx: Ctx, repo: Repository, args: IssueArgs) {
  const states = args.states?.map((s) => s.toLowerCase())
  const labels = args.labels?.map((l) => l.toLowerCase())
  const found = issuesOf(ctx, repo).filter(
    (i) =>
      (!states || states.includes(i.state)) &&
      (!labels || i.labels.some((l) => labels.includes(l.name.toLowerCase()))),
  )
  const order = args.orderBy ?? { field: 'CREATED_AT', direction: 'ASC' }
  const sort =
    order.field === 'CREATED_AT' ? 'created' : order.field === 'UPDATED_AT' ? 'updated' : 'comments'
  return orderBy(found, issueSortKey(sort), order.direction === 'ASC' ? 'asc' : 'desc')
}

export function repoView(ctx: Ctx, r: Repository) {
  return {
    __typename: 'Repository',
    id: r.node_id,
    databaseId: r.id,
    name: r.name,
    nameWithOwner: r.full_name,
    description: r.description,
    isPrivate: r.private,
    hasIssuesEnabled: r.has_issues,
    url: r.html_url,
    createdAt: r.created_at,
    owner: () => userView(ctx),
    issue: ({ number }: { number: number }) => {
      const issue = storedOne<Issue>(ctx.objects, 'issue', String(r.id), number)
      if (!issue)
        throw new GithubGraphqlError(
          'NOT_FOUND',
          `Could not resolve to an issue or pull request with the number of ${number}.`,
        )
      return issueView(ctx, r, issue)
    },
    issues: (args: IssueArgs) =>
      connection('issue', 'issues', issueList(ctx, r, args), args, (i) => issueView(ctx, r, i)),
  }
}

export function issueView(ctx: Ctx, repo: Repository, i: Issue) {
  return {
    __typename: 'Issue',
    id: i.node_id,
    databaseId: i.id,
    number: i.number,
    title: i.title,
    body: i.body ?? '',
    state: i.state.toUpperCase(),
    stateReason: i.state_reason?.toUpperCase() ?? null,
    closed: i.state === 'closed',
    closedAt: i.closed_at,
    createdAt: i.created_at,
    updatedAt: i.updated_at,
    url: i.html_url,
    author: () => userView(ctx),
    repository: () => repoView(ctx, repo),
    labels: ({ first }: { first?: number }) => ({
      totalCount: i.labels.length,
      nodes: i.labels.slice(0, first ?? MAX_PAGE).map((l) => ({ name: l.name, color: l.color })),
    }),
    comments: (args: { first?: number; after?: string }) =>
      connection('comment', 'comments', commentsOf(ctx, repo, i.number), args, (c) =>
        commentView(ctx, repo, i, c),
      ),
  }
}

export function commentView(ctx: Ctx, repo: Repository, i: Issue, c: IssueComment) {
  return {
    __typename: 'IssueComment',
    id: c.node_id,
    databaseId: c.id,
    body: c.body,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    url: c.html_url,
    author: () => userView(ctx),
    issue: () => issueView(ctx, repo, i),
  }
}
