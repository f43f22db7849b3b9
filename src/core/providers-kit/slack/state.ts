import type { ProxyAnswer } from '../../proxy/answerers.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { type Args, slackAnswer, slackError, slackHeaders } from './answers.js'
import { type SlackEvent, slackEventCallback } from './payloads.js'
import {
  channel,
  type SlackChannel,
  type SlackMember,
  type SlackMessage,
  type SlackTeam,
  slackId,
  tsOf,
} from './representations.js'

/** The simulated workspace: its team, members and counters (channels and messages are objects). */
export interface SlackState {
  team: SlackTeam
  /** The token's user. */
  user_id: string
  app_id: string
  verification_token: string
  members: SlackMember[]
  created_ms: number
  /** Whether #general and #random exist yet (they are made on the account's first call). */
  ready: boolean
  next_channel: number
  /** The newest message ts handed out, in microseconds (each is unique and later than the last). */
  last_ts: number
  /** Channel id → its object number, name and visibility. */
  channels: Record<string, { num: number; name: string; is_private: boolean }>
}

/** The scopes the simulated methods check; the account's owner has them all when it is seeded. */
export const SIMULATED_SCOPES = [
  'channels:read',
  'channels:manage',
  'channels:history',
  'groups:read',
  'groups:write',
  'groups:history',
  'chat:write',
  'users:read',
  'users:read.email',
] as const

export type Ctx = SimulationContext<SlackState> & { args: Args; accepted: string }

export const ok = (ctx: Ctx, body: Record<string, unknown>): ProxyAnswer =>
  slackAnswer({ ok: true, ...body }, slackHeaders(ctx.scopes, ctx.accepted))

export const fail = (ctx: Ctx, error: string, extra: Record<string, unknown> = {}): ProxyAnswer =>
  slackError(error, slackHeaders(ctx.scopes, ctx.accepted), extra)

/** `invalid_arguments` with Slack's `response_metadata.messages`. */
export const invalidArguments = (ctx: Ctx, message: string) =>
  fail(ctx, 'invalid_arguments', { response_metadata: { messages: [message] } })

/** A fresh ts for a message or an edit. */
export function nextTs(ctx: Ctx): string {
  const micros = Math.max(ctx.nowMs * 1000, ctx.state.last_ts + 1)
  ctx.state.last_ts = micros
  return tsOf(micros)
}

export const humans = (state: SlackState) => state.members.filter((m) => !m.is_bot).length

/** Stores a new channel and indexes it in the state (the caller saves the state). */
export function addChannel(
  ctx: Ctx,
  input: { name: string; is_private: boolean; is_general?: boolean; purpose?: string; creator: string },
): SlackChannel {
  const { state } = ctx
  const num = state.next_channel
  state.next_channel += 1
  const created = channel({
    id: slackId('C', `${ctx.call.connection.id}:channel:${num}`),
    name: input.name,
    is_private: input.is_private,
    createdMs: input.is_general ? state.created_ms : ctx.nowMs,
    creator: input.creator,
    team: state.team.id,
    members: input.is_private ? 1 : humans(state),
    ...(input.is_general !== undefined && { is_general: input.is_general }),
    ...(input.purpose !== undefined && { purpose: input.purpose }),
  })
  state.channels[created.id] = { num, name: created.name, is_private: created.is_private }
  ctx.objects.put('channel', '', num, created, created.is_private ? 'private' : 'public')
  return created
}

export const putMessage = (ctx: Ctx, channelId: string, micros: number, message: SlackMessage) =>
  ctx.objects.put('message', channelId, micros, message)

/** #general (with a welcome from a teammate) and #random, made on the account's first call. */
export function ensureWorkspace(ctx: Ctx): void {
  const { state } = ctx
  if (state.ready) return
  const owner = state.user_id
  const general = addChannel(ctx, {
    name: 'general',
    is_private: false,
    is_general: true,
    creator: owner,
    purpose: 'This is the one channel that will always include everyone.',
  })
  addChannel(ctx, {
    name: 'random',
    is_private: false,
    creator: owner,
    purpose: 'A place for non-work-related flimflam.',
  })
  const teammate = state.members.find((m) => !m.is_owner && !m.is_bot) ?? state.members[0]!
  const micros = state.created_ms * 1000
  state.last_ts = Math.max(state.last_ts, micros)
  putMessage(ctx, general.id, micros, {
    type: 'message',
    user: teammate.id,
    text: `Welcome to ${state.team.name} on Slack, everyone! :wave:`,
    ts: tsOf(micros),
    team: state.team.id,
  })
  state.ready = true
  ctx.saveState(state)
}

/** A channel by id (or by name, `#name` or `name`, where the method takes one). */
export function findChannel(ctx: Ctx, ref: string, byName: boolean): SlackChannel | undefined {
  const { channels } = ctx.state
  let known = channels[ref]
  if (!known && byName) {
    const name = ref.replace(/^#/, '')
    const id = Object.keys(channels).find((k) => channels[k]!.name === name)
    known = id ? channels[id] : undefined
  }
  const text = known && ctx.objects.get('channel', '', known.num)
  return text ? (JSON.parse(text) as SlackChannel) : undefined
}

/** Queues the Events API delivery of an event in this workspace. */
export function emitEvent(ctx: Ctx, event: SlackEvent): void {
  const { state } = ctx
  ctx.emit(
    slackEventCallback(event, {
      teamId: state.team.id,
      appId: state.app_id,
      userId: state.user_id,
      token: state.verification_token,
      nowMs: ctx.nowMs,
    }),
  )
}
