import { z } from 'zod'
import { queryOf } from '../kit/http.js'
import { enumParam, orderBy, slicePage } from '../kit/listing.js'
import { pageNumberOf } from '../kit/pagination.js'
import type { Handler } from '../kit/provider-kit.js'
import { storedList, storedOne } from '../kit/stored-json.js'
import { DOCS_OF, githubError, validationFailed } from './errors.js'
import { privateUser, type Repository, repository } from './representations.js'
import {
  type Ctx,
  canSee,
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
import { githubWebhook } from './webhooks.js'

const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/
export const PER_PAGE = { default: 30, max: 100 }

export const getUser: Handler<GithubState> = (ctx) => {
  const repos = storedList<Repository>(ctx.objects, 'repo', '')
  const privateRepos = repos.filter((r) => r.private).length
  return ok(
    ctx,
    200,
    JSON.stringify(privateUser(ctx.state.user, { publicRepos: repos.length - privateRepos, privateRepos })),
  )
}

const REPO_SORTS = ['created', 'updated', 'pushed', 'full_name'] as const
const REPO_TYPES = ['all', 'owner', 'public', 'private', 'member'] as const
const refuse = (ctx: Ctx, name: string) => validationFailed(headersOf(ctx), 'Repository', name, 'invalid')

/** `GET /user/repos`: `visibility` or `type` (not both, as GitHub refuses), `sort`, `direction`. */
export const listRepos: Handler<GithubState> = (ctx) => {
  const query = queryOf(ctx.call)
  const at = pageNumberOf(query, PER_PAGE)
  const sort = enumParam(query.get('sort'), REPO_SORTS, 'full_name')
  if (!sort) return refuse(ctx, 'sort')
  const direction = enumParam(
    query.get('direction'),
    ['asc', 'desc'] as const,
    sort === 'full_name' ? 'asc' : 'desc',
  )
  if (!direction) return refuse(ctx, 'direction')
  const type = enumParam(query.get('type'), REPO_TYPES, 'all')
  if (!type) return refuse(ctx, 'type')
  const visibility = enumParam(query.get('visibility'), ['all', 'public', 'private'] as const, 'all')
  if (!visibility) return refuse(ctx, 'visibility')
  if (query.has('type') && (query.has('visibility') || query.has('affiliation')))
    return githubError(
      422,
      'If you specify visibility or affiliation, you cannot specify type.',
      headersOf(ctx),
      {},
      DOCS_OF.repos,
    )
  // Every repository of the simulated account is the user's own: `member` lists none.
  const wanted = type === 'member' ? 'none' : type === 'public' || type === 'private' ? type : visibility
  const repos = storedList<Repository>(ctx.objects, 'repo', '').filter(
    (r) => canSee(ctx.scopes, r) && (wanted === 'all' || r.visibility === wanted),
  )
  const key = (r: Repository) =>
    sort === 'full_name' ? [r.full_name.toLowerCase(), r.id] : [Date.parse(r[`${sort}_at`]), r.id]
  return page(ctx, slicePage(orderBy(repos, key, direction), at), at)
}

const newRepo = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  homepage: z.string().nullable().optional(),
  private: z.boolean().optional(),
  has_issues: z.boolean().optional(),
})

export const createRepo: Handler<GithubState> = (ctx) => {
  const fields = fieldsOf(ctx, 'Repository', newRepo)
  if (isAnswer(fields)) return fields
  const headers = headersOf(ctx)
  const { name, description, homepage, private: isPrivate, has_issues: hasIssues } = fields
  if (!canWrite(ctx.scopes, { private: isPrivate === true })) {
    // OAuth tokens without the scope get a 404 (GitHub does not confirm what the token cannot do).
    const refused: [string, string] = ['x-accepted-oauth-scopes', 'public_repo, repo']
    return githubError(404, 'Not Found', [...headers, refused], {}, DOCS_OF.repos)
  }
  if (name === undefined) return validationFailed(headers, 'Repository', 'name', 'missing_field')
  if (!REPO_NAME.test(name) || name === '.' || name === '..')
    return validationFailed(headers, 'Repository', 'name', 'custom', 'name is invalid')
  const key = name.toLowerCase()
  if (countersOf(ctx.state, key)) {
    const taken = 'name already exists on this account'
    return validationFailed(headers, 'Repository', 'name', 'custom', taken, 'Repository creation failed.')
  }
  const id = ctx.state.next_repo_id++
  // A computed key: `__proto__` is a repository name like any other, not the object's prototype.
  ctx.state.repos = { ...ctx.state.repos, [key]: { id, next_number: 1 } }
  ctx.saveState(ctx.state)
  const repo = repository({
    id,
    name,
    owner: ctx.state.user,
    description: description ?? null,
    private: isPrivate === true,
    homepage: homepage ?? null,
    has_issues: hasIssues !== false,
    created_at: nowIso(ctx),
    open_issues: 0,
  })
  const text = ctx.objects.put('repo', '', id, repo, repo.visibility)
  ctx.emit(
    githubWebhook({ event: 'repository', action: 'created', repository: repo }, ctx.state.user, ctx.ids),
  )
  return ok(ctx, 201, text, [['location', repo.url]])
}

/** The repository `owner`/`name` (the path's by default) names, if this token may see it. */
export function repoOf(
  ctx: Ctx,
  owner = ctx.params.owner ?? '',
  name = ctx.params.repo ?? '',
): Repository | undefined {
  if (owner.toLowerCase() !== ctx.state.user.login.toLowerCase()) return undefined
  const known = countersOf(ctx.state, name)
  const repo = known && storedOne<Repository>(ctx.objects, 'repo', '', known.id)
  return repo && canSee(ctx.scopes, repo) ? repo : undefined
}

export const getRepo: Handler<GithubState> = (ctx) => {
  const repo = repoOf(ctx)
  return repo ? ok(ctx, 200, JSON.stringify(repo)) : notFound(ctx, DOCS_OF.repos)
}
