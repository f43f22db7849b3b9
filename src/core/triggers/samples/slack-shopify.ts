import { type SlackEvent, slackEventCallback, slackUrlVerification } from '../../providers-kit/slack/webhooks.js'
import { channel, type SlackMessage } from '../../providers-kit/slack/representations.js'
import { fake, type SampleBuilder } from './sample.js'

/**
 * A sample Slack event in `team`. `message` and `channel_created` are built by the simulated
 * Slack's own builders (simulation/slack/payloads.ts), so a triggered event and a simulated one
 * look alike; the other types are Slack's documented shapes inside the same envelope.
 */
function slackSample(type: string, nowMs: number, team: string): SlackEvent {
  const user = fake.upper('U', 10)
  const channelId = fake.upper('C', 10)
  const ts = `${fake.seconds(nowMs)}.${String(fake.number(6))}`
  const message: SlackMessage = { type: 'message', user, text: 'Hello from Switchyard :wave:', ts, team }
  switch (type) {
    case 'message':
      return { type, message, channel: channelId }
    case 'channel_created':
      return {
        type,
        channel: channel({
          id: channelId,
          name: 'webhooks',
          is_private: false,
          createdMs: nowMs,
          creator: user,
          team,
          members: 1,
        }),
        ts,
      }
    case 'app_mention':
      return {
        type,
        event: { type, channel: channelId, user, text: '<@U0SWITCHYD> deploy please', ts, event_ts: ts },
      }
    case 'reaction_added':
      return {
        type,
        event: {
          type,
          user,
          reaction: 'tada',
          item: { type: 'message', channel: channelId, ts },
          event_ts: ts,
        },
      }
    case 'team_join':
      return {
        type,
        event: { type, user: { id: user, name: 'jenny', real_name: 'Jenny Rosen' }, event_ts: ts },
      }
    default:
      return { type, event: { type, user, channel: channelId, event_ts: ts } }
  }
}

/** Slack Events API: an `event_callback` envelope around the event (or the `url_verification` challenge). */
export const slack: SampleBuilder = ({ type, nowMs }) => {
  const token = fake.id('verification', 16)
  if (type === 'url_verification') return slackUrlVerification(token, fake.id('challenge', 32))
  const team = fake.upper('T', 10)
  return slackEventCallback(slackSample(type, nowMs, team), {
    teamId: team,
    appId: fake.upper('A', 10),
    userId: fake.upper('U', 10),
    token,
    nowMs,
  })
}

const order = (nowMs: number) => ({
  id: fake.number(13),
  admin_graphql_api_id: `gid://shopify/Order/${fake.number(13)}`,
  name: '#1001',
  order_number: 1001,
  email: 'jenny.rosen@example.com',
  created_at: fake.iso(nowMs),
  currency: 'USD',
  financial_status: 'paid',
  fulfillment_status: null,
  total_price: '49.00',
  subtotal_price: '45.00',
  total_tax: '4.00',
  line_items: [{ id: fake.number(13), title: 'Switchyard mug', quantity: 1, price: '45.00', sku: 'MUG-1' }],
  customer: {
    id: fake.number(13),
    email: 'jenny.rosen@example.com',
    first_name: 'Jenny',
    last_name: 'Rosen',
  },
})

const product = (nowMs: number) => ({
  id: fake.number(13),
  title: 'Switchyard mug',
  handle: 'switchyard-mug',
  status: 'active',
  vendor: 'Switchyard',
  created_at: fake.iso(nowMs),
  updated_at: fake.iso(nowMs),
  variants: [{ id: fake.number(13), price: '45.00', sku: 'MUG-1', inventory_quantity: 12 }],
})

const SHOPIFY: Record<string, (nowMs: number) => Record<string, unknown>> = {
  orders: order,
  products: product,
  customers: (n) => ({
    id: fake.number(13),
    email: 'jenny.rosen@example.com',
    first_name: 'Jenny',
    created_at: fake.iso(n),
  }),
  app: () => ({ id: fake.number(11), name: 'Switchyard demo shop', domain: 'switchyard-demo.myshopify.com' }),
}

/** Shopify: the topic (`orders/create`) in X-Shopify-Topic, the resource itself as the body. */
export const shopify: SampleBuilder = ({ type, nowMs }) => {
  const resource = type.split('/')[0] ?? ''
  return {
    body: SHOPIFY[resource]?.(nowMs) ?? { id: fake.number(13), created_at: fake.iso(nowMs) },
    headers: {
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': type,
      'X-Shopify-Shop-Domain': 'switchyard-demo.myshopify.com',
      'X-Shopify-Webhook-Id': fake.uuid(),
      'X-Shopify-Event-Id': fake.uuid(),
      'X-Shopify-API-Version': '2024-07',
      'X-Shopify-Triggered-At': fake.iso(nowMs),
    },
  }
}
