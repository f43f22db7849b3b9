import { z } from 'zod'
import { describeRef } from '../common/describe-ref.js'
import { SignatureSchemeSchema } from '../providers/providers.schema.js'

export const TriggerSchema = z
  .object({
    provider: z.string().min(1).max(63).meta({ example: 'stripe' }),
    type: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.:/-]+$/, 'letters, digits and . _ : / -')
      .meta({
        example: 'invoice.paid',
        description:
          "The provider's event type (`push`, `orders/create`, …), or the name of a webhook its OpenAPI document declares (3.1 `webhooks`).",
      }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description: 'Deep-merged over the sample body (objects merge, anything else replaces).',
        example: { data: { object: { amount_paid: 4200 } } },
      }),
  })
  .strict()
  .meta({ id: 'TriggerRequest' })
export type Trigger = z.infer<typeof TriggerSchema>

export const TriggerTypesQuerySchema = z.object({
  provider: z.string().min(1).max(63).optional().meta({ description: 'Only this provider’s types.' }),
})

export const TriggerTypesSchema = z
  .object({
    data: z.array(
      z.object({
        provider: z
          .string()
          .nullable()
          .meta({ description: 'The provider; null for a whole signature scheme.' }),
        signature: describeRef(
          SignatureSchemeSchema.nullable(),
          'Set when the list holds for every provider signing with this scheme (Clerk, Resend, …).',
        ),
        types: z
          .array(z.string())
          .nullable()
          .meta({
            description:
              "The known event types (the provider's OpenAPI document's webhook names first); null when the provider takes any type (a generic JSON event).",
            example: ['push', 'ping', 'pull_request'],
          }),
        actions: z.boolean().meta({
          description: 'Whether a type may add an action after a dot (GitHub: `pull_request.closed`).',
        }),
      }),
    ),
  })
  .meta({
    id: 'TriggerTypes',
    description:
      'Event types `POST /api/events/trigger` has realistic samples for. Any other type is a 400 for these ' +
      'providers; GitHub types may add an action (`pull_request.closed`).',
  })
export type TriggerTypes = z.infer<typeof TriggerTypesSchema>
