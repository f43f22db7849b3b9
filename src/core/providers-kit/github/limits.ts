import { conditional } from '../kit/conditional.js'
import type { Handler } from '../kit/provider-kit.js'
import { rateLimitHeaders, remainingOf } from '../kit/rate-limit.js'
import { DOCS_OF, githubError, RATE_LIMIT } from './errors.js'
import { accountOf, type GithubState, headersOf } from './state.js'

/** When a single object's representation last changed (its `updated_at`), for `Last-Modified`. */
function updatedAtOf(body: Uint8Array | null): number | undefined {
  if (body === null || body[0] !== 0x7b) return undefined
  const at = (JSON.parse(Buffer.from(body).toString('utf8')) as { updated_at?: unknown }).updated_at
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN
  return Number.isNaN(ms) ? undefined : ms
}

/**
 * GitHub's primary rate limit and conditional requests around a handler: each call counts against
 * the account's hourly budget (`graphql` for GraphQL, `core` for REST) and carries the
 * `x-ratelimit-*` headers; a spent budget gets GitHub's 403 (`x-ratelimit-remaining: 0`, what
 * Octokit's throttling plugin waits on); a GET whose `If-None-Match`/`If-Modified-Since` still
 * holds gets a 304 that is not counted, as GitHub does.
 */
export const limited =
  (handler: Handler<GithubState>): Handler<GithubState> =>
  (ctx) => {
    const resource = ctx.call.path === '/graphql' ? 'graphql' : 'core'
    const window = ctx.rates.windowOf(accountOf(ctx), resource, ctx.nowMs, RATE_LIMIT)
    if (remainingOf(window) === 0)
      return githubError(
        403,
        `API rate limit exceeded for user ID ${ctx.state.user.id}.`,
        [...headersOf(ctx), ...rateLimitHeaders(window)],
        {},
        DOCS_OF.rateLimits,
      )
    const found = handler(ctx)
    const checked = conditional(ctx.call, found, updatedAtOf(found.body as Uint8Array | null))
    const after = checked.notModified ? window : ctx.rates.spend(accountOf(ctx), window)
    return { ...checked.answer, headers: [...checked.answer.headers, ...rateLimitHeaders(after)] }
  }
