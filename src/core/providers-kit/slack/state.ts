import type { Connection } from '../../connections/connections.schema.js'
import type { ProxyAnswer } from '../../proxy/answerer.js'
import { hashHex } from '../kit/hash.js'
import { answer } from '../kit/http.js'
import type { SimulationContext } from '../kit/provider-kit.js'
import { storedOne } from '../kit/stored-json.js'
import type { Args } from './args.js'
import { slackError, slackHeaders } from './errors.js'
import {
  channel,
  type SlackChannel,
  type SlackMember,
  type SlackMessage,
  type SlackTeam,
  slackId,
  tsOf,
} from './representations.js'
import { type SlackEvent, slackEventCallback } from './webhooks.js'

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

/** Time zones as users.list shows them. */
const ZONES = {
  london: { tz: 'Europe/London', tz_label: 'Greenwich Mean Time', tz_offset: 0 },
  newYork: { tz: 'America/New_York', tz_label: 'Eastern Standard Time', tz_offset: -18_000 },
  berlin: { tz: 'Europe/Berlin', tz_label: 'Central European Time', tz_offset: 3_600 },
  kolkata: { tz: 'Asia/Kolkata', tz_label: 'India Standard Time', tz_offset: 19_800 },
  losAngeles: { tz: 'America/Los_Angeles', tz_label: 'Pacific Standard Time', tz_offset: -28_800 },
}
type Zone = (typeof ZONES)[keyof typeof ZONES]

/** A member's name, full name, title and time zone. */
type Person = readonly [name: string, realName: string, title: string, zone: Zone]
const TEAMMATES: readonly Person[] = [
  ['jenny', 'Jenny Rosen', 'Engineering manager', ZONES.newYork],
  ['marcus', 'Marcus Chen', 'Backend engineer', ZONES.berlin],
  ['priya', 'Priya Patel', 'Product designer', ZONES.kolkata],
]

/** A member of the workspace; neither its owner nor a bot unless `role` says so. */
const person = (
  id: string,
  [name, real_name, title, zone]: Person,
  role = { is_owner: false, is_bot: false },
): SlackMember => ({ id, name, real_name, title, ...role, ...zone })

const metadataString = (connection: Connection, key: string) => {
  const value = connection.metadata[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A workspace subdomain from a team name: lower-case letters, digits and hyphens. */
const domainOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 21) || 'switchyard'

/**
 * A new workspace: its team, user and app from the connection's metadata when the token response
 * gave them (so events carry the team_id the app stored), else from the connection's id; the
 * owner, three teammates and Slackbot.
 */
export function initialState(connection: Connection, nowMs: number): SlackState {
  const seed = connection.id
  const tenant = connection.tenant_id.replace(/[-_]+/g, ' ').trim() || 'Switchyard'
  const teamName = metadataString(connection, 'team_name') ?? tenant.replace(/^\w/, (c) => c.toUpperCase())
  const userId = metadataString(connection, 'user_id') ?? slackId('U', `${seed}:owner`)
  return {
    team: {
      id: metadataString(connection, 'team_id') ?? slackId('T', seed),
      name: teamName,
      domain: domainOf(teamName),
    },
    user_id: userId,
    app_id: metadataString(connection, 'app_id') ?? slackId('A', `${seed}:app`),
    verification_token: hashHex(`${seed}:verification`, 24),
    members: [
      person(userId, ['admin', `${teamName} Admin`, 'Workspace owner', ZONES.london], {
        is_owner: true,
        is_bot: false,
      }),
      ...TEAMMATES.map((t) => person(slackId('U', `${seed}:${t[0]}`), t)),
      person('USLACKBOT', ['slackbot', 'Slackbot', '', ZONES.losAngeles], { is_owner: false, is_bot: true }),
    ],
    created_ms: Math.floor(nowMs / 1000) * 1000,
    ready: false,
    next_channel: 1,
    last_ts: 0,
    channels: {},
  }
}

/** The scopes the simulated methods check; the account's owner has them all when it is seeded. */
export const SIMULATED_SCOPES = [
  'channels:read',
  'channels:manage',
  'channels:history',
  'channels:join',
  'groups:read',
  'groups:write',
  'groups:history',
  'chat:write',
  'users:read',
  'users:read.email',
  'reactions:read',
  'reactions:write',
] as const

export type Ctx = SimulationContext<SlackState> & { args: Args; accepted: string }

export const ok = (ctx: Ctx, body: Record<string, unknown>): ProxyAnswer =>
  answer(200, { ok: true, ...body }, slackHeaders(ctx.scopes, ctx.accepted, ctx.ids))

export const fail = (ctx: Ctx, error: string, extra: Record<string, unknown> = {}): ProxyAnswer =>
  slackError(error, slackHeaders(ctx.scopes, ctx.accepted, ctx.ids), extra)

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
  return known && storedOne<SlackChannel>(ctx.objects, 'channel', '', known.num)
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
      ids: ctx.ids,
    }),
  )
}
