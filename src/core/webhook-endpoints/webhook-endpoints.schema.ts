import { z } from 'zod'
import { noControlCharacters } from '../common/text.js'
import { TargetUrlSchema } from '../deliveries/deliveries.schema.js'

/** `connection.created`, a prefix pattern `connection.*`, or `*` for every event. */
const EventTypePattern = z
  .string()
  .max(100)
  .regex(
    /^(\*|[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*(\.\*)?)$/,
    'an event type, a prefix like "connection.*", or "*"',
  )

const EventTypes = z.array(EventTypePattern).min(1).max(50)

/** An outbound webhook endpoint: the user's app, subscribed to the gateway's own events. */
export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ example: 'http://127.0.0.1:3000/switchyard-events' }),
    description: z.string().nullable(),
    event_types: z.array(z.string()).nullable().meta({
      description: 'Event types delivered (patterns allowed); null delivers every gateway event.',
    }),
    status: z.enum(['active', 'disabled']),
    disabled_reason: z.string().nullable(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: 'WebhookEndpoint' })
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.and(
  z.object({
    secret: z.string().meta({
      description: 'Standard Webhooks signing secret (`whsec_…`), stable for the life of the endpoint.',
    }),
  }),
).meta({ id: 'WebhookEndpointWithSecret' })
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>

export const CreateWebhookEndpointSchema = z
  .object({
    url: TargetUrlSchema,
    event_types: EventTypes.optional(),
    description: noControlCharacters(z.string().trim().min(1).max(200)).optional(),
  })
  .strict()
  .meta({ id: 'CreateWebhookEndpoint' })
export type CreateWebhookEndpoint = z.infer<typeof CreateWebhookEndpointSchema>

/** PATCH body: send a field to change it, `null` to clear it; `status: active` re-enables. */
export const UpdateWebhookEndpointSchema = z
  .object({
    url: TargetUrlSchema,
    event_types: EventTypes.nullable(),
    description: noControlCharacters(z.string().trim().min(1).max(200)).nullable(),
    status: z.enum(['active', 'disabled']),
  })
  .partial()
  .strict()
  .meta({ id: 'UpdateWebhookEndpoint' })
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>
