import { WEBHOOK_KITS } from '../providers-kit/registry.js'
import { printable } from './derived-text.js'
import type { HeaderLookup } from './header-lookup.js'

/** Headers providers put their event type in, most specific first (the provider kits' first). */
const TYPE_HEADERS = [
  ...WEBHOOK_KITS.flatMap((kit) => ('typeHeader' in kit.webhooks ? [kit.webhooks.typeHeader] : [])),
  'x-gitlab-event',
  'x-shopify-topic',
  'x-event-key',
  'x-event-type',
  'x-webhook-event',
]
/** Body fields that commonly carry it (Stripe and Standard Webhooks `type`, Zoom `event`, Jira `webhookEvent`, …). */
const TYPE_FIELDS = ['type', 'event_type', 'eventType', 'event', 'webhookEvent', 'topic']
const MAX_LENGTH = 200
/** Bigger bodies are not parsed just to find a type. */
const MAX_PARSE_BYTES = 1024 * 1024

/** Control characters are stripped: the type is shown in lists and printed by the CLI. */
const clean = (value: unknown): string | null =>
  typeof value === 'string' ? printable(value, MAX_LENGTH) : null

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Parses a JSON object body (or Slack's form-encoded `payload=`), or returns undefined. */
export function parseJsonBody(contentType: string | null, body: Buffer): unknown {
  if (body.length === 0 || body.length > MAX_PARSE_BYTES) return undefined
  try {
    if (contentType?.includes('application/x-www-form-urlencoded')) {
      const payload = new URLSearchParams(body.toString('utf8')).get('payload')
      return payload ? JSON.parse(payload) : undefined
    }
    const first = body.subarray(0, 64).toString('utf8').trimStart()[0]
    return first === '{' || first === '[' ? JSON.parse(body.toString('utf8')) : undefined
  } catch {
    return undefined
  }
}

/** The provider's own name for what happened (`push`, `invoice.paid`, `orders/create`), if it says. */
export function providerEventType(header: HeaderLookup, json: () => unknown): string | null {
  for (const name of TYPE_HEADERS) {
    const value = clean(header(name))
    if (value) return value
  }
  const parsed = json()
  // The provider kits' own shapes (Slack's envelope, HubSpot's batch) before the common fields.
  for (const kit of WEBHOOK_KITS) {
    if (!('typeFromBody' in kit.webhooks)) continue
    const value = kit.webhooks.typeFromBody(parsed)
    if (value === null) return null
    const found = clean(value)
    if (found) return found
  }
  const body = record(parsed)
  if (!body) return null
  for (const name of TYPE_FIELDS) {
    const value = clean(body[name])
    if (value) return value
  }
  return null
}
