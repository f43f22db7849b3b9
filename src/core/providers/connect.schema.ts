import { z } from 'zod'

/**
 * What a provider needs beyond URLs and scopes to connect and to be called, declared as data:
 * client authentication, fixed extra request parameters, how to read its token response, where
 * URL placeholders get their values, and the base URL of its REST API.
 */

export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const
export const TokenEndpointAuthMethodSchema = z.enum(TOKEN_ENDPOINT_AUTH_METHODS).meta({
  id: 'TokenEndpointAuthMethod',
  description:
    'How the client authenticates at the token endpoint (RFC 8414 `token_endpoint_auth_methods_supported`): HTTP Basic, client_id and client_secret in the form body, or none (a public client that proves itself with PKCE only).',
})
export type TokenEndpointAuthMethod = z.infer<typeof TokenEndpointAuthMethodSchema>

/** Parameters the gateway sets itself; a provider or config cannot replace them. */
export const RESERVED_AUTHORIZATION_PARAMS: readonly string[] = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
]
export const RESERVED_TOKEN_PARAMS: readonly string[] = [
  'grant_type',
  'code',
  'redirect_uri',
  'code_verifier',
  'client_id',
  'client_secret',
  'refresh_token',
]

const PARAM_NAME = /^[A-Za-z0-9_.-]{1,100}$/
const extraParams = (reserved: readonly string[], what: string) =>
  z
    .record(
      z
        .string()
        .regex(PARAM_NAME, 'letters, digits, "_", "." and "-"')
        .refine((name) => !reserved.includes(name), { message: `set by the gateway itself (${what})` }),
      z.string().max(500),
    )
    .refine((params) => Object.keys(params).length <= 20, { message: 'at most 20 parameters' })

/** Unnamed, for nullable uses: a nullable `$ref` does not admit null in the OpenAPI document. */
export const authorizationParams = () => extraParams(RESERVED_AUTHORIZATION_PARAMS, 'authorization request')
export const tokenParams = () => extraParams(RESERVED_TOKEN_PARAMS, 'token request')

export const AuthorizationParamsSchema = authorizationParams().meta({
  id: 'AuthorizationParams',
  description:
    'Fixed extra query parameters of the authorization request, e.g. `{"access_type": "offline", "prompt": "consent"}`.',
})
export const TokenParamsSchema = tokenParams().meta({
  id: 'TokenParams',
  description: 'Fixed extra form parameters of every token request (code exchange and refresh).',
})

/** Field names that hold credentials: a metadata path may never end in one of them. */
export const TOKEN_FIELDS: readonly string[] = ['access_token', 'refresh_token', 'id_token', 'client_secret']

/** A dot path into the token response JSON, e.g. `authed_user.id`. */
const jsonPath = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,64}){0,4}$/, 'a dot path like `team.id`')

const metadataPath = jsonPath.refine((path) => !TOKEN_FIELDS.includes(path.split('.').at(-1)!), {
  message: 'metadata never holds a token',
})

const METADATA_KEY = /^[a-z][a-z0-9_]{0,39}$/

export const TokenResponseSchema = z
  .object({
    access_token_paths: z.array(jsonPath).min(1).max(4).default(['access_token']).meta({
      description:
        'Where the access token is, tried in order; the first string found wins (Slack user tokens: `authed_user.access_token`).',
    }),
    metadata: z
      .record(
        z.string().regex(METADATA_KEY, 'lowercase snake_case'),
        z
          .object({
            path: metadataPath,
            example: z
              .string()
              .max(200)
              .meta({ description: 'A plausible value: what simulated connections get.' }),
          })
          .strict(),
      )
      .refine((m) => Object.keys(m).length <= 20, { message: 'at most 20 fields' })
      .default({})
      .meta({
        description:
          'Token-response fields kept on the connection as `metadata` (only strings, numbers and booleans; never a token).',
      }),
  })
  .strict()
  .meta({ id: 'TokenResponse' })
export type TokenResponse = z.infer<typeof TokenResponseSchema>

export const PLACEHOLDER_SOURCES = ['params', 'metadata'] as const
export const PlaceholdersSchema = z
  .record(
    z.string().regex(/^[a-z_][a-z0-9_]*$/),
    z
      .object({
        source: z.enum(PLACEHOLDER_SOURCES).meta({
          description:
            "params: the auth session's `params` (asked before the flow); metadata: the token response (kept on the connection).",
        }),
        description: z.string().min(1).max(200),
      })
      .strict(),
  )
  .meta({
    id: 'Placeholders',
    description: 'Where each `{placeholder}` in the provider URLs and API base URL gets its value.',
  })
export type Placeholders = z.infer<typeof PlaceholdersSchema>

export const ProviderApiSchema = z
  .object({
    base_url: z
      .string()
      .max(2048)
      .regex(
        /^(https?:\/\/\S+|\{[a-z_][a-z0-9_]*\}\S*)$/,
        'an http(s) URL, or one starting with a {placeholder}',
      )
      .meta({
        description:
          'Base URL of the provider REST API; may hold placeholders (`https://{subdomain}.zendesk.com/api/v2`, Salesforce `{instance_url}`, its SDK adding `/services/data/vNN.N` itself).',
      }),
    token_header: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name')
      .optional()
      .meta({
        description:
          'The header the proxy puts the bare access token in, for providers that do not take `Authorization: Bearer <token>` (Shopify: `X-Shopify-Access-Token`). Absent: `Authorization: Bearer`.',
        example: 'X-Shopify-Access-Token',
      }),
  })
  .strict()
  .meta({ id: 'ProviderApi' })
export type ProviderApi = z.infer<typeof ProviderApiSchema>
