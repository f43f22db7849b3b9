import { section } from '../kit/account-view.js'
import type { ProviderSimulation } from '../kit/provider-kit.js'
import { storedList } from '../kit/stored-json.js'
import type { SlackChannel, SlackMessage } from './representations.js'
import type { SlackState } from './state.js'

type View = Required<Pick<ProviderSimulation<SlackState>, 'accountView' | 'exampleCalls'>>

/** The workspace's channels, newest messages and members, for the connection detail view. */
export const slackAccountView: View['accountView'] = (objects, state) => {
  const channels = storedList<SlackChannel>(objects, 'channel', '', { limit: 1000 })
  const nameOf = (id: string) => state.members.find((m) => m.id === id)?.name ?? id
  const recent: Array<SlackMessage & { channel: string }> = []
  const counts = channels.map((c) => {
    const found = objects.page('message', c.id, null, 10, 0, 'desc')
    for (const row of found.rows) recent.push({ ...(JSON.parse(row) as SlackMessage), channel: c.name })
    return found.total
  })
  recent.sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : 0))
  return [
    section('Channels', channels, {
      Channel: (c) => `#${c.name}`,
      ID: (c) => c.id,
      Visibility: (c) => (c.is_private ? 'private' : 'public'),
      Messages: (_c, i) => String(counts[i]),
    }),
    section('Recent messages', recent.slice(0, 10), {
      Channel: (m) => `#${m.channel}`,
      From: (m) => `@${nameOf(m.user)}`,
      Text: (m) => m.text,
      ts: (m) => m.ts,
    }),
    section('Users', state.members, {
      Name: (m) => `@${m.name}`,
      ID: (m) => m.id,
      Title: (m) => m.title,
      Role: (m) => (m.is_bot ? 'bot' : m.is_owner ? 'owner (this token)' : 'member'),
    }),
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
