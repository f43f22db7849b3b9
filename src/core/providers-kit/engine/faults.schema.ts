import { z } from 'zod'

/** The longest latency fault: long enough to trip a client's timeout, short enough not to hang a test run. */
export const MAX_LATENCY_MS = 30_000
/**
 * How many faults one connection keeps: past it, used-up faults make room (oldest first); when all
 * of them are still pending, adding one more is a 409.
 */
export const MAX_FAULTS_PER_CONNECTION = 100
/** How many calls one counted fault may cover. */
export const MAX_FAULT_COUNT = 1_000

const count = z
  .number()
  .int()
  .min(1)
  .max(MAX_FAULT_COUNT)
  .meta({ description: `How many of the next calls it affects (1 to ${MAX_FAULT_COUNT}).`, example: 3 })

export const FaultInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('expire_token') }).strict(),
    z.object({ kind: z.literal('revoke_access') }).strict(),
    z.object({ kind: z.literal('rate_limit'), count }).strict(),
    z
      .object({
        kind: z.literal('server_error'),
        count,
        status: z
          .union([z.literal(500), z.literal(502), z.literal(503)], { error: 'expected 500, 502 or 503' })
          .default(500)
          .meta({ description: 'The status of the error answers: 500, 502 or 503 (default 500).' }),
      })
      .strict(),
    z
      .object({
        kind: z.literal('latency'),
        ms: z
          .number()
          .int()
          .min(1)
          .max(MAX_LATENCY_MS)
          .meta({
            description: `Delay added to each affected call, 1 to ${MAX_LATENCY_MS} ms.`,
            example: 2000,
          }),
        count,
      })
      .strict(),
  ])
  .meta({
    id: 'FaultInput',
    description:
      'A fault for a simulated connection. `expire_token` ends the current access token now (a refresh gives a working one); `revoke_access` ends the access and refresh tokens (the refresh fails and the connection becomes needs_reauth); `rate_limit`, `server_error` and `latency` apply to the next `count` simulated calls.',
  })
export type FaultInput = z.infer<typeof FaultInputSchema>

export const FaultSchema = z
  .object({
    id: z.string().meta({ example: 'flt_3J0vGxS2mQe8' }),
    kind: z.enum(['expire_token', 'revoke_access', 'rate_limit', 'server_error', 'latency']),
    count: z.number().int().nullable().meta({ description: 'Calls it covers; null for token faults.' }),
    remaining: z
      .number()
      .int()
      .meta({ description: 'Calls it still affects (0 once used up; token faults apply at once, so 0).' }),
    status: z.number().int().nullable().meta({ description: 'server_error: the status answered.' }),
    ms: z.number().int().nullable().meta({ description: 'latency: the delay in milliseconds.' }),
    created_at: z.string().datetime(),
  })
  .meta({ id: 'Fault' })
export type Fault = z.infer<typeof FaultSchema>

export const FaultListSchema = z.object({ data: z.array(FaultSchema) }).meta({ id: 'FaultList' })
