import { z } from 'zod'
import { describeRef } from '../common/describe-ref.js'
import { noControlCharacters } from '../common/text.js'
import { SIGNATURE_SCHEME_IDS } from '../providers-kit/registry.js'
import { MAX_OFFSET } from '../search/search.limits.js'
import {
  AuthorizationParamsSchema,
  PlaceholdersSchema,
  ProviderApiSchema,
  TokenEndpointAuthMethodSchema,
  TokenParamsSchema,
  TokenResponseSchema,
} from './connect.schema.js'

/** The schemes come from the provider kit's registry (the generic ones and each provider's). */
export const SIGNATURE_SCHEMES = SIGNATURE_SCHEME_IDS
export const SignatureSchemeSchema = z.enum(SIGNATURE_SCHEMES).meta({ id: 'SignatureScheme' })
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
export const HandshakeSchema = z.enum(HANDSHAKES).meta({ id: 'WebhookHandshake' })

const httpsUrl = z
  .string()
  .max(2048)
  .regex(/^https:\/\/\S+$/, 'must be an https URL')
/** Custom providers may point at local servers (a test OAuth server, a dev box), so http is allowed there. */
const httpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')

/** A token response read the standard way (RFC 6749 section 5.1), keeping no metadata. */
export const defaultTokenResponse = () => ({ access_token_paths: ['access_token'], metadata: {} })

const oauth2 = <U extends z.ZodTypeAny>(url: U) =>
  z
    .object({
      type: z.literal('oauth2'),
      authorization_url: url,
      token_url: url,
      scopes: z.array(z.string().min(1).max(200)).max(50).default([]),
      pkce: z.boolean().default(true),
      scope_separator: z.string().min(1).max(2).default(' '),
      issuer: url.optional().meta({
        description:
          "The authorization server's issuer identifier. When set, the RFC 9207 `iss` callback parameter and an ID token's `iss` must equal it; when not set, the provider is treated as plain OAuth 2 and neither is checked.",
      }),
      token_endpoint_auth_method: TokenEndpointAuthMethodSchema.default('client_secret_basic'),
      authorization_params: AuthorizationParamsSchema.default({}),
      token_params: TokenParamsSchema.default({}),
      token_response: TokenResponseSchema.default(defaultTokenResponse),
    })
    .strict()

const authUnion = <U extends z.ZodTypeAny>(url: U) =>
  z.discriminatedUnion('type', [
    oauth2(url),
    z.object({ type: z.literal('api_key') }).strict(),
    z.object({ type: z.literal('basic') }).strict(),
    z.object({ type: z.literal('app_install'), install_url: url }).strict(),
  ])

export const ProviderAuthSchema = authUnion(httpUrl).meta({ id: 'ProviderAuth' })
export type ProviderAuth = z.infer<typeof ProviderAuthSchema>

export const ProviderWebhooksSchema = z
  .object({
    signature: SignatureSchemeSchema.nullable().default(null),
    handshake: HandshakeSchema.nullable().default(null),
  })
  .strict()
  .meta({ id: 'ProviderWebhooks' })

const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lowercase letters, digits and "-", at most 63 characters')

const TAG = /^[a-z0-9][a-z0-9 .+#-]*$/
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a hex colour like #1a2b3c')

/** Ids a provider cannot take because a catalog path already uses them (`/providers/categories`). */
export const RESERVED_PROVIDER_IDS: readonly string[] = ['categories', 'search']

/** One entry of the built-in catalog file (`resources/catalog/providers/*.json`). */
export const CatalogProviderSchema = z
  .object({
    id: slug,
    name: z.string().min(1).max(100),
    description: z.string().min(1).max(400),
    tags: z.array(z.string().max(40).regex(TAG)).min(1).max(12),
    categories: z.array(slug).min(1).max(3),
    color,
    auth: authUnion(httpsUrl),
    webhooks: ProviderWebhooksSchema.nullable(),
    docs_url: httpsUrl,
    placeholders: PlaceholdersSchema.default({}),
    api: ProviderApiSchema.nullable().default(null),
  })
  .strict()
export type CatalogProvider = z.infer<typeof CatalogProviderSchema>

export const CategorySchema = z
  .object({ id: slug, name: z.string().min(1), description: z.string().min(1) })
  .strict()
  .meta({ id: 'Category' })
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
    placeholders: PlaceholdersSchema,
    api: describeRef(ProviderApiSchema.nullable(), 'The provider REST API, when it has a public one.'),
    custom: z.boolean().meta({ description: "True for the workspace's own providers." }),
    simulation: z
      .object({
        operations: z.array(z.string()).meta({
          description:
            'Method and path (under the API base) of each operation the simulation answers, e.g. `GET /repos/:owner/:repo/issues`; a GraphQL API lists its endpoint.',
        }),
      })
      .nullable()
      .meta({
        description:
          "The gateway's built-in simulation of this catalog provider, which answers its simulated connections offline (see the README's provider simulation section); null when there is none (an uploaded OpenAPI document, mock routes or recordings can still answer).",
      }),
    logo_url: z.string(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: 'Provider' })
export type Provider = z.infer<typeof ProviderSchema>

/** A category with the number of providers in it that the caller can see. */
export const CategoryWithCountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    count: z
      .number()
      .int()
      .meta({ description: 'Providers in this category (custom ones included with a key).' }),
  })
  .meta({ id: 'CategoryWithCount' })
export type CategoryWithCount = z.infer<typeof CategoryWithCountSchema>

const customFields = {
  name: noControlCharacters(z.string().trim().min(1).max(100)),
  description: noControlCharacters(z.string().trim().max(400)),
  tags: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(40)
        .regex(TAG, 'lowercase letters, digits, spaces and . + # -, starting with a letter or digit'),
    )
    .max(12),
  categories: z.array(slug).max(3).meta({ description: 'Ids from GET /providers/categories.' }),
  color,
  auth: ProviderAuthSchema,
  webhooks: ProviderWebhooksSchema.nullable(),
  docs_url: httpUrl.nullable(),
  placeholders: PlaceholdersSchema,
  api: ProviderApiSchema.nullable(),
}

/** POST /api/providers: a workspace's own provider, searchable beside the catalog. */
export const CreateProviderSchema = z
  .object({
    id: slug.optional().meta({ description: 'Defaults to a slug of the name.' }),
    name: customFields.name,
    description: customFields.description.optional(),
    tags: customFields.tags.optional(),
    categories: customFields.categories.optional(),
    color: customFields.color.optional().meta({ description: 'Brand colour of the monogram logo.' }),
    auth: customFields.auth,
    webhooks: customFields.webhooks.optional(),
    docs_url: customFields.docs_url.optional(),
    placeholders: customFields.placeholders.optional(),
    api: customFields.api.optional(),
  })
  .strict()
  .meta({ id: 'CreateProvider' })
export type CreateProvider = z.infer<typeof CreateProviderSchema>

/** PATCH /api/providers/{id}: send a field to change it; `null` clears webhooks, docs_url and api. */
export const UpdateProviderSchema = z.object(customFields).partial().strict().meta({ id: 'UpdateProvider' })
export type UpdateProvider = z.infer<typeof UpdateProviderSchema>

/** Query parameters of GET /providers (browse the catalog). */
export const CatalogQuerySchema = z
  .object({
    query: z
      .string()
      .max(256)
      .optional()
      .meta({ description: 'Full-text search over names, descriptions, tags and categories.' }),
    category: z.string().max(64).optional().meta({ description: 'A category id.' }),
    limit: z
      .string()
      .regex(/^0*[1-9]\d{0,14}$/, 'must be a whole number of at least 1')
      .optional()
      .meta({ description: 'Page size; default 50, values above 200 are clamped.' }),
    cursor: z.string().max(4096).optional().meta({ description: 'The `next_cursor` of the previous page.' }),
    offset: z
      .string()
      .regex(/^\d{1,15}$/, 'must be a whole number of at least 0')
      .refine((v) => Number(v) <= MAX_OFFSET, `must be at most ${MAX_OFFSET}`)
      .optional()
      .meta({
        description: `Skip this many providers (at most ${MAX_OFFSET}); not together with \`cursor\`.`,
      }),
  })
  .superRefine((q, ctx) => {
    if (q.cursor !== undefined && q.offset !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['offset'],
        message: `send either 'cursor' or 'offset', not both`,
      })
  })
