import type { SignatureScheme } from '../../providers/providers.schema.js'
import { WEBHOOK_KITS } from '../../providers-kit/registry.js'
import { KNOWN_TYPES } from './known-types.js'
import { fake, type SampleBuilder } from './sample.js'

const STANDARD_DATA: Record<string, (nowMs: number) => Record<string, unknown>> = {
  'user.created': (n) => ({
    id: fake.id('user', 27),
    object: 'user',
    first_name: 'Jenny',
    last_name: 'Rosen',
    email_addresses: [{ email_address: 'jenny.rosen@example.com' }],
    created_at: n,
  }),
  'email.sent': (n) => ({
    email_id: fake.uuid(),
    from: 'Switchyard <hello@example.com>',
    to: ['jenny.rosen@example.com'],
    subject: 'Your webhook arrived',
    created_at: fake.iso(n),
  }),
}
STANDARD_DATA['user.updated'] = STANDARD_DATA['user.created']!
STANDARD_DATA['email.delivered'] = STANDARD_DATA['email.sent']!

/** Standard Webhooks senders (Clerk, Resend, Svix-based apps): `{type, timestamp, data}`. */
const standard: SampleBuilder = ({ type, nowMs }) => ({
  body: {
    type,
    timestamp: fake.iso(nowMs),
    data: STANDARD_DATA[type]?.(nowMs) ?? { id: fake.id(type.split('.')[0] ?? 'obj', 20) },
  },
  headers: { 'User-Agent': 'Svix-Webhooks/1.0 (sender-switchyard; +https://www.standardwebhooks.com/)' },
})

/** Zoom: `{event, event_ts, payload: {account_id, object}}`. */
const zoom: SampleBuilder = ({ type, nowMs }) => ({
  body: {
    event: type,
    event_ts: nowMs,
    payload: {
      account_id: fake.id('acct', 16),
      object: {
        id: String(fake.number(11)),
        uuid: fake.uuid(),
        topic: 'Switchyard demo',
        start_time: fake.iso(nowMs),
      },
    },
  },
  headers: { 'User-Agent': 'Zoom Marketplace/1.0a' },
})

/** Anything else: a plain JSON event. */
const generic: SampleBuilder = ({ type, nowMs }) => ({
  body: { id: fake.id('evt', 20), type, created_at: fake.iso(nowMs), data: { id: fake.id('obj', 16) } },
  headers: { 'User-Agent': 'Switchyard-Trigger/1.0' },
})

const BY_PROVIDER: Record<string, SampleBuilder> = {
  zoom,
  ...Object.fromEntries(WEBHOOK_KITS.map((kit) => [kit.id, kit.webhooks.sample])),
}
/** A provider's scheme implies its samples: a custom provider signing like GitHub gets GitHub's. */
const BY_SCHEME: Record<SignatureScheme, SampleBuilder> = {
  standard_webhooks: standard,
  ...(Object.fromEntries(WEBHOOK_KITS.map((kit) => [kit.scheme.id, kit.webhooks.sample])) as Record<
    (typeof WEBHOOK_KITS)[number]['scheme']['id'],
    SampleBuilder
  >),
}

/** Which KNOWN_TYPES list a provider's samples follow: its own, else its scheme's, else none (any type). */
export function knownTypesOf(
  provider: string,
  scheme: SignatureScheme | null,
): { key: string; types: readonly string[] } | null {
  const key =
    Object.hasOwn(KNOWN_TYPES, provider) && provider !== 'standard_webhooks'
      ? provider
      : scheme && Object.hasOwn(KNOWN_TYPES, scheme)
        ? scheme
        : null
  return key ? { key, types: KNOWN_TYPES[key]! } : null
}

/** The sample builder for a provider: its own, else the one its signature scheme implies, else generic. */
export function sampleFor(provider: string, scheme: SignatureScheme | null): SampleBuilder {
  return BY_PROVIDER[provider] ?? (scheme ? BY_SCHEME[scheme] : generic)
}
