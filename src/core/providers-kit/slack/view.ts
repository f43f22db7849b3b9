import type { ProviderSimulation } from '../kit/provider-kit.js'
import type { SlackChannel, SlackMessage } from './representations.js'
import type { SlackState } from './state.js'

type View = Required<Pick<ProviderSimulation<SlackState>, 'accountView' | 'exampleCalls'>>

/** The workspace's channels, newest messages and members, for the connection detail view. */
export const slackAccountView: View['accountView'] = (objects, state) => {
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
}

/** The API panel's examples, valid on a fresh workspace. */
export const slackExampleCalls: View['exampleCalls'] = [
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
]
