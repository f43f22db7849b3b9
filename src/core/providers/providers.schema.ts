import { z } from '@hono/zod-openapi'

export const SIGNATURE_SCHEMES = ['github', 'stripe', 'slack', 'shopify', 'standard_webhooks'] as const
export const SignatureSchemeSchema = z.enum(SIGNATURE_SCHEMES).openapi('SignatureScheme')
export type SignatureScheme = z.infer<typeof SignatureSchemeSchema>

export const HANDSHAKES = [
  'slack_url_verification',
  'zoom_url_validation',
  'meta_hub_challenge',
  'dropbox_challenge',
  'microsoft_graph_validation',
  'asana_hook_secret',
  'okta_verification',
  'twitter_crc',
] as const
export const HandshakeSchema = z.enum(HANDSHAKES).openapi('WebhookHandshake')

const httpsUrl = z.string().regex(/^https:\/\/\S+$/, 'must be an https URL')
/** Custom providers may point at local servers (a test OAuth server, a dev box), so http is allowed there. */
const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')

const oauth2 = <U extends z.ZodTypeAny>(url: U) =>
  z
    .object({
      type: z.literal('oauth2'),
      authorization_url: url,
      token_url: url,
      scopes: z.array(z.string().min(1).max(200)).max(50).default([]),
      pkce: z.boolean().default(true),
      scope_separator: z.string().min(1).max(2).default(' '),
    })
    .strict()

const authUnion = <U extends z.ZodTypeAny>(url: U) =>
  z.discriminatedUnion('type', [
    oauth2(url),
    z.object({ type: z.literal('api_key') }).strict(),
    z.object({ type: z.literal('basic') }).strict(),
    z.object({ type: z.literal('app_install'), install_url: url }).strict(),
  ])

export const ProviderAuthSchema = authUnion(httpUrl).openapi('ProviderAuth')
export type ProviderAuth = z.infer<typeof ProviderAuthSchema>

export const ProviderWebhooksSchema = z
  .object({
    signature: SignatureSchemeSchema.nullable().default(null),
    handshake: HandshakeSchema.nullable().default(null),
  })
  .strict()
  .openapi('ProviderWebhooks')

const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lowercase letters, digits and "-", at most 63 characters')

/** One entry of the built-in catalog file (`resources/catalog/providers/*.json`). */
export const CatalogProviderSchema = z
  .object({
    id: slug,
    name: z.string().min(1).max(100),
    description: z.string().min(1).max(400),
    tags: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9 .+#-]*$/))
      .min(1)
      .max(12),
    categories: z.array(slug).min(1).max(3),
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    auth: authUnion(httpsUrl),
    webhooks: ProviderWebhooksSchema.nullable(),
    docs_url: httpsUrl,
  })
  .strict()
export type CatalogProvider = z.infer<typeof CatalogProviderSchema>

export const CategorySchema = z
  .object({ id: slug, name: z.string().min(1), description: z.string().min(1) })
  .strict()
  .openapi('Category')
export type Category = z.infer<typeof CategorySchema>

/** A provider as the API shows it: catalog entries and a workspace's custom providers alike. */
export const ProviderSchema = z
  .object({
    id: slug,
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    categories: z.array(z.string()),
    color: z.string(),
    auth_type: z.enum(['oauth2', 'api_key', 'basic', 'app_install']),
    auth: ProviderAuthSchema,
    webhooks: ProviderWebhooksSchema.nullable(),
    docs_url: z.string().nullable(),
    custom: z.boolean().openapi({ description: "True for the workspace's own providers." }),
    logo_url: z.string(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .openapi('Provider')
export type Provider = z.infer<typeof ProviderSchema>
