import { z } from '@hono/zod-openapi'

export const DeliveryKindSchema = z.enum(['forward', 'replay', 'endpoint']).openapi({
  description:
    'forward: `switchyard listen`; replay: `POST /api/events/{id}/replay`; endpoint: an outbound webhook endpoint.',
})

/** One attempt to deliver an event somewhere. */
export const DeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    kind: DeliveryKindSchema,
    endpoint_id: z.string().nullable(),
    target: z.string().openapi({ example: 'http://127.0.0.1:3000/hooks' }),
    attempt: z.number().int().openapi({ description: 'Attempt number for this event and target, from 1.' }),
    status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'HTTP status of the answer; null when none came (refused, timed out).' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    created_at: z.string().datetime(),
  })
  .openapi('Delivery')
export type Delivery = z.infer<typeof DeliverySchema>

/** http(s) URL, as a target to deliver to. */
export const TargetUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
      )
    } catch {
      return false
    }
  }, 'must be an http(s) URL without credentials')

/** What `switchyard listen` reports after each forwarding attempt. */
export const RecordDeliverySchema = z
  .object({
    target: TargetUrlSchema,
    attempt: z.number().int().min(1).max(1000),
    status: z.number().int().min(100).max(599).nullable().optional(),
    error: z.string().max(1000).nullable().optional(),
    duration_ms: z.number().int().min(0).max(86_400_000),
  })
  .strict()
  .openapi('RecordDelivery')
export type RecordDelivery = z.infer<typeof RecordDeliverySchema>

export const ReplaySchema = z
  .object({
    url: TargetUrlSchema.optional().openapi({
      description: 'Where to deliver; defaults to the target of the most recent delivery of this event.',
    }),
  })
  .strict()
  .openapi('ReplayRequest')
export type Replay = z.infer<typeof ReplaySchema>
