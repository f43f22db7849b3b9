import { z } from '@hono/zod-openapi'

export const SignatureVerdictSchema = z.enum(['valid', 'invalid', 'unverified']).openapi('SignatureVerdict')
export type SignatureVerdict = z.infer<typeof SignatureVerdictSchema>

export const EventSourceSchema = z.enum(['webhook', 'gateway', 'upstream']).openapi({
  description:
    'webhook: captured at /webhooks/{provider}; gateway: emitted by the gateway itself; upstream: pulled by sync.',
})

/** An event: a captured inbound webhook (`webhook.received`) or a domain event of the gateway. */
export const EventSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ example: 'connection.created' }),
    source: EventSourceSchema,
    provider: z.string().nullable(),
    tenant_id: z.string().nullable(),
    connection_id: z.string().nullable(),
    installation_id: z.string().nullable(),
    signature: SignatureVerdictSchema.nullable().openapi({
      description: 'Signature verdict of a captured webhook.',
    }),
    data: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'Payload of a domain event.' }),
    created_at: z.string().datetime(),
  })
  .openapi('Event')
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
