import type { z } from 'zod'
import type { Connection } from '../../connections/connections.schema.js'
import type { ProxyAnswer } from '../../proxy/answerer.js'
import { readFields } from '../kit/fields.js'
import { hashNumber } from '../kit/hash.js'
import { answer, type HeaderList, isAnswer, jsonBodyOf, proxyUrlOf, queryOf } from '../kit/http.js'
import { linkHeader } from '../kit/pagination.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { isoSeconds } from '../kit/time.js'
import { githubError, githubHeaders, validationFailed } from './errors.js'
import type { GithubUser } from './representations.js'

/** The simulated account: its user and id counters (objects live in simulation_objects). */
export interface GithubState {
  user: GithubUser
  next_repo_id: number
  next_issue_id: number
  next_comment_id: number
  /** Lower-case repository name → its id and the next issue number. */
  repos: Record<string, { id: number; next_number: number }>
}

export type Ctx = SimulationContext<GithubState>
export type Json = Record<string, unknown>

/** A GitHub login from the connection's tenant (letters, digits, single hyphens), or `octocat`. */
const loginOf = (connection: Connection) => {
  const login = connection.tenant_id
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 39)
  return login || 'octocat'
}

/** A new account: the user from the connection's tenant, id counters from its id. */
export function initialState(connection: Connection, nowMs: number): GithubState {
  const login = loginOf(connection)
  return {
    user: {
      login,
      id: hashNumber(connection.id, 10_000_000, 80_000_000),
      name: login.replace(/-/g, ' '),
      email: `${login.toLowerCase()}@users.noreply.github.com`,
      created_at: isoSeconds(nowMs),
    },
    next_repo_id: hashNumber(`${connection.id}:repo`, 600_000_000, 300_000_000),
    next_issue_id: hashNumber(`${connection.id}:issue`, 2_000_000_000, 500_000_000),
    next_comment_id: hashNumber(`${connection.id}:comment`, 1_500_000_000, 500_000_000),
    repos: {},
  }
}

/** A repository's id and issue counter by name; own keys only, so `constructor` is a name like any other. */
export const countersOf = (state: GithubState, name: string) =>
  Object.hasOwn(state.repos, name.toLowerCase()) ? state.repos[name.toLowerCase()] : undefined

/** What a token with these scopes may see and change, as GitHub decides for OAuth tokens. */
export const canSee = (scopes: readonly string[], repo: { private: boolean }) =>
  !repo.private || scopes.includes('repo')
export const canWrite = (scopes: readonly string[], repo: { private: boolean }) =>
  scopes.includes('repo') || (!repo.private && scopes.includes('public_repo'))

/** GitHub's timestamps are whole seconds. */
export const nowIso = (ctx: Ctx) => isoSeconds(ctx.nowMs)

/** The simulated account a call is on (its rate limit is counted per account). */
export const accountOf = (ctx: Ctx) => `${ctx.call.workspaceId}/${ctx.call.connection.id}`

export const headersOf = (ctx: Ctx) => githubHeaders(ctx.scopes, ctx.ids)
export const ok = (ctx: Ctx, status: number, body: string, extra: HeaderList = []) =>
  answer(status, body, [...headersOf(ctx), ...extra])
export const notFound = (ctx: Ctx, docs: string) => githubError(404, 'Not Found', headersOf(ctx), {}, docs)

/** The JSON object body, `{}` when empty; GitHub's 400 for one it cannot parse. */
export const bodyOf = (ctx: Ctx): Json | ProxyAnswer =>
  jsonBodyOf<Json>(ctx.call, () => githubError(400, 'Problems parsing JSON', headersOf(ctx)), {
    empty: {},
    objectOnly: true,
  })
export { isAnswer }

/** The body's fields read through a schema, or GitHub's 400 (bad JSON) or 422 naming the first bad one. */
export function fieldsOf<S extends z.ZodType>(
  ctx: Ctx,
  resource: string,
  schema: S,
): z.output<S> | ProxyAnswer {
  const body = bodyOf(ctx)
  if (isAnswer(body)) return body
  return readFields(body, schema, ({ key }) => validationFailed(headersOf(ctx), resource, key, 'invalid'))
}

/** One page of stored rows as a JSON array, with GitHub's `Link` header. */
export function page(
  ctx: Ctx,
  found: { rows: string[]; total: number },
  at: { page: number; perPage: number },
) {
  const link = linkHeader(proxyUrlOf(ctx.call), queryOf(ctx.call), at.page, at.perPage, found.total)
  return ok(ctx, 200, `[${found.rows.join(',')}]`, link ? [['link', link]] : [])
}
