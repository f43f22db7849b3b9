import { createHash } from 'node:crypto'
import { isoAt } from '../../common/clock.js'
import type { Connection } from '../../connections/connections.schema.js'
import type { ProxyAnswer, ProxyCall } from '../../proxy/answerers.js'
import type { Handler, ProviderSimulation, SimulationContext } from '../kit/provider-kit.js'
import { githubAccountView, githubExampleCalls } from './account-view.js'
import {
  answer,
  githubError,
  githubHeaders,
  linkHeader,
  pageOf,
  RATE_LIMIT,
  validationFailed,
} from './answers.js'
import { githubWebhook } from './payloads.js'
import {
  type GithubUser,
  type Issue,
  type IssueComment,
  issue,
  issueComment,
  label,
  privateUser,
  type Repository,
  repository,
  simpleUser,
} from './representations.js'

/** The simulated account: its user and id counters (objects live in simulation_objects). */
export interface GithubState {
  user: GithubUser
  next_repo_id: number
  next_issue_id: number
  next_comment_id: number
  /** Lower-case repository name → its id and the next issue number. */
  repos: Record<string, { id: number; next_number: number }>
}

type Ctx = SimulationContext<GithubState>
type Json = Record<string, unknown>

const hashNumber = (text: string, min: number, span: number) =>
  min + (createHash('sha256').update(text).digest().readUInt32BE(0) % span)

/** A GitHub login from the connection's tenant (letters, digits, single hyphens), or `octocat`. */
const loginOf = (connection: Connection) => {
  const login = connection.tenant_id
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 39)
  return login || 'octocat'
}

const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/
const ISSUES = /^\/repos\/([^/]+)\/([^/]+)\/issues(?:\/(\d{1,9})(\/comments)?)?$/
const REPO = /^\/repos\/([^/]+)\/([^/]+)$/

/** What a token with these scopes may see and change, as GitHub decides for OAuth tokens. */
const canSee = (scopes: readonly string[], repo: { private: boolean }) =>
  !repo.private || scopes.includes('repo')
const canWrite = (scopes: readonly string[], repo: { private: boolean }) =>
  scopes.includes('repo') || (!repo.private && scopes.includes('public_repo'))

const DOCS = {
  repos: 'https://docs.github.com/rest/repos/repos',
  issues: 'https://docs.github.com/rest/issues/issues',
  comments: 'https://docs.github.com/rest/issues/comments',
  users: 'https://docs.github.com/rest/users/users',
}

/** The simulated GitHub REST v3 API (the operations issue 18 lists) with its webhooks. */
export const githubSimulation: ProviderSimulation<GithubState> = {
  provider: 'github',

  initialState(connection, nowMs) {
    const login = loginOf(connection)
    const id = hashNumber(connection.id, 10_000_000, 80_000_000)
    return {
      user: {
        login,
        id,
        name: login.replace(/-/g, ' '),
        email: `${login.toLowerCase()}@users.noreply.github.com`,
        created_at: isoAt(Math.floor(nowMs / 1000) * 1000),
      },
      next_repo_id: hashNumber(`${connection.id}:repo`, 600_000_000, 300_000_000),
      next_issue_id: hashNumber(`${connection.id}:issue`, 2_000_000_000, 500_000_000),
      next_comment_id: hashNumber(`${connection.id}:comment`, 1_500_000_000, 500_000_000),
      repos: {},
    }
  },

  route(call) {
    const { method, path } = call
    if (path === '/user') return method === 'GET' ? getUser : undefined
    if (path === '/user/repos')
      return method === 'GET' ? listRepos : method === 'POST' ? createRepo : undefined
    const repo = REPO.exec(path)
    if (repo) return method === 'GET' ? getRepo : undefined
    const m = ISSUES.exec(path)
    if (!m) return undefined
    if (m[4]) return method === 'GET' ? listComments : method === 'POST' ? createComment : undefined
    if (m[3]) return method === 'GET' ? getIssue : method === 'PATCH' ? updateIssue : undefined
    return method === 'GET' ? listIssues : method === 'POST' ? createIssue : undefined
  },

  unauthorized() {
    // GitHub gives every refused token the same answer, whatever the reason.
    return githubError(401, 'Bad credentials', [['content-type', 'application/json; charset=utf-8']])
  },

  rateLimited(nowMs) {
    const reset = Math.floor(nowMs / 1000) + 60
    return githubError(
      403,
      'API rate limit exceeded for user. (Simulated: a rate_limit fault.)',
      [
        ['content-type', 'application/json; charset=utf-8'],
        ['x-ratelimit-limit', String(RATE_LIMIT)],
        ['x-ratelimit-remaining', '0'],
        ['x-ratelimit-reset', String(reset)],
        ['x-ratelimit-used', String(RATE_LIMIT)],
        ['x-ratelimit-resource', 'core'],
        ['retry-after', '60'],
      ],
      {},
      'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
    )
  },

  serverError(status) {
    const message = status === 503 ? 'Service Unavailable' : status === 502 ? 'Bad Gateway' : 'Server Error'
    return githubError(status, message, [['content-type', 'application/json; charset=utf-8']])
  },

  accountView: githubAccountView,
  exampleCallsFor: githubExampleCalls,
  ownerScopes: ['repo'],
}

const headersOf = (ctx: Ctx) => githubHeaders(ctx.nowMs, ctx.scopes)
const ok = (ctx: Ctx, status: number, body: string, extra: Array<[string, string]> = []) =>
  answer(status, body, [...headersOf(ctx), ...extra])
const notFound = (ctx: Ctx, docs: string) => githubError(404, 'Not Found', headersOf(ctx), {}, docs)
const queryOf = (call: ProxyCall) => new URLSearchParams(call.query)
const proxyBase = (ctx: Ctx) => `${ctx.call.origin}/proxy/${ctx.call.connection.id}${ctx.call.path}`

/** The JSON body, `{}` when empty; a string answer is GitHub's 400 for unparsable JSON. */
function bodyOf(ctx: Ctx): Json | ProxyAnswer {
  const text = ctx.call.body.toString('utf8').trim()
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json
  } catch {
    // Falls through to the 400.
  }
  return githubError(400, 'Problems parsing JSON', headersOf(ctx))
}
const isAnswer = (v: Json | ProxyAnswer): v is ProxyAnswer => 'mode' in v && 'status' in v

function page(ctx: Ctx, found: { rows: string[]; total: number }, at: { page: number; perPage: number }) {
  const link = linkHeader(proxyBase(ctx), queryOf(ctx.call), at.page, at.perPage, found.total)
  return ok(ctx, 200, `[${found.rows.join(',')}]`, link ? [['link', link]] : [])
}

const getUser: Handler<GithubState> = (ctx) => {
  const repos = ctx.objects.page('repo', '', null, 1_000_000, 0).rows.map((r) => JSON.parse(r) as Repository)
  const privateRepos = repos.filter((r) => r.private).length
  return ok(
    ctx,
    200,
    JSON.stringify(privateUser(ctx.state.user, { publicRepos: repos.length - privateRepos, privateRepos })),
  )
}

const listRepos: Handler<GithubState> = (ctx) => {
  const query = queryOf(ctx.call)
  const at = pageOf(query)
  const visibility = query.get('visibility')
  const wantPrivate =
    visibility === 'private'
      ? 'true'
      : visibility === 'public' || !ctx.scopes.includes('repo')
        ? 'false'
        : null
  const found = ctx.objects.page(
    'repo',
    '',
    wantPrivate === null ? null : wantPrivate === 'true' ? 'private' : 'public',
    at.perPage,
    (at.page - 1) * at.perPage,
    'name',
  )
  if (visibility === 'private' && !ctx.scopes.includes('repo')) return page(ctx, { rows: [], total: 0 }, at)
  return page(ctx, found, at)
}

/** Reads a JSON body field of an expected type; `undefined` when absent. */
function field<T>(body: Json, name: string, test: (v: unknown) => v is T): T | undefined | Error {
  if (!(name in body) || body[name] === undefined) return undefined
  return test(body[name]) ? (body[name] as T) : new Error(name)
}
const isString = (v: unknown): v is string => typeof v === 'string'
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string'
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

const createRepo: Handler<GithubState> = (ctx) => {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const headers = headersOf(ctx)
  const name = field(body, 'name', isString)
  const description = field(body, 'description', isNullableString)
  const homepage = field(body, 'homepage', isNullableString)
  const isPrivate = field(body, 'private', isBoolean)
  const hasIssues = field(body, 'has_issues', isBoolean)
  for (const [key, value] of Object.entries({
    name,
    description,
    homepage,
    private: isPrivate,
    has_issues: hasIssues,
  })) {
    if (value instanceof Error) return validationFailed(headers, 'Repository', key, 'invalid')
  }
  if (!canWrite(ctx.scopes, { private: isPrivate === true })) {
    // OAuth tokens without the scope get a 404 (GitHub does not confirm what the token cannot do).
    return githubError(
      404,
      'Not Found',
      [...headersOf(ctx), ['x-accepted-oauth-scopes', 'public_repo, repo']],
      {},
      DOCS.repos,
    )
  }
  if (name === undefined) return validationFailed(headers, 'Repository', 'name', 'missing_field')
  if (!REPO_NAME.test(name as string) || name === '.' || name === '..')
    return validationFailed(headers, 'Repository', 'name', 'custom', 'name is invalid')
  const key = (name as string).toLowerCase()
  if (ctx.state.repos[key])
    return githubError(422, 'Repository creation failed.', headers, {
      errors: [
        {
          resource: 'Repository',
          code: 'custom',
          field: 'name',
          message: 'name already exists on this account',
        },
      ],
    })
  const id = ctx.state.next_repo_id
  ctx.state.next_repo_id += 1
  ctx.state.repos[key] = { id, next_number: 1 }
  ctx.saveState(ctx.state)
  const repo = repository({
    id,
    name: name as string,
    owner: ctx.state.user,
    description: (description as string | null | undefined) ?? null,
    private: isPrivate === true,
    homepage: (homepage as string | null | undefined) ?? null,
    has_issues: hasIssues !== false,
    created_at: isoAt(Math.floor(ctx.nowMs / 1000) * 1000),
    open_issues: 0,
  })
  const text = ctx.objects.put('repo', '', id, repo, repo.visibility)
  ctx.emit(githubWebhook({ event: 'repository', action: 'created', repository: repo }, ctx.state.user))
  return ok(ctx, 201, text, [['location', repo.url]])
}

/** The repository a path names, if this token may see it. */
function repoOf(ctx: Ctx): Repository | undefined {
  const m = REPO.exec(ctx.call.path) ?? ISSUES.exec(ctx.call.path)
  if (!m) return undefined
  let owner: string
  let name: string
  try {
    owner = decodeURIComponent(m[1]!)
    name = decodeURIComponent(m[2]!)
  } catch {
    return undefined
  }
  if (owner.toLowerCase() !== ctx.state.user.login.toLowerCase()) return undefined
  const known = ctx.state.repos[name.toLowerCase()]
  const text = known && ctx.objects.get('repo', '', known.id)
  if (!text) return undefined
  const repo = JSON.parse(text) as Repository
  return canSee(ctx.scopes, repo) ? repo : undefined
}

const getRepo: Handler<GithubState> = (ctx) => {
  const repo = repoOf(ctx)
  return repo ? ok(ctx, 200, JSON.stringify(repo)) : notFound(ctx, DOCS.repos)
}

/** The repository of an issues path, or the answer to give instead (404, 410 when issues are off). */
function issuesRepo(ctx: Ctx, write: boolean): Repository | ProxyAnswer {
  const repo = repoOf(ctx)
  if (!repo || (write && !canWrite(ctx.scopes, repo))) return notFound(ctx, DOCS.issues)
  if (!repo.has_issues)
    return githubError(410, 'Issues are disabled for this repo', headersOf(ctx), {}, DOCS.issues)
  return repo
}
const isRepo = (v: Repository | ProxyAnswer): v is Repository => 'full_name' in v

const numberOf = (ctx: Ctx) => Number(ISSUES.exec(ctx.call.path)![3])

function saveRepoCounts(ctx: Ctx, repo: Repository, delta: number): Repository {
  const next = {
    ...repo,
    open_issues_count: repo.open_issues_count + delta,
    open_issues: repo.open_issues + delta,
  }
  ctx.objects.put('repo', '', repo.id, next, next.visibility)
  return next
}

const listIssues: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (!isRepo(repo)) return repo
  const query = queryOf(ctx.call)
  const at = pageOf(query)
  const state = query.get('state') ?? 'open'
  const found = ctx.objects.page(
    'issue',
    String(repo.id),
    state === 'all' ? null : state === 'closed' ? 'closed' : 'open',
    at.perPage,
    (at.page - 1) * at.perPage,
  )
  return page(ctx, found, at)
}

/** The title, body and labels of an issue body, or the 422. */
function issueFields(ctx: Ctx, body: Json) {
  const headers = headersOf(ctx)
  const title =
    body.title === undefined ? undefined : typeof body.title === 'number' ? String(body.title) : body.title
  const fields = {
    title: title === undefined ? undefined : isString(title) ? title : new Error('title'),
    body: field(body, 'body', isNullableString),
    labels: field(body, 'labels', isStringArray),
    state: field(body, 'state', (v): v is 'open' | 'closed' => v === 'open' || v === 'closed'),
    state_reason: field(
      body,
      'state_reason',
      (v): v is 'completed' | 'not_planned' | 'reopened' | null =>
        v === null || v === 'completed' || v === 'not_planned' || v === 'reopened',
    ),
  }
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) return validationFailed(headers, 'Issue', key, 'invalid')
  }
  if (typeof fields.title === 'string' && fields.title.trim() === '')
    return validationFailed(headers, 'Issue', 'title', 'missing_field')
  return fields as {
    title?: string
    body?: string | null
    labels?: string[]
    state?: 'open' | 'closed'
    state_reason?: 'completed' | 'not_planned' | 'reopened' | null
  }
}

const createIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (!isRepo(repo)) return repo
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const fields = issueFields(ctx, body)
  if ('mode' in fields) return fields
  if (fields.title === undefined) return validationFailed(headersOf(ctx), 'Issue', 'title', 'missing_field')
  const counters = ctx.state.repos[repo.name.toLowerCase()]!
  const number = counters.next_number
  counters.next_number += 1
  const id = ctx.state.next_issue_id
  ctx.state.next_issue_id += 1
  ctx.saveState(ctx.state)
  const at = isoAt(Math.floor(ctx.nowMs / 1000) * 1000)
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
  ctx.emit(
    githubWebhook({ event: 'issues', action: 'opened', issue: created, repository: after }, ctx.state.user),
  )
  return ok(ctx, 201, text, [['location', created.url]])
}

const getIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (!isRepo(repo)) return repo
  const text = ctx.objects.get('issue', String(repo.id), numberOf(ctx))
  return text ? ok(ctx, 200, text) : notFound(ctx, DOCS.issues)
}

const updateIssue: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (!isRepo(repo)) return repo
  const text = ctx.objects.get('issue', String(repo.id), numberOf(ctx))
  if (!text) return notFound(ctx, DOCS.issues)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const fields = issueFields(ctx, body)
  if ('mode' in fields) return fields
  const before = JSON.parse(text) as Issue
  const at = isoAt(Math.floor(ctx.nowMs / 1000) * 1000)
  const changes: { title?: { from: string }; body?: { from: string | null } } = {}
  if (fields.title !== undefined && fields.title !== before.title) changes.title = { from: before.title }
  if (fields.body !== undefined && fields.body !== before.body) changes.body = { from: before.body }
  const state = fields.state ?? before.state
  const stateChanged = state !== before.state
  const next: Issue = {
    ...before,
    title: fields.title ?? before.title,
    body: fields.body === undefined ? before.body : fields.body,
    labels: fields.labels
      ? [...new Set(fields.labels)].map((name) => label(repo.full_name, name))
      : before.labels,
    state,
    state_reason: stateChanged
      ? state === 'closed'
        ? (fields.state_reason ?? 'completed')
        : 'reopened'
      : fields.state_reason !== undefined
        ? fields.state_reason
        : before.state_reason,
    closed_at: stateChanged ? (state === 'closed' ? at : null) : before.closed_at,
    closed_by: stateChanged ? (state === 'closed' ? simpleUser(ctx.state.user) : null) : before.closed_by,
    updated_at: at,
  }
  const saved = ctx.objects.put('issue', String(repo.id), before.number, next, next.state)
  const after = stateChanged ? saveRepoCounts(ctx, repo, state === 'closed' ? -1 : 1) : repo
  if (changes.title || changes.body)
    ctx.emit(
      githubWebhook(
        { event: 'issues', action: 'edited', issue: next, repository: after, changes },
        ctx.state.user,
      ),
    )
  if (stateChanged)
    ctx.emit(
      githubWebhook(
        {
          event: 'issues',
          action: state === 'closed' ? 'closed' : 'reopened',
          issue: next,
          repository: after,
        },
        ctx.state.user,
      ),
    )
  return ok(ctx, 200, saved)
}
const listComments: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, false)
  if (!isRepo(repo)) return repo
  const number = numberOf(ctx)
  if (!ctx.objects.get('issue', String(repo.id), number)) return notFound(ctx, DOCS.comments)
  const at = pageOf(queryOf(ctx.call))
  const found = ctx.objects.page(
    'comment',
    `${repo.id}/${number}`,
    null,
    at.perPage,
    (at.page - 1) * at.perPage,
    'asc',
  )
  return page(ctx, found, at)
}

const createComment: Handler<GithubState> = (ctx) => {
  const repo = issuesRepo(ctx, true)
  if (!isRepo(repo)) return repo
  const number = numberOf(ctx)
  const issueText = ctx.objects.get('issue', String(repo.id), number)
  if (!issueText) return notFound(ctx, DOCS.comments)
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  const text = field(body, 'body', isString)
  if (text instanceof Error) return validationFailed(headersOf(ctx), 'IssueComment', 'body', 'invalid')
  if (text === undefined || text.trim() === '')
    return validationFailed(headersOf(ctx), 'IssueComment', 'body', 'missing_field')
  const id = ctx.state.next_comment_id
  ctx.state.next_comment_id += 1
  ctx.saveState(ctx.state)
  const at = isoAt(Math.floor(ctx.nowMs / 1000) * 1000)
  const comment: IssueComment = issueComment({
    id,
    repo,
    issueNumber: number,
    body: text,
    user: ctx.state.user,
    created_at: at,
  })
  const saved = ctx.objects.put('comment', `${repo.id}/${number}`, id, comment)
  const before = JSON.parse(issueText) as Issue
  const updated: Issue = { ...before, comments: before.comments + 1, updated_at: at }
  ctx.objects.put('issue', String(repo.id), number, updated, updated.state)
  ctx.emit(
    githubWebhook(
      { event: 'issue_comment', action: 'created', issue: updated, comment, repository: repo },
      ctx.state.user,
    ),
  )
  return ok(ctx, 201, saved, [['location', comment.url]])
}
