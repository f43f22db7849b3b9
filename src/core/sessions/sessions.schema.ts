import { z } from 'zod'

// The Unicode control characters (\p{Cc}) spelled out: a regex with flags cannot be an OpenAPI `pattern`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: excluding control characters is the point
const noControlCharacters = /^[^\x00-\x1F\x7F-\x9F]+$/

export const TenantIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(noControlCharacters, 'must not contain control characters')
  .meta({
    description: 'Your identifier for the tenant (customer account) being connected.',
    example: 'acme',
  })

const RedirectUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(2048)
  .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), 'must not contain credentials')
  .meta({
    description:
      "Where the browser goes when the flow ends, with `connection_id` / `installation_id`, or `error` and `error_description`. Its origin must be loopback (`http(s)://localhost`, `127.0.0.1` or `[::1]`, any port) or on the workspace's `allowed_redirect_origins` (`PATCH /api/workspace`), else 400. Without it the gateway shows a result page.",
    example: 'http://localhost:3000/connected',
  })

/** RFC 6749 section 3.3 scope-token characters. */
const ScopeSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'must be a single scope token (no spaces or quotes)')

const ParamsSchema = z
  .record(
    z.string().regex(/^[a-z_][a-z0-9_]{0,31}$/, 'parameter names are lowercase identifiers'),
    z
      .string()
      .regex(
        /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,98}[A-Za-z0-9])?$/,
        'letters, digits, "." and "-", starting and ending with a letter or digit',
      ),
  )
  .refine((p) => Object.keys(p).length <= 10, 'at most 10 parameters')
  .meta({
    description:
      'Values for `{placeholders}` in the provider\'s URLs, e.g. `{ "shop": "acme" }` for Shopify. Required in real mode when the provider\'s URLs have placeholders.',
    example: { shop: 'acme' },
  })

const common = {
  provider: z
    .string()
    .min(1)
    .max(63)
    .meta({ description: 'Catalog or custom provider id.', example: 'github' }),
  tenant_id: TenantIdSchema,
  redirect_url: RedirectUrlSchema.optional(),
  provider_config_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "The config to use; default: the provider's newest config in the workspace." }),
  params: ParamsSchema.optional(),
}

export const CreateAuthSessionSchema = z
  .object({
    ...common,
    scopes: z
      .array(ScopeSchema)
      .max(100)
      .optional()
      .meta({ description: "Scopes to request; default: the config's, else the provider's." }),
    connection_id: z.string().min(1).max(200).optional().meta({
      description:
        'Re-authorize this connection (same provider and tenant) instead of creating one. Needs a secret key (403 `forbidden` for a publishable key).',
    }),
  })
  .strict()
  .meta({ id: 'CreateAuthSession' })
export type CreateAuthSession = z.infer<typeof CreateAuthSessionSchema>

export const CreateInstallSessionSchema = z.object(common).strict().meta({ id: 'CreateInstallSession' })
export type CreateInstallSession = z.infer<typeof CreateInstallSessionSchema>

export const SessionCreatedSchema = z
  .object({
    id: z.string(),
    url: z.string().url().meta({
      description:
        'Open in a browser to start the flow. Append `?simulate=approve|deny|error` in simulated mode to decide without the consent page.',
    }),
    expires_at: z.string().datetime(),
  })
  .meta({ id: 'SessionCreated' })
export type SessionCreated = z.infer<typeof SessionCreatedSchema>

export const ConnectQuerySchema = z.object({
  simulate: z.enum(['approve', 'deny', 'error']).optional().meta({
    description: 'Simulated mode only: approve, deny, or error (approve, then fail the token exchange).',
  }),
})
export type Simulate = NonNullable<z.infer<typeof ConnectQuerySchema>['simulate']>

export type SessionKind = 'auth' | 'install'
export type SessionStatus = 'pending' | 'started' | 'exchanging' | 'completed' | 'failed'
