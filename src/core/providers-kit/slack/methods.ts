import type { ProxyAnswer } from '../../proxy/answerer.js'
import { decodeCursor, encodeCursor } from '../kit/pagination.js'
import type { Handler, SimulationContext } from '../kit/provider-kit.js'
import { type Args, argsOf, limitArg } from './args.js'
import { postMessage, updateMessage } from './chat.js'
import { conversationHistory, createConversation, listConversations } from './conversations.js'
import { slackError, slackHeaders } from './errors.js'
import { member } from './representations.js'
import { type Ctx, ensureWorkspace, fail, ok, type SlackState } from './state.js'

/**
 * A Web API method: reads the arguments (query, form or JSON), makes the workspace's first
 * channels on its first call, then checks the scope the method needs for these arguments (Slack's
 * `missing_scope` with `needed` and `provided`) before the method itself runs.
 */
function method(
  scopeFor: (args: Args, ctx: SimulationContext<SlackState>) => string | null,
  run: (ctx: Ctx) => ProxyAnswer,
): Handler<SlackState> {
  return (base) => {
    const args = argsOf(base.call)
    if (typeof args === 'string') return slackError(args, slackHeaders(base.scopes, '', base.ids))
    const ctx: Ctx = { ...base, args, accepted: '' }
    ensureWorkspace(ctx)
    const needed = scopeFor(args, base)
    ctx.accepted = needed ?? ''
    if (needed && !base.scopes.includes(needed))
      return fail(ctx, 'missing_scope', { needed, provided: base.scopes.join(',') })
    return run(ctx)
  }
}

const authTest = (ctx: Ctx) => {
  const { team, user_id } = ctx.state
  const user = ctx.state.members.find((m) => m.id === user_id)!
  return ok(ctx, {
    url: `https://${team.domain}.slack.com/`,
    team: team.name,
    user: user.name,
    team_id: team.id,
    user_id,
    is_enterprise_install: false,
  })
}

/** users.list: every member (the workspace is small) unless `limit` asks for pages. */
const listUsers = (ctx: Ctx) => {
  const { members, team } = ctx.state
  const limit = limitArg(ctx.args, members.length, 1000)
  if (limit === undefined) return fail(ctx, 'invalid_limit')
  const after = decodeCursor(ctx.args.get('cursor'), 'user')
  const start = after === undefined ? 0 : members.findIndex((m) => m.id === after) + 1
  if (after === null || (after !== undefined && start === 0)) return fail(ctx, 'invalid_cursor')
  const page = members.slice(start, start + limit)
  const more = start + limit < members.length
  const withEmail = ctx.scopes.includes('users:read.email')
  return ok(ctx, {
    members: page.map((m) => member(m, team, withEmail)),
    cache_ts: Math.floor(ctx.nowMs / 1000),
    response_metadata: { next_cursor: more ? encodeCursor('user', page.at(-1)!.id) : '' },
  })
}

const TYPE_SCOPES: Record<string, string> = {
  public_channel: 'channels:read',
  private_channel: 'groups:read',
  mpim: 'mpim:read',
  im: 'im:read',
}

/** The simulated methods by name (`/api/<name>` or `/<name>` under the proxy). */
export const METHODS: Record<string, Handler<SlackState>> = {
  'auth.test': method(() => null, authTest),
  'conversations.list': method((args, ctx) => {
    // Each requested type needs its own read scope; the first one missing is the one named.
    const types = args.get('types')
    const wanted = typeof types === 'string' && types !== '' ? types.split(',').map((t) => t.trim()) : []
    const scopes = (wanted.length ? wanted : ['public_channel']).map((t) => TYPE_SCOPES[t])
    const missing = scopes.find((s) => s !== undefined && !ctx.scopes.includes(s))
    return missing ?? scopes.find((s) => s !== undefined) ?? 'channels:read'
  }, listConversations),
  'conversations.create': method(
    (args) =>
      ['true', '1', true, 1].includes(args.get('is_private') as string) ? 'groups:write' : 'channels:manage',
    createConversation,
  ),
  'conversations.history': method((args, ctx) => {
    const id = args.get('channel')
    const known = typeof id === 'string' ? ctx.state.channels[id] : undefined
    return known?.is_private ? 'groups:history' : 'channels:history'
  }, conversationHistory),
  'chat.postMessage': method(() => 'chat:write', postMessage),
  'chat.update': method(() => 'chat:write', updateMessage),
  'users.list': method(() => 'users:read', listUsers),
}
