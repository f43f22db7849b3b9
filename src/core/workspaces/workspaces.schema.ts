import { z } from 'zod'
import { MAX_REDIRECT_ORIGINS, RedirectOriginSchema } from './redirect-origins.js'
import { TIERS } from './tiers.js'

export const TierSchema = z.enum(TIERS).meta({ id: 'Tier' })

export const WorkspaceNameSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,62}$/,
    'lowercase letters, digits, "-" or "_", 1-63 characters, starting alphanumeric',
  )

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    name: WorkspaceNameSchema,
    tier: TierSchema,
    rpm: z.number().int().positive().meta({ description: 'Requests per minute allowed for this workspace.' }),
    created_at: z.string().datetime(),
  })
  .meta({ id: 'Workspace' })
export type Workspace = z.infer<typeof WorkspaceSchema>

export const CreateWorkspaceSchema = z.object({
  name: WorkspaceNameSchema,
  tier: TierSchema.default('free'),
  rpm: z.number().int().positive().max(1_000_000).optional(),
})
export type CreateWorkspaceInput = z.input<typeof CreateWorkspaceSchema>

export const WorkspaceSettingsSchema = WorkspaceSchema.and(
  z.object({
    allowed_redirect_origins: z.array(z.string()).meta({
      description:
        "Origins a session's `redirect_url` may point to, besides loopback (`http(s)://localhost`, `127.0.0.1`, `[::1]` on any port), which is always allowed.",
      example: ['https://app.example.com'],
    }),
  }),
).meta({ id: 'WorkspaceSettings' })
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>

export const UpdateWorkspaceSettingsSchema = z
  .object({
    allowed_redirect_origins: z.array(RedirectOriginSchema).max(MAX_REDIRECT_ORIGINS).meta({
      description:
        'Replaces the whole list. Each entry is an exact origin (`https://host[:port]`; plain http only for loopback), stored in canonical form (lower-case host, default port dropped), duplicates merged.',
    }),
  })
  .strict()
  .meta({ id: 'UpdateWorkspaceSettings' })
