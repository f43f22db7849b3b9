import type { ProxyAnswer } from '../../proxy/answerer.js'
import { isAnswer } from '../kit/http.js'
import type { Handler, SimulationContext } from '../kit/provider-kit.js'
import { type Args, argsOf } from './args.js'
import { deleteMessage, postEphemeral, postMessage, updateMessage } from './chat.js'
import { conversationHistory, createConversation, listConversations } from './conversations.js'
import { slackError, slackHeaders } from './errors.js'
import { slackPage } from './paging.js'
import { conversationInfo, conversationMembers, joinConversation, userByEmail, userInfo } from './people.js'
import { addReaction, getReactions, removeReaction } from './reactions.js'
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
  const paged = slackPage(ctx, members, 'user', (m) => m.id, { fallback: members.length, max: 1000 })
  if (isAnswer(paged)) return paged
  const withEmail = ctx.scopes.includes('users:read.email')
  return ok(ctx, {
    members: paged.page.map((m) => member(m, team, withEmail)),
    cache_ts: Math.floor(ctx.nowMs / 1000),
    response_metadata: { next_cursor: paged.next },
  })
}

const TYPE_SCOPES: Record<string, string> = {
  public_channel: 'channels:read',
  private_channel: 'groups:read',
  mpim: 'mpim:read',
  im: 'im:read',
}

/** `channels:<what>` for a public channel (or an unknown one), `groups:<what>` for a private one. */
const channelScope =
  (what: 'read' | 'history') =>
  (args: Args, ctx: SimulationContext<SlackState>): string => {
    const id = args.get('channel')
    const known = typeof id === 'string' ? ctx.state.channels[id] : undefined
    return known?.is_private ? `groups:${what}` : `channels:${what}`
  }

/** Any other `family.method` name: Slack's `unknown_method`, whatever the token. */
export const unknownMethod: Handler<SlackState> = (base) =>
  slackError('unknown_method', slackHeaders(base.scopes, '', base.ids))

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
  'conversations.history': method(channelScope('history'), conversationHistory),
  'conversations.info': method(channelScope('read'), conversationInfo),
  'conversations.members': method(channelScope('read'), conversationMembers),
  'conversations.join': method(() => 'channels:join', joinConversation),
  'chat.postMessage': method(() => 'chat:write', postMessage),
  'chat.update': method(() => 'chat:write', updateMessage),
  'chat.delete': method(() => 'chat:write', deleteMessage),
  'chat.postEphemeral': method(() => 'chat:write', postEphemeral),
  'reactions.add': method(() => 'reactions:write', addReaction),
  'reactions.remove': method(() => 'reactions:write', removeReaction),
  'reactions.get': method(() => 'reactions:read', getReactions),
  'users.list': method(() => 'users:read', listUsers),
  'users.info': method(() => 'users:read', userInfo),
  'users.lookupByEmail': method(() => 'users:read.email', userByEmail),
}
