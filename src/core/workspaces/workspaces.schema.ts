import { z } from '@hono/zod-openapi'
import { TIERS } from './tiers.js'

export const TierSchema = z.enum(TIERS).openapi('Tier')

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
    rpm: z
      .number()
      .int()
      .positive()
      .openapi({ description: 'Requests per minute allowed for this workspace.' }),
    created_at: z.string().datetime(),
  })
  .openapi('Workspace')
export type Workspace = z.infer<typeof WorkspaceSchema>

export const CreateWorkspaceSchema = z.object({
  name: WorkspaceNameSchema,
  tier: TierSchema.default('free'),
  rpm: z.number().int().positive().max(1_000_000).optional(),
})
export type CreateWorkspaceInput = z.input<typeof CreateWorkspaceSchema>
