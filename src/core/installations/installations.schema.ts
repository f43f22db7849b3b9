import { z } from 'zod'
import { FlowModeSchema } from '../connections/connections.schema.js'

export const INSTALLATION_STATUSES = ['active', 'revoked'] as const
export const InstallationStatusSchema = z.enum(INSTALLATION_STATUSES).meta({
  id: 'InstallationStatus',
  description: 'active: installed; revoked: uninstalled through the API, permanently.',
})

/** An app installed on a tenant's provider account, created by a completed install session. */
export const InstallationSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    provider_config_id: z.string().nullable(),
    tenant_id: z.string(),
    mode: FlowModeSchema,
    status: InstallationStatusSchema,
    external_id: z.string().meta({ description: "The provider's own installation id." }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: 'Installation' })
export type Installation = z.infer<typeof InstallationSchema>
