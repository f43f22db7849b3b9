import { z } from 'zod'
import { describeRef } from '../common/describe-ref.js'
import { noControlCharacters } from '../common/text.js'
import {
  authorizationParams,
  ProviderApiSchema,
  TOKEN_ENDPOINT_AUTH_METHODS,
  tokenParams,
} from '../providers/connect.schema.js'
import { SignatureSchemeSchema } from '../providers/providers.schema.js'
import { ProxyModeSchema } from '../recordings/recordings.schema.js'

const secret = z.string().min(1).max(4096)
const scopes = z.array(z.string().min(1).max(200)).max(100)

/** Per-config overrides of what the provider declares (null: use the provider's). */
const overrides = {
  token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).nullable().meta({
    description:
      "Overrides the provider's token endpoint auth method; `none` makes a public PKCE client (no secret needed for real mode).",
  }),
  authorization_params: authorizationParams().nullable().meta({
    description: "Added to (and overriding, key by key) the provider's authorization_params.",
  }),
  token_params: tokenParams().nullable().meta({
    description: "Added to (and overriding, key by key) the provider's token_params.",
  }),
  api_base_url: ProviderApiSchema.shape.base_url.nullable().meta({
    description: "Overrides the provider's API base URL (placeholders allowed).",
  }),
}

const validateAgainstOpenApi = z.boolean().meta({
  description:
    "Live and record modes check each request and the provider's answer against the provider's OpenAPI document (PUT /api/providers/{provider_id}/openapi): mismatches go into the `proxy.request` event's `validation` (`request` and `response`, each a list of `{pointer, detail}`) and the answer carries `Switchyard-Validation: failed` (else `passed`); the answer itself is never changed. Default false.",
})

/** A workspace's settings for one provider. Secrets are write-only: the API only says whether one is set. */
export const ProviderConfigSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    name: z.string(),
    client_id: z.string().nullable(),
    client_secret_set: z.boolean(),
    scopes: scopes.nullable().meta({ description: "Scopes to request; null uses the provider's defaults." }),
    webhook_secret_set: z.boolean(),
    webhook_signature: describeRef(
      SignatureSchemeSchema.nullable(),
      "Signature scheme to verify inbound webhooks with; null uses the provider's own.",
    ),
    ...overrides,
    proxy_mode: ProxyModeSchema,
    validate_against_openapi: validateAgainstOpenApi,
    mode: z.enum(['real', 'simulated']).meta({
      description:
        'real when client_id and client_secret are set, or client_id alone with token_endpoint_auth_method `none` (OAuth against the provider); else simulated.',
    }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: 'ProviderConfig' })
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>

export const CreateProviderConfigSchema = z
  .object({
    provider: z.string().min(1).max(63),
    name: noControlCharacters(z.string().trim().min(1).max(100)).optional(),
    client_id: z.string().min(1).max(1024).optional(),
    client_secret: secret.optional(),
    scopes: scopes.optional(),
    webhook_secret: secret.optional(),
    webhook_signature: SignatureSchemeSchema.optional(),
    token_endpoint_auth_method: overrides.token_endpoint_auth_method.optional(),
    authorization_params: overrides.authorization_params.optional(),
    token_params: overrides.token_params.optional(),
    api_base_url: overrides.api_base_url.optional(),
    proxy_mode: describeRef(ProxyModeSchema.optional(), 'Default `live`.'),
    validate_against_openapi: validateAgainstOpenApi.optional(),
  })
  .strict()
  .meta({ id: 'CreateProviderConfig' })
export type CreateProviderConfig = z.infer<typeof CreateProviderConfigSchema>

/** PATCH body: send a field to change it, `null` to clear it. */
export const UpdateProviderConfigSchema = z
  .object({
    name: noControlCharacters(z.string().trim().min(1).max(100)),
    client_id: z.string().min(1).max(1024).nullable(),
    client_secret: secret.nullable(),
    scopes: scopes.nullable(),
    webhook_secret: secret.nullable(),
    webhook_signature: SignatureSchemeSchema.nullable(),
    ...overrides,
    proxy_mode: ProxyModeSchema,
    validate_against_openapi: validateAgainstOpenApi,
  })
  .partial()
  .strict()
  .meta({ id: 'UpdateProviderConfig' })
export type UpdateProviderConfig = z.infer<typeof UpdateProviderConfigSchema>
