import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

/**
 * What `seed demo` puts in a simulated Slack workspace (which starts with #general and #random):
 * channels with a conversation in each, as Web API requests the simulation runs (see
 * Simulation.seed). Messages go to channels by name, which chat.postMessage accepts.
 */
export function demoSlackRequests(): SeedRequest[] {
  const channels: Array<{ name: string; is_private?: boolean; messages: string[] }> = [
    {
      name: 'general',
      messages: ['Morning all! Standup moved to 10:30 today.', 'Reminder: the demo is on Thursday.'],
    },
    {
      name: 'deploys',
      messages: [
        ':rocket: storefront v2.14.0 deployed to production',
        ':white_check_mark: webhooks-worker v1.8.2 deployed to staging',
        ':warning: storefront v2.14.1 rolled back (checkout error rate 4%)',
      ],
    },
    {
      name: 'support',
      messages: [
        'Customer acme-corp reports duplicate order confirmation e-mails.',
        'Looks like the webhook was retried after a timeout; adding an idempotency key.',
      ],
    },
    { name: 'leadership', is_private: true, messages: ['Q3 planning doc is ready for review.'] },
  ]
  const requests: Array<{ method: string; path: string; body?: unknown }> = []
  for (const channel of channels) {
    if (channel.name !== 'general')
      requests.push({
        method: 'POST',
        path: '/conversations.create',
        body: { name: channel.name, is_private: channel.is_private ?? false },
      })
    for (const text of channel.messages)
      requests.push({
        method: 'POST',
        path: '/chat.postMessage',
        body: { channel: `#${channel.name}`, text },
      })
  }
  return requests
}

export const slackSeed: DemoSeed = {
  label: 'Slack',
  made: 'channels, messages',
  scopes: [
    'channels:read',
    'channels:manage',
    'channels:history',
    'groups:read',
    'groups:history',
    'chat:write',
    'users:read',
  ],
  webhookTypes: ['message', 'app_mention', 'reaction_added', 'channel_created'],
  fill: (run) => run(demoSlackRequests()).length,
}
