import { z } from 'zod'
import { SYNC_RESOURCES } from './sync.repo.js'

const upstreamUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
  .meta({ example: 'https://api.example.com' })

export const StartPullSchema = z
  .object({
    from: upstreamUrl.meta({ description: "The upstream's base URL." }),
    key: z
      .string()
      .max(200)
      .regex(/^sk_\S+$/, 'must be a secret key (sk_…) of the upstream')
      .meta({
        description: 'A secret key of the upstream workspace; used for this pull only, never stored.',
      }),
  })
  .strict()
  .meta({ id: 'StartSyncPull' })
export type StartPull = z.infer<typeof StartPullSchema>

export const StartPushSchema = z
  .object({
    to: upstreamUrl.meta({ description: "The upstream's base URL." }),
    to_workspace: z.string().min(1).max(100).optional().meta({
      description: 'The upstream workspace to deliver into (`?workspace=`); its default when omitted.',
    }),
  })
  .strict()
  .meta({ id: 'StartSyncPush' })
export type StartPush = z.infer<typeof StartPushSchema>

const Counts = z.object({ added: z.number().int(), skipped: z.number().int() })

export const SyncJobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['pull', 'push']),
    status: z.enum(['running', 'succeeded', 'failed']),
    upstream: z.string(),
    pull: z
      .object(
        Object.fromEntries(SYNC_RESOURCES.map((r) => [r, Counts])) as Record<
          (typeof SYNC_RESOURCES)[number],
          typeof Counts
        >,
      )
      .nullable()
      .meta({ description: 'Rows added and already present, per resource (pull jobs).' }),
    push: z
      .object({ pushed: z.number().int(), failed: z.number().int(), total: z.number().int() })
      .nullable()
      .meta({ description: 'Webhooks pushed, refused and to send (push jobs).' }),
    notes: z.array(z.string()),
    error: z.string().nullable(),
    started_at: z.string().datetime(),
    finished_at: z.string().datetime().nullable(),
  })
  .meta({ id: 'SyncJob' })
export type SyncJob = z.infer<typeof SyncJobSchema>
