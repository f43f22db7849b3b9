import { isAnswer } from '../kit/http.js'
import { BadArgument, booleanArg, stringArg } from './args.js'
import { slackPage } from './paging.js'
import { createdChannel, emailOf, member, type SlackChannel } from './representations.js'
import { type Ctx, fail, findChannel, invalidArguments, ok } from './state.js'

/**
 * Lookups an SDK makes before it acts: a channel's info and members, joining a channel, a user by
 * id or e-mail address. Public channels hold every human member; a private one only its creator.
 */

/** The member ids of a channel, in workspace order. */
export function channelMembers(ctx: Ctx, found: SlackChannel): string[] {
  if (found.is_private) return [found.creator]
  return ctx.state.members.filter((m) => !m.is_bot).map((m) => m.id)
}

/** The `channel` argument as a known channel, or the error to answer. */
function channelArg(ctx: Ctx) {
  const ref = stringArg(ctx.args, 'channel')
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  return (ref ? findChannel(ctx, ref, false) : undefined) ?? fail(ctx, 'channel_not_found')
}

/** conversations.info: the channel with its read state; `num_members` only when asked. */
export function conversationInfo(ctx: Ctx) {
  const found = channelArg(ctx)
  if (isAnswer(found)) return found
  const withCount = booleanArg(ctx.args, 'include_num_members')
  if (withCount instanceof BadArgument) return invalidArguments(ctx, withCount.message)
  const { num_members, ...rest } = createdChannel(found)
  return ok(ctx, { channel: withCount === true ? { ...rest, num_members } : rest })
}

/** conversations.members: member ids, cursor-paged by position. */
export function conversationMembers(ctx: Ctx) {
  const found = channelArg(ctx)
  if (isAnswer(found)) return found
  const paged = slackPage(ctx, channelMembers(ctx, found), 'member', String, { fallback: 100, max: 1000 })
  if (isAnswer(paged)) return paged
  return ok(ctx, { members: paged.page, response_metadata: { next_cursor: paged.next } })
}

/**
 * conversations.join: the token's user is already in every public channel (the workspace's owner
 * made them), so Slack's `already_in_channel` warning comes with the channel; private channels
 * cannot be joined.
 */
export function joinConversation(ctx: Ctx) {
  const found = channelArg(ctx)
  if (isAnswer(found)) return found
  if (found.is_private) return fail(ctx, 'method_not_supported_for_channel_type')
  if (found.is_archived) return fail(ctx, 'is_archived')
  return ok(ctx, {
    channel: createdChannel(found),
    warning: 'already_in_channel',
    response_metadata: { warnings: ['already_in_channel'] },
  })
}

const withEmail = (ctx: Ctx) => ctx.scopes.includes('users:read.email')

/** users.info: one member, as users.list shows them. */
export function userInfo(ctx: Ctx) {
  const id = stringArg(ctx.args, 'user')
  if (id instanceof BadArgument) return invalidArguments(ctx, id.message)
  const found = ctx.state.members.find((m) => m.id === id)
  if (!found) return fail(ctx, 'user_not_found')
  return ok(ctx, { user: member(found, ctx.state.team, withEmail(ctx)) })
}

/** users.lookupByEmail: the member with that address (case-insensitive), else `users_not_found`. */
export function userByEmail(ctx: Ctx) {
  const email = stringArg(ctx.args, 'email')
  if (email instanceof BadArgument) return invalidArguments(ctx, email.message)
  if (!email) return fail(ctx, 'invalid_email')
  const { team } = ctx.state
  const found = ctx.state.members.find((m) => !m.is_bot && emailOf(m, team) === email.trim().toLowerCase())
  if (!found) return fail(ctx, 'users_not_found')
  return ok(ctx, { user: member(found, team, true) })
}
