import { createHash } from 'node:crypto'
import type { Connection } from '../../connections/connections.schema.js'
import type { ProviderSimulation } from '../kit/provider-kit.js'
import { slackAnswer, slackHeaders } from './answers.js'
import { METHODS } from './methods.js'
import { type SlackChannel, type SlackMember, type SlackMessage, slackId } from './representations.js'
import { SIMULATED_SCOPES, type SlackState } from './state.js'

/** A Slack API method's path under the API base (`https://slack.com/api`), with or without `/api`. */
const METHOD_PATH = /^\/(?:api\/)?([a-z]+(?:\.[A-Za-z]+)+)$/

const TEAMMATES: ReadonlyArray<Omit<SlackMember, 'id' | 'is_owner' | 'is_bot'>> = [
  {
    name: 'jenny',
    real_name: 'Jenny Rosen',
    title: 'Engineering manager',
    tz: 'America/New_York',
    tz_label: 'Eastern Standard Time',
    tz_offset: -18_000,
  },
  {
    name: 'marcus',
    real_name: 'Marcus Chen',
    title: 'Backend engineer',
    tz: 'Europe/Berlin',
    tz_label: 'Central European Time',
    tz_offset: 3_600,
  },
  {
    name: 'priya',
    real_name: 'Priya Patel',
    title: 'Product designer',
    tz: 'Asia/Kolkata',
    tz_label: 'India Standard Time',
    tz_offset: 19_800,
  },
]

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
 * The simulated Slack Web API (the methods issue 18 lists) with its Events API deliveries. The
 * account is the workspace the token was issued in: its team, user and app come from the
 * connection's metadata when the token response gave them (so events carry the team_id the app
 * stored), else from the connection's id. It starts with #general (a welcome message in it) and
 * #random and four members, as a workspace someone installs an app into would.
 */
export const slackSimulation: ProviderSimulation<SlackState> = {
  provider: 'slack',

  initialState(connection, nowMs) {
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
      verification_token: createHash('sha256').update(`${seed}:verification`).digest('hex').slice(0, 24),
      members: [
        {
          id: userId,
          name: 'admin',
          real_name: `${teamName} Admin`,
          title: 'Workspace owner',
          is_owner: true,
          is_bot: false,
          tz: 'Europe/London',
          tz_label: 'Greenwich Mean Time',
          tz_offset: 0,
        },
        ...TEAMMATES.map((t) => ({
          ...t,
          id: slackId('U', `${seed}:${t.name}`),
          is_owner: false,
          is_bot: false,
        })),
        {
          id: 'USLACKBOT',
          name: 'slackbot',
          real_name: 'Slackbot',
          title: '',
          is_owner: false,
          is_bot: true,
          tz: 'America/Los_Angeles',
          tz_label: 'Pacific Standard Time',
          tz_offset: -28_800,
        },
      ],
      created_ms: Math.floor(nowMs / 1000) * 1000,
      ready: false,
      next_channel: 1,
      last_ts: 0,
      channels: {},
    }
  },

  route(call) {
    if (call.method !== 'GET' && call.method !== 'POST') return undefined
    const m = METHOD_PATH.exec(call.path)
    return m && Object.hasOwn(METHODS, m[1]!) ? METHODS[m[1]!] : undefined
  },

  unauthorized(verdict) {
    const error =
      verdict === 'expired' ? 'token_expired' : verdict === 'revoked' ? 'token_revoked' : 'invalid_auth'
    return slackAnswer(
      { ok: false, error },
      slackHeaders([]).filter(([n]) => !n.startsWith('x-oauth')),
    )
  },

  rateLimited() {
    return slackAnswer(
      { ok: false, error: 'ratelimited' },
      [...slackHeaders([]).filter(([n]) => !n.startsWith('x-')), ['retry-after', '30']],
      429,
    )
  },

  serverError(status) {
    return slackAnswer(
      { ok: false, error: status === 503 ? 'service_unavailable' : 'internal_error' },
      slackHeaders([]).filter(([n]) => !n.startsWith('x-')),
      status,
    )
  },

  accountView(objects, state) {
    const channels = objects
      .page('channel', '', null, 1000, 0, 'asc')
      .rows.map((r) => JSON.parse(r) as SlackChannel)
    const nameOf = (id: string) => state.members.find((m) => m.id === id)?.name ?? id
    const recent: Array<SlackMessage & { channel: string }> = []
    const counts = channels.map((c) => {
      const found = objects.page('message', c.id, null, 10, 0, 'desc')
      for (const row of found.rows) recent.push({ ...(JSON.parse(row) as SlackMessage), channel: c.name })
      return found.total
    })
    recent.sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : 0))
    return [
      {
        title: 'Channels',
        columns: ['Channel', 'ID', 'Visibility', 'Messages'],
        rows: channels.map((c, i) => [
          `#${c.name}`,
          c.id,
          c.is_private ? 'private' : 'public',
          String(counts[i]),
        ]),
      },
      {
        title: 'Recent messages',
        columns: ['Channel', 'From', 'Text', 'ts'],
        rows: recent.slice(0, 10).map((m) => [`#${m.channel}`, `@${nameOf(m.user)}`, m.text, m.ts]),
      },
      {
        title: 'Users',
        columns: ['Name', 'ID', 'Title', 'Role'],
        rows: state.members.map((m) => [
          `@${m.name}`,
          m.id,
          m.title,
          m.is_bot ? 'bot' : m.is_owner ? 'owner (this token)' : 'member',
        ]),
      },
    ]
  },

  exampleCalls: [
    { label: 'Who this token is (auth.test)', method: 'POST', path: '/auth.test' },
    { label: 'List channels', method: 'GET', path: '/conversations.list?limit=20' },
    { label: 'List users', method: 'GET', path: '/users.list?limit=20' },
    {
      label: 'Post a message to #general',
      method: 'POST',
      path: '/chat.postMessage',
      body: { channel: '#general', text: 'Hello from Switchyard :wave:' },
    },
    {
      label: 'Create a channel',
      method: 'POST',
      path: '/conversations.create',
      body: { name: 'switchyard-demo' },
    },
  ],

  ownerScopes: SIMULATED_SCOPES,
  refused: (status, body) => status >= 400 || (body as { ok?: unknown } | null)?.ok !== true,
}
