import { fake, type SampleBuilder } from './sample.js'

const slackEvent = (type: string, nowMs: number, user: string, channel: string): Record<string, unknown> => {
  const ts = `${fake.seconds(nowMs)}.${String(fake.number(6))}`
  switch (type) {
    case 'message':
      return {
        type,
        channel,
        user,
        text: 'Hello from Switchyard :wave:',
        ts,
        event_ts: ts,
        channel_type: 'channel',
      }
    case 'app_mention':
      return { type, channel, user, text: '<@U0SWITCHYD> deploy please', ts, event_ts: ts }
    case 'reaction_added':
      return { type, user, reaction: 'tada', item: { type: 'message', channel, ts }, event_ts: ts }
    case 'team_join':
      return { type, user: { id: user, name: 'jenny', real_name: 'Jenny Rosen' }, event_ts: ts }
    case 'channel_created':
      return {
        type,
        channel: { id: channel, name: 'webhooks', created: fake.seconds(nowMs), creator: user },
        event_ts: ts,
      }
    default:
      return { type, user, channel, event_ts: ts }
  }
}

/** Slack Events API: an `event_callback` envelope around the event (or the `url_verification` challenge). */
export const slack: SampleBuilder = ({ type, nowMs }) => {
  const headers = { 'User-Agent': 'Slackbot 1.0 (+https://api.slack.com/robots)' }
  const token = fake.id('verification', 16)
  if (type === 'url_verification') {
    return { body: { token, challenge: fake.id('challenge', 32), type }, headers }
  }
  const team = fake.upper('T', 10)
  const user = fake.upper('U', 10)
  const channel = fake.upper('C', 10)
  return {
    body: {
      token,
      team_id: team,
      api_app_id: fake.upper('A', 10),
      event: slackEvent(type, nowMs, user, channel),
      type: 'event_callback',
      event_id: fake.upper('Ev', 10),
      event_time: fake.seconds(nowMs),
      authorizations: [{ team_id: team, user_id: fake.upper('U', 10), is_bot: true }],
      is_ext_shared_channel: false,
    },
    headers,
  }
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
