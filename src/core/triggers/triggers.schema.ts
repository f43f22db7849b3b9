import { z } from '@hono/zod-openapi'

export const TriggerSchema = z
  .object({
    provider: z.string().min(1).max(63).openapi({ example: 'stripe' }),
    type: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.:/-]+$/, 'letters, digits and . _ : / -')
      .openapi({
        example: 'invoice.paid',
        description: "The provider's event type (`push`, `orders/create`, …).",
      }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description: 'Deep-merged over the sample body (objects merge, anything else replaces).',
        example: { data: { object: { amount_paid: 4200 } } },
      }),
  })
  .strict()
  .openapi('TriggerRequest')
export type Trigger = z.infer<typeof TriggerSchema>
