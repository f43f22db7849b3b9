import { createHash } from 'node:crypto'
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Core } from '../../core/core.js'
import { AppError } from '../../core/errors.js'
import {
  CatalogQuerySchema,
  CategoryWithCountSchema,
  ProviderSchema,
} from '../../core/providers/providers.schema.js'
import { searchEnvelopeSchema } from '../../core/search/search.schema.js'
import type { AppEnv } from '../env.js'
import { bearerToken, WORKSPACE_HEADER } from '../middleware/auth.js'
import { errors, IdParamSchema, json } from '../openapi.js'

const TAG = 'Catalog'
/** No key needed; a secret key (or the admin token) adds the workspace's custom providers. */
const OPTIONAL_KEY: Array<Record<string, string[]>> = [{}, { secretKey: [] }, { adminToken: [] }]
const NOT_MODIFIED = { 304: { description: 'Not modified: the `If-None-Match` ETag still matches.' } }

/**
 * The scope a public catalog request sees: '' (the catalog) without a key, the key's workspace
 * with one. A key that is sent is checked like anywhere else (401, 403 for publishable keys),
 * but catalog requests are not counted against rate limits.
 */
function scopeOf(c: Context<AppEnv>, core: Core): string {
  const header = c.req.header('authorization')
  if (header === undefined) return ''
  const token = bearerToken(header)
  const principal = core.auth.authenticate(token, c.req.header(WORKSPACE_HEADER))
  if (principal.role !== 'secret') {
    throw new AppError(
      'forbidden',
      'Publishable keys may only create auth sessions and install sessions; send no key to browse the public catalog, or a secret key to include custom providers.',
    )
  }
  return principal.workspaceId
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

/** True when an `If-None-Match` header lists the ETag (weak comparison, RFC 9110 13.1.2). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))

/** A cacheable response: ETag, 304 on a match; shared caches only for the keyless catalog. */
function cached(
  c: Context<AppEnv>,
  scope: string,
  body: string,
  contentType: string,
  maxAge: string,
): Response {
  const etag = etagOf(body)
  const headers: Record<string, string> = {
    etag,
    'cache-control': scope ? 'private, no-cache' : maxAge,
    vary: `Authorization, ${WORKSPACE_HEADER}`,
  }
  if (matches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': contentType } })
}
const cachedJson = (c: Context<AppEnv>, scope: string, value: unknown) =>
  cached(c, scope, JSON.stringify(value), 'application/json', 'public, max-age=300')

/** GET /providers, /providers/categories, /providers/{id}, /providers/{id}/logo.svg: no key needed. */
export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { providers } = core

  const browse = createRoute({
    method: 'get',
    path: '/providers',
    tags: [TAG],
    summary: 'Browse the provider catalog',
    description:
      'Relevance-ranked with `query` (typo tolerant), else by name. Same envelope and cursor rules as the search endpoints.',
    operationId: 'browseProviders',
    security: OPTIONAL_KEY,
    request: { query: CatalogQuerySchema },
    responses: {
      200: json(searchEnvelopeSchema(ProviderSchema, 'ProviderCatalogPage'), 'One page of providers.'),
      ...NOT_MODIFIED,
      ...errors(400, 401, 403),
    },
  })
  app.openapi(browse, (c) => {
    const scope = scopeOf(c, core)
    const q = c.req.valid('query')
    const page = providers.search(scope, {
      ...(q.query !== undefined && { query: q.query }),
      ...(q.category !== undefined && { filter: { category: { eq: q.category } } }),
      ...(q.limit !== undefined && { limit: Number(q.limit) }),
      ...(q.cursor !== undefined && { cursor: q.cursor }),
    })
    return cachedJson(c, scope, page) as never
  })

  const categories = createRoute({
    method: 'get',
    path: '/providers/categories',
    tags: [TAG],
    summary: 'List provider categories with their counts',
    operationId: 'listProviderCategories',
    security: OPTIONAL_KEY,
    responses: {
      200: json(z.object({ data: z.array(CategoryWithCountSchema) }), 'Every category, by name.'),
      ...NOT_MODIFIED,
      ...errors(401, 403),
    },
  })
  app.openapi(categories, (c) => {
    const scope = scopeOf(c, core)
    return cachedJson(c, scope, { data: providers.categories(scope) }) as never
  })

  const get = createRoute({
    method: 'get',
    path: '/providers/{id}',
    tags: [TAG],
    summary: 'Get a provider',
    operationId: 'getProvider',
    security: OPTIONAL_KEY,
    request: { params: IdParamSchema },
    responses: {
      200: json(ProviderSchema, 'The provider.'),
      ...NOT_MODIFIED,
      ...errors(401, 403, 404),
    },
  })
  app.openapi(get, (c) => {
    const scope = scopeOf(c, core)
    return cachedJson(c, scope, providers.get(scope, c.req.valid('param').id)) as never
  })

  const logo = createRoute({
    method: 'get',
    path: '/providers/{id}/logo.svg',
    tags: [TAG],
    summary: "A provider's monogram logo",
    description:
      'The URL is the `logo_url` of the provider: its `v` changes with the logo, so it is cached for a year. Custom providers name their workspace in `workspace` (browsers cannot send a key for an image).',
    operationId: 'getProviderLogo',
    security: OPTIONAL_KEY,
    request: {
      params: IdParamSchema,
      query: z.object({ workspace: z.string().max(200).optional(), v: z.string().max(64).optional() }),
    },
    responses: {
      200: { description: 'An SVG image.', content: { 'image/svg+xml': { schema: z.string() } } },
      ...NOT_MODIFIED,
      ...errors(401, 403, 404),
    },
  })
  app.openapi(logo, (c) => {
    const { id } = c.req.valid('param')
    const { workspace, v } = c.req.valid('query')
    const scope = scopeOf(c, core) || workspace || ''
    const { svg, version } = providers.logo(scope, id)
    const response = cached(
      c,
      '',
      svg,
      'image/svg+xml',
      v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    )
    response.headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    response.headers.set('x-content-type-options', 'nosniff')
    return response as never
  })
}
