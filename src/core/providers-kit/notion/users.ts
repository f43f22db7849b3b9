import type { ProxyAnswer } from '../../proxy/answerers.js'
import { type Ctx, type Json, notFound, ok } from './context.js'

const bot = (ctx: Ctx): Json => ({
  object: 'user',
  id: ctx.state.botId,
  name: 'Switchyard integration',
  avatar_url: null,
  type: 'bot',
  bot: { owner: { type: 'workspace', workspace: true }, workspace_name: ctx.state.workspace },
})

const owner = (ctx: Ctx): Json => ({
  object: 'user',
  id: ctx.state.ownerId,
  name: 'Workspace Owner',
  avatar_url: null,
  type: 'person',
  person: { email: `owner@${ctx.call.connection.tenant_id}.example` },
})

/** GET /v1/users/me: the integration's bot user. */
export const usersMe = (ctx: Ctx): ProxyAnswer => ok(ctx, bot(ctx))

/** GET /v1/users: the workspace's members (its owner) and the bot, in one page. */
export const listUsers = (ctx: Ctx): ProxyAnswer =>
  ok(ctx, {
    object: 'list',
    results: [owner(ctx), bot(ctx)],
    next_cursor: null,
    has_more: false,
    type: 'user',
    user: {},
  })

/** GET /v1/users/:id */
export function retrieveUser(ctx: Ctx): ProxyAnswer {
  const user = [bot(ctx), owner(ctx)].find((u) => u.id === ctx.params.id)
  return user ? ok(ctx, user) : notFound(ctx, 'user', ctx.params.id!)
}
