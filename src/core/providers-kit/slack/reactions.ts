import type { ProxyAnswer } from '../../proxy/answerers.js'
import { isAnswer } from '../kit/http.js'
import { storedOne } from '../kit/stored-json.js'
import { BadArgument, stringArg } from './args.js'
import { microsOf, type SlackChannel, type SlackMessage } from './representations.js'
import { type Ctx, fail, findChannel, invalidArguments, ok, putMessage } from './state.js'

/** A stored message named by a channel and a ts argument, with where it lives. */
export interface FoundMessage {
  channel: SlackChannel
  at: number
  message: SlackMessage
}

/**
 * The message `channel` + `tsName` name, or the error to answer. A deleted message is stored as
 * null (its slot kept), so it is `message_not_found` like one that never existed.
 */
export function messageArg(ctx: Ctx, tsName: string): FoundMessage | ProxyAnswer {
  const ref = stringArg(ctx.args, 'channel')
  const ts = stringArg(ctx.args, tsName)
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  if (ts instanceof BadArgument) return invalidArguments(ctx, ts.message)
  const channel = ref ? findChannel(ctx, ref, false) : undefined
  if (!channel) return fail(ctx, 'channel_not_found')
  const at = ts ? microsOf(ts) : undefined
  const message =
    at === undefined ? undefined : storedOne<SlackMessage | null>(ctx.objects, 'message', channel.id, at)
  if (!message) return fail(ctx, 'message_not_found')
  return { channel, at: at!, message }
}

/** An emoji name as Slack takes it (`thumbsup`, `:+1:`, `white_check_mark`). */
function nameArg(ctx: Ctx): string | ProxyAnswer {
  const name = stringArg(ctx.args, 'name')
  if (name instanceof BadArgument) return invalidArguments(ctx, name.message)
  const bare = (name ?? '').replace(/^:|:$/g, '')
  return /^[a-z0-9_+'-]{1,100}$/.test(bare) ? bare : fail(ctx, 'invalid_name')
}

/** reactions.add / reactions.remove: the token user's reaction on a message, once per name. */
function react(adding: boolean) {
  return (ctx: Ctx) => {
    const found = messageArg(ctx, 'timestamp')
    if (isAnswer(found)) return found
    const name = nameArg(ctx)
    if (typeof name !== 'string') return name
    const me = ctx.state.user_id
    const reactions = found.message.reactions ?? []
    const existing = reactions.find((r) => r.name === name)
    if (adding && existing?.users.includes(me)) return fail(ctx, 'already_reacted')
    if (!adding && !existing?.users.includes(me)) return fail(ctx, 'no_reaction')
    const next = adding
      ? existing
        ? reactions.map((r) => (r === existing ? { name, users: [...r.users, me], count: r.count + 1 } : r))
        : [...reactions, { name, users: [me], count: 1 }]
      : reactions
          .map((r) =>
            r === existing ? { name, users: r.users.filter((u) => u !== me), count: r.count - 1 } : r,
          )
          .filter((r) => r.count > 0)
    const { reactions: _old, ...rest } = found.message
    putMessage(ctx, found.channel.id, found.at, next.length ? { ...rest, reactions: next } : rest)
    return ok(ctx, {})
  }
}
export const addReaction = react(true)
export const removeReaction = react(false)

/** reactions.get: the message with its reactions (`full` is accepted; every user is listed). */
export function getReactions(ctx: Ctx) {
  const found = messageArg(ctx, 'timestamp')
  if (isAnswer(found)) return found
  return ok(ctx, { type: 'message', channel: found.channel.id, message: found.message })
}
