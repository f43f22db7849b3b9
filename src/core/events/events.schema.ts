import { z } from 'zod'
import { describeRef } from '../common/describe-ref.js'

export const SignatureVerdictSchema = z
  .enum(['valid', 'invalid', 'unverified'])
  .meta({ id: 'SignatureVerdict' })
export type SignatureVerdict = z.infer<typeof SignatureVerdictSchema>

export const EventSourceSchema = z.enum(['webhook', 'gateway', 'upstream']).meta({
  description:
    'webhook: captured at /webhooks/{provider}; gateway: emitted by the gateway itself; upstream: pulled by sync.',
})

/** An event: a captured inbound webhook (`webhook.received`) or a domain event of the gateway. */
export const EventSchema = z
  .object({
    id: z.string(),
    type: z.string().meta({ example: 'connection.created' }),
    source: EventSourceSchema,
    provider: z.string().nullable(),
    tenant_id: z.string().nullable(),
    connection_id: z.string().nullable(),
    installation_id: z.string().nullable(),
    provider_event_type: z.string().nullable().meta({
      description:
        "The provider's own event type of a captured webhook (GitHub X-GitHub-Event, Stripe/Standard Webhooks `type`, Slack `event.type`, Shopify X-Shopify-Topic), when it can be read.",
      example: 'invoice.paid',
    }),
    signature: describeRef(SignatureVerdictSchema.nullable(), 'Signature verdict of a captured webhook.'),
    data: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        'Payload of a domain event; for a capture, a summary (method, content_type, size, signature_detail, handshake, message_id).',
    }),
    duplicate_of: z
      .string()
      .nullable()
      .meta({
        description:
          'For a capture whose signed message id (Standard Webhooks `webhook-id`, Stripe event id, GitHub delivery id) ' +
          'was already captured with a valid signature in this workspace and provider: the first capture. It stays ' +
          '`valid` (senders retry with the same id). Search `{"duplicate_of":{"eq":null}}` to hide duplicates.',
      }),
    replay_of: z.string().nullable().meta({
      description: 'For an edited replay (`webhook.replayed`): the event it was made from.',
    }),
    created_at: z.string().datetime(),
  })
  .meta({ id: 'Event' })
export type Event = z.infer<typeof EventSchema>

/** What a core service passes to `events.emit`. */
export interface EmitEvent {
  type: string
  provider?: string | null
  tenant_id?: string | null
  connection_id?: string | null
  installation_id?: string | null
  data?: Record<string, unknown> | null
}

/** One header or query parameter, in the order it arrived (names keep their original case). */
export const NameValueSchema = z.object({ name: z.string(), value: z.string() }).meta({ id: 'NameValue' })
export type NameValue = z.infer<typeof NameValueSchema>

/** The exact HTTP request behind a captured webhook. */
export const CapturedRequestSchema = z
  .object({
    method: z.string().meta({ example: 'POST' }),
    path: z.string().meta({ example: '/webhooks/github' }),
    query_string: z.string().meta({ description: 'The raw query string, without the `?`.' }),
    query: z.array(NameValueSchema),
    headers: z.array(NameValueSchema).meta({ description: 'Every header as received, duplicates included.' }),
    content_type: z.string().nullable(),
    size: z.number().int().meta({ description: 'Body size in bytes.' }),
    body: z.string().meta({ description: 'The body: text when it is valid UTF-8, else base64.' }),
    body_encoding: z.enum(['utf8', 'base64']),
    received_at: z.string().datetime(),
  })
  .meta({ id: 'CapturedRequest' })
export type CapturedRequest = z.infer<typeof CapturedRequestSchema>

/** Filters shared by the live stream, the export and the dashboard (the rule: src/shared/event-filter.ts). */
export type { EventFilter } from '../../shared/event-filter.js'
