import { z } from 'zod'

export const CONNECTION_STATUSES = ['active', 'needs_reauth', 'revoked'] as const
export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES).meta({
  id: 'ConnectionStatus',
  description:
    'active: usable; needs_reauth: a refresh failed, re-authorize through an auth session with connection_id; revoked: deleted, permanently.',
})
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>

export const FlowModeSchema = z.enum(['real', 'simulated']).meta({
  id: 'FlowMode',
  description:
    "real: OAuth against the provider with the config's client credentials; simulated: the built-in provider simulator.",
})
export type FlowMode = z.infer<typeof FlowModeSchema>

export const ConnectionMetadataSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .meta({
    id: 'ConnectionMetadata',
    description:
      "Non-secret facts the provider's token response gave about the account, as the provider declares them (`instance_url`, `team_id`, `account_id`, ...). Never a token. Simulated connections get plausible values.",
    example: { instance_url: 'https://acme.my.salesforce.com' },
  })

/** A tenant's authorized link to a provider account. Tokens are held sealed and never returned. */
export const ConnectionSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    provider_config_id: z.string().nullable(),
    tenant_id: z.string(),
    mode: FlowModeSchema,
    status: ConnectionStatusSchema,
    status_reason: z.string().nullable().meta({ description: 'Why the connection left `active`.' }),
    scopes: z.array(z.string()).meta({ description: 'Scopes granted by the provider.' }),
    params: z.record(z.string(), z.string()).meta({
      description:
        "The auth session's `params`: values of the provider's `{placeholder}`s (`shop`, `subdomain`).",
    }),
    metadata: ConnectionMetadataSchema,
    token_expires_at: z
      .string()
      .datetime()
      .nullable()
      .meta({ description: 'When the access token expires, if the provider said.' }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
    last_refreshed_at: z.string().datetime().nullable(),
  })
  .meta({ id: 'Connection' })
export type Connection = z.infer<typeof ConnectionSchema>
export type ConnectionMetadata = z.infer<typeof ConnectionMetadataSchema>

/** `POST /api/connections/{id}/refresh?simulate=error` tells the simulator to reject the refresh. */
export const RefreshQuerySchema = z.object({
  simulate: z.enum(['error']).optional().meta({
    description: 'Simulated connections only: make the simulator reject this refresh (invalid_grant).',
  }),
})

/** Tokens as the OAuth client received them; only the connections service stores them (sealed). */
export interface TokenSet {
  access_token: string
  refresh_token?: string | undefined
  token_type: string
  expires_in?: number | undefined
  scope?: string | undefined
}
