import { isAnswer } from '../kit/http.js'
import { arrayArg, BadArgument, stringArg } from './args.js'
import { channelMembers } from './people.js'
import { messageArg } from './reactions.js'
import { microsOf, type SlackMessage } from './representations.js'
import { type Ctx, emitEvent, fail, findChannel, invalidArguments, nextTs, ok, putMessage } from './state.js'

/** Slack truncates longer texts; it refuses them past this many characters. */
const MAX_TEXT = 40_000

/** The content arguments of a message (text; blocks and attachments, as `rich`), or the error to answer. */
function contentOf(ctx: Ctx) {
  const text = stringArg(ctx.args, 'text')
  if (text instanceof BadArgument) return invalidArguments(ctx, text.message)
  const blocks = arrayArg(ctx.args, 'blocks')
  if (blocks instanceof BadArgument) return fail(ctx, 'invalid_blocks', { errors: [blocks.message] })
  const attachments = arrayArg(ctx.args, 'attachments')
  if (attachments instanceof BadArgument) return fail(ctx, 'invalid_attachments')
  if (!text?.trim() && !blocks?.length && !attachments?.length) return fail(ctx, 'no_text')
  if (text && text.length > MAX_TEXT) return fail(ctx, 'msg_too_long')
  return { text, rich: { ...(blocks && { blocks }), ...(attachments && { attachments }) } }
}

/** chat.postMessage: a message from the token's user in a channel (named by id or `#name`). */
export function postMessage(ctx: Ctx) {
  const ref = stringArg(ctx.args, 'channel')
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  const channel = ref ? findChannel(ctx, ref, true) : undefined
  if (!channel) return fail(ctx, 'channel_not_found')
  const content = contentOf(ctx)
  if (isAnswer(content)) return content
  const ts = nextTs(ctx)
  const message: SlackMessage = {
    type: 'message',
    user: ctx.state.user_id,
    text: content.text ?? '',
    ts,
    team: ctx.state.team.id,
    ...content.rich,
  }
  putMessage(ctx, channel.id, microsOf(ts)!, message)
  ctx.saveState(ctx.state)
  emitEvent(ctx, { type: 'message', message, channel: channel.id })
  return ok(ctx, { channel: channel.id, ts, message })
}

/** chat.update: a new text (or blocks) for one of the token user's own messages. */
export function updateMessage(ctx: Ctx) {
  const found = messageArg(ctx, 'ts')
  if (isAnswer(found)) return found
  const { channel, at, message: before } = found
  if (before.user !== ctx.state.user_id) return fail(ctx, 'cant_update_message')
  const content = contentOf(ctx)
  if (isAnswer(content)) return content
  const edited = nextTs(ctx)
  const after: SlackMessage = {
    ...before,
    text: content.text ?? before.text,
    ...content.rich,
    edited: { user: ctx.state.user_id, ts: edited },
  }
  putMessage(ctx, channel.id, at, after)
  ctx.saveState(ctx.state)
  emitEvent(ctx, {
    type: 'message_changed',
    message: after,
    previous: before,
    channel: channel.id,
    ts: edited,
  })
  return ok(ctx, { channel: channel.id, ts: before.ts, text: after.text, message: after })
}

/** chat.delete: removes one of the token user's own messages (its slot keeps the ts taken). */
export function deleteMessage(ctx: Ctx) {
  const found = messageArg(ctx, 'ts')
  if (isAnswer(found)) return found
  if (found.message.user !== ctx.state.user_id) return fail(ctx, 'cant_delete_message')
  ctx.objects.put('message', found.channel.id, found.at, null)
  return ok(ctx, { channel: found.channel.id, ts: found.message.ts })
}

/**
 * chat.postEphemeral: a message only `user` sees; Slack keeps no copy in the history, so neither
 * does the simulation. The user must be in the channel.
 */
export function postEphemeral(ctx: Ctx) {
  const ref = stringArg(ctx.args, 'channel')
  const user = stringArg(ctx.args, 'user')
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  if (user instanceof BadArgument) return invalidArguments(ctx, user.message)
  const channel = ref ? findChannel(ctx, ref, true) : undefined
  if (!channel) return fail(ctx, 'channel_not_found')
  if (!ctx.state.members.some((m) => m.id === user)) return fail(ctx, 'user_not_found')
  if (!channelMembers(ctx, channel).includes(user!)) return fail(ctx, 'user_not_in_channel')
  const content = contentOf(ctx)
  if (isAnswer(content)) return content
  const ts = nextTs(ctx)
  ctx.saveState(ctx.state)
  return ok(ctx, { message_ts: ts })
}
