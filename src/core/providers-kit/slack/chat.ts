import { arrayArg, BadArgument, stringArg } from './args.js'
import { microsOf, type SlackMessage } from './representations.js'
import { type Ctx, emitEvent, fail, findChannel, invalidArguments, nextTs, ok, putMessage } from './state.js'

/** Slack truncates longer texts; it refuses them past this many characters. */
const MAX_TEXT = 40_000

/** The content arguments of a message (text, blocks, attachments), or the error to answer. */
function contentOf(ctx: Ctx) {
  const text = stringArg(ctx.args, 'text')
  if (text instanceof BadArgument) return invalidArguments(ctx, text.message)
  const blocks = arrayArg(ctx.args, 'blocks')
  if (blocks instanceof BadArgument) return fail(ctx, 'invalid_blocks', { errors: [blocks.message] })
  const attachments = arrayArg(ctx.args, 'attachments')
  if (attachments instanceof BadArgument) return fail(ctx, 'invalid_attachments')
  if (!text?.trim() && !blocks?.length && !attachments?.length) return fail(ctx, 'no_text')
  if (text && text.length > MAX_TEXT) return fail(ctx, 'msg_too_long')
  return { text, blocks, attachments }
}
const isAnswer = (v: ReturnType<typeof contentOf>): v is Exclude<typeof v, { text: unknown }> => 'mode' in v

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
    ...(content.blocks && { blocks: content.blocks }),
    ...(content.attachments && { attachments: content.attachments }),
  }
  putMessage(ctx, channel.id, microsOf(ts)!, message)
  ctx.saveState(ctx.state)
  emitEvent(ctx, { type: 'message', message, channel: channel.id })
  return ok(ctx, { channel: channel.id, ts, message })
}

/** chat.update: a new text (or blocks) for one of the token user's own messages. */
export function updateMessage(ctx: Ctx) {
  const ref = stringArg(ctx.args, 'channel')
  const ts = stringArg(ctx.args, 'ts')
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  if (ts instanceof BadArgument) return invalidArguments(ctx, ts.message)
  const channel = ref ? findChannel(ctx, ref, false) : undefined
  if (!channel) return fail(ctx, 'channel_not_found')
  const at = ts ? microsOf(ts) : undefined
  const text = at === undefined ? undefined : ctx.objects.get('message', channel.id, at)
  if (!text) return fail(ctx, 'message_not_found')
  const before = JSON.parse(text) as SlackMessage
  if (before.user !== ctx.state.user_id) return fail(ctx, 'cant_update_message')
  const content = contentOf(ctx)
  if (isAnswer(content)) return content
  const edited = nextTs(ctx)
  const after: SlackMessage = {
    ...before,
    text: content.text ?? before.text,
    ...(content.blocks && { blocks: content.blocks }),
    ...(content.attachments && { attachments: content.attachments }),
    edited: { user: ctx.state.user_id, ts: edited },
  }
  putMessage(ctx, channel.id, at!, after)
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
