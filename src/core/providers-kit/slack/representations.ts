import { createHash } from 'node:crypto'

/**
 * Slack's objects as the Web API returns them (conversation, message, user), built from the
 * simulated account's facts. The Events API payloads (payloads.ts) carry the same objects.
 */

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A Slack-style id (`C0A1B2C3D4E`): a prefix and ten upper-case characters derived from `seed`. */
export function slackId(prefix: string, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest()
  return `${prefix}${Array.from(bytes.subarray(0, 10), (b) => ID_ALPHABET[b % 36]).join('')}`
}

/** A message timestamp from microseconds since the epoch: `1717171717.000123`. */
export const tsOf = (micros: number): string =>
  `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`

/** The microseconds a well-formed `ts` names, or undefined. */
export function microsOf(ts: string): number | undefined {
  const m = /^(\d{1,10})(?:\.(\d{1,6}))?$/.exec(ts)
  if (!m) return undefined
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'))
}

export interface SlackTeam {
  id: string
  name: string
  domain: string
}

/** A member of the simulated workspace (what users.list shows). */
export interface SlackMember {
  id: string
  name: string
  real_name: string
  title: string
  is_owner: boolean
  is_bot: boolean
  tz: string
  tz_label: string
  tz_offset: number
}

/** A conversation as conversations.list shows it. */
export type SlackChannel = ReturnType<typeof channel>

export interface SlackMessage {
  type: 'message'
  user: string
  text: string
  ts: string
  team: string
  blocks?: unknown[]
  attachments?: unknown[]
  edited?: { user: string; ts: string }
  reactions?: Array<{ name: string; users: string[]; count: number }>
}

export function channel(input: {
  id: string
  name: string
  is_private: boolean
  is_general?: boolean
  createdMs: number
  creator: string
  team: string
  purpose?: string
  members: number
}) {
  const created = Math.floor(input.createdMs / 1000)
  return {
    id: input.id,
    name: input.name,
    is_channel: true,
    is_group: input.is_private,
    is_im: false,
    is_mpim: false,
    is_private: input.is_private,
    created,
    is_archived: false,
    is_general: input.is_general ?? false,
    unlinked: 0,
    name_normalized: input.name,
    is_shared: false,
    is_org_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [] as string[],
    context_team_id: input.team,
    updated: input.createdMs,
    parent_conversation: null,
    creator: input.creator,
    is_ext_shared: false,
    shared_team_ids: [input.team],
    pending_connected_team_ids: [] as string[],
    is_member: true,
    topic: { value: '', creator: '', last_set: 0 },
    purpose: input.purpose
      ? { value: input.purpose, creator: input.creator, last_set: created }
      : { value: '', creator: '', last_set: 0 },
    previous_names: [] as string[],
    num_members: input.members,
  }
}

/** conversations.create answers with a few read-state fields that conversations.list leaves out. */
export const createdChannel = (c: SlackChannel) => ({
  ...c,
  last_read: '0000000000.000000',
  latest: null,
  unread_count: 0,
  unread_count_display: 0,
  priority: 0,
})

const AVATAR = 'https://secure.gravatar.com/avatar/'

/** A member's address in the simulated workspace (what users.lookupByEmail finds). */
export const emailOf = (m: SlackMember, team: SlackTeam) => `${m.name}@${team.domain}.example.com`

/** A users.list member; the e-mail address only for tokens with `users:read.email`, as Slack does. */
export function member(m: SlackMember, team: SlackTeam, withEmail: boolean) {
  const hash = createHash('md5').update(m.id).digest('hex')
  const images = Object.fromEntries(
    [24, 32, 48, 72, 192, 512].map((size) => [`image_${size}`, `${AVATAR}${hash}.jpg?s=${size}&d=identicon`]),
  )
  return {
    id: m.id,
    team_id: team.id,
    name: m.name,
    deleted: false,
    color: m.is_bot ? '757575' : '9f69e7',
    real_name: m.real_name,
    tz: m.tz,
    tz_label: m.tz_label,
    tz_offset: m.tz_offset,
    profile: {
      title: m.title,
      phone: '',
      skype: '',
      real_name: m.real_name,
      real_name_normalized: m.real_name,
      display_name: m.is_bot ? '' : m.name,
      display_name_normalized: m.is_bot ? '' : m.name,
      fields: null,
      status_text: '',
      status_emoji: '',
      status_expiration: 0,
      avatar_hash: hash.slice(0, 12),
      ...(withEmail && !m.is_bot && { email: emailOf(m, team) }),
      first_name: m.real_name.split(' ')[0] ?? m.real_name,
      last_name: m.real_name.split(' ').slice(1).join(' '),
      ...images,
      team: team.id,
    },
    is_admin: m.is_owner,
    is_owner: m.is_owner,
    is_primary_owner: m.is_owner,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: m.is_bot,
    is_app_user: false,
    updated: 1_700_000_000,
    is_email_confirmed: !m.is_bot,
    who_can_share_contact_card: 'EVERYONE',
  }
}
