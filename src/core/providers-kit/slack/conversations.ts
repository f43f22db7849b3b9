import { isAnswer } from '../kit/http.js'
import { decodeCursor, encodeCursor } from '../kit/pagination.js'
import { storedList } from '../kit/stored-json.js'
import { BadArgument, booleanArg, limitArg, stringArg } from './args.js'
import { slackPage } from './paging.js'
import { createdChannel, microsOf, type SlackChannel, type SlackMessage, tsOf } from './representations.js'
import { addChannel, type Ctx, emitEvent, fail, findChannel, invalidArguments, ok } from './state.js'

const TYPES = new Set(['public_channel', 'private_channel', 'mpim', 'im'])

/** conversations.list: the workspace's channels of the asked types, oldest first, cursor-paged. */
export function listConversations(ctx: Ctx) {
  const types = stringArg(ctx.args, 'types')
  const excludeArchived = booleanArg(ctx.args, 'exclude_archived')
  if (types instanceof BadArgument) return invalidArguments(ctx, types.message)
  if (excludeArchived instanceof BadArgument) return invalidArguments(ctx, excludeArchived.message)
  const wanted = new Set((types || 'public_channel').split(',').map((t) => t.trim()))
  if ([...wanted].some((t) => !TYPES.has(t))) return fail(ctx, 'invalid_types')
  // Channels are few and never deleted: read them all, in creation order.
  const channels = storedList<SlackChannel>(ctx.objects, 'channel', '').filter((c) =>
    wanted.has(c.is_private ? 'private_channel' : 'public_channel'),
  )
  const numOf = (c: SlackChannel) => String(ctx.state.channels[c.id]!.num)
  const paged = slackPage(ctx, channels, 'channel', numOf, { fallback: 100, max: 1000 })
  if (isAnswer(paged)) return paged
  return ok(ctx, { channels: paged.page, response_metadata: { next_cursor: paged.next } })
}

/** Slack's channel name rules, each with its own error. */
function nameError(name: string): string | undefined {
  if (name === '') return 'invalid_name_required'
  if ([...name].length > 80) return 'invalid_name_maxlength'
  if (/^[-_]+$/.test(name)) return 'invalid_name_punctuation'
  if (!/^[\p{Ll}\p{Lo}\p{Nd}_-]+$/u.test(name)) return 'invalid_name_specials'
  return undefined
}

/** conversations.create: a new channel (the caller its creator and only member of a private one). */
export function createConversation(ctx: Ctx) {
  const name = stringArg(ctx.args, 'name')
  const isPrivate = booleanArg(ctx.args, 'is_private')
  if (name instanceof BadArgument) return invalidArguments(ctx, name.message)
  if (isPrivate instanceof BadArgument) return invalidArguments(ctx, isPrivate.message)
  const invalid = nameError(name ?? '')
  if (invalid) return fail(ctx, invalid)
  if (Object.values(ctx.state.channels).some((c) => c.name === name)) return fail(ctx, 'name_taken')
  const created = addChannel(ctx, { name: name!, is_private: isPrivate === true, creator: ctx.state.user_id })
  ctx.saveState(ctx.state)
  // Slack sends channel_created for public channels only.
  if (!created.is_private)
    emitEvent(ctx, { type: 'channel_created', channel: created, ts: tsOf(ctx.nowMs * 1000) })
  return ok(ctx, { channel: createdChannel(created) })
}

/** A `latest`/`oldest` bound in microseconds; null when it is not a ts. */
function bound(ctx: Ctx, name: 'latest' | 'oldest'): number | undefined | null {
  const value = stringArg(ctx.args, name)
  if (value === undefined || value === '') return undefined
  if (value instanceof BadArgument) return null
  return microsOf(value) ?? null
}

/**
 * conversations.history: the channel's messages, newest first, within `oldest`..`latest`
 * (bounds included only when `inclusive`), paged by a `next_ts` cursor so messages posted during
 * a walk never shift it.
 */
export function conversationHistory(ctx: Ctx) {
  const ref = stringArg(ctx.args, 'channel')
  if (ref instanceof BadArgument) return invalidArguments(ctx, ref.message)
  const found = ref ? findChannel(ctx, ref, false) : undefined
  if (!found) return fail(ctx, 'channel_not_found')
  const limit = limitArg(ctx.args, 100, 999)
  if (limit === undefined) return invalidArguments(ctx, '[ERROR] must be an integer [json-pointer:/limit]')
  const latest = bound(ctx, 'latest')
  const oldest = bound(ctx, 'oldest')
  if (latest === null) return fail(ctx, 'invalid_ts_latest')
  if (oldest === null) return fail(ctx, 'invalid_ts_oldest')
  const inclusive = booleanArg(ctx.args, 'inclusive')
  if (inclusive instanceof BadArgument) return invalidArguments(ctx, inclusive.message)
  const cursor = decodeCursor(ctx.args.get('cursor'), 'next_ts')
  const from = cursor === undefined ? undefined : Number(cursor)
  if (cursor === null || (from !== undefined && !Number.isSafeInteger(from)))
    return fail(ctx, 'invalid_cursor')
  const messages = storedList<SlackMessage | null>(ctx.objects, 'message', found.id, { order: 'desc' })
    .filter((m): m is SlackMessage => m !== null)
    .map((m) => ({ m, at: microsOf(m.ts)! }))
    .filter(
      ({ at }) =>
        (latest === undefined || at < latest || (inclusive === true && at === latest)) &&
        (oldest === undefined || at > oldest || (inclusive === true && at === oldest)) &&
        (from === undefined || at <= from),
    )
  const page = messages.slice(0, limit)
  const more = messages.length > limit
  return ok(ctx, {
    messages: page.map(({ m }) => m),
    has_more: more,
    pin_count: 0,
    channel_actions_query_count: 0,
    channel_actions_count: 0,
    ...(latest !== undefined && { latest: tsOf(latest) }),
    ...(oldest !== undefined && { oldest: tsOf(oldest) }),
    ...(more && { response_metadata: { next_cursor: encodeCursor('next_ts', messages[limit]!.at) } }),
  })
}
