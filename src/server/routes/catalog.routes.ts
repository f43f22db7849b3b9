import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import type { Core } from '../../core/core.js'
import {
  CatalogQuerySchema,
  CategoryWithCountSchema,
  ProviderSchema,
} from '../../core/providers/providers.schema.js'
import { searchEnvelopeSchema } from '../../core/search/search.schema.js'
import type { AppEnv } from '../env.js'
import { bearerToken, WORKSPACE_HEADER } from '../middleware/auth.js'
import { queryNames, rejectUnknownQuery } from '../middleware/strict-query.js'
import { errors, IdParamSchema, json } from '../openapi.js'

const TAG = 'Catalog'
/** No key needed; a secret key (or the admin token) adds the workspace's custom providers. */
const OPTIONAL_KEY: Array<Record<string, string[]>> = [
  {},
  { publishableKey: [] },
  { secretKey: [] },
  { adminToken: [] },
]
const NOT_MODIFIED = { 304: { description: 'Not modified: the `If-None-Match` ETag still matches.' } }

/**
 * The scope a public catalog request sees: '' (the catalog) without a key or with a publishable
 * one, the key's workspace with a secret key (or the admin token). Publishable keys live in browser
 * code that sends them on every call, so they are welcome here, but they never read workspace data.
 * A key that is sent must still be valid (malformed, unknown → 401, revoked → 401
 * `api_key_revoked`), as GitHub's API does on its public endpoints: a client sending a dead key
 * learns it at once instead of silently losing its custom providers. Not counted against rate limits.
 */
function scopeOf(c: Context<AppEnv>, core: Core): string {
  const header = c.req.header('authorization')
  if (header === undefined) return ''
  const token = bearerToken(header)
  const principal = core.auth.authenticate(token, c.req.header(WORKSPACE_HEADER))
  return principal.role === 'secret' ? principal.workspaceId : ''
}

/**
 * ETag on every catalog answer, and a 304 when `If-None-Match` lists it. The 304 keeps the headers
 * of the 200 it stands for that a client still acts on: CORS (a cross-origin page revalidates too)
 * and the logo's CSP.
 */
const withETag = etag({
  retainedHeaders: [
    ...RETAINED_304_HEADERS,
    'access-control-allow-origin',
    'access-control-expose-headers',
    'content-security-policy',
    'x-content-type-options',
  ],
})

/** A public catalog route: the key is optional, an unknown query parameter is a 400, answers carry an ETag. */
const catalogRoute = <R extends Omit<RouteConfig, 'security' | 'middleware'>>(route: R) =>
  createRoute({
    ...route,
    security: OPTIONAL_KEY,
    middleware: [rejectUnknownQuery(queryNames(route.request?.query)), withETag],
  } as R & { security: typeof OPTIONAL_KEY; middleware: MiddlewareHandler[] })

/** A cacheable response; shared caches only for the keyless catalog. */
const cached = (scope: string, body: string, contentType: string, maxAge: string): Response =>
  new Response(body, {
    status: 200,
    headers: {
      'cache-control': scope ? 'private, no-cache' : maxAge,
      vary: `Authorization, ${WORKSPACE_HEADER}`,
      'content-type': contentType,
    },
  })
const cachedJson = (scope: string, value: unknown) =>
  cached(scope, JSON.stringify(value), 'application/json', 'public, max-age=300')

/** GET /providers, /providers/categories, /providers/{id}, /providers/{id}/logo.svg: no key needed. */
export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { providers } = core

  const browse = catalogRoute({
    method: 'get',
    path: '/providers',
    tags: [TAG],
    summary: 'Browse the provider catalog',
    description:
      'Relevance-ranked with `query` (typo tolerant), else by name. Pages like the search endpoints: `limit` ' +
      '(default 50, clamped to 200), then `cursor` (the previous `next_cursor`) or `offset`, not both; the same ' +
      'envelope (`has_more`, `next_cursor`). A tampered or foreign cursor is `400 invalid_cursor`; a query ' +
      'parameter not listed here is a 400 naming it.',
    operationId: 'browseProviders',
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
      ...(q.offset !== undefined && { offset: Number(q.offset) }),
    })
    return cachedJson(scope, page) as never
  })

  const categories = catalogRoute({
    method: 'get',
    path: '/providers/categories',
    tags: [TAG],
    summary: 'List provider categories with their counts',
    operationId: 'listProviderCategories',
    responses: {
      200: json(z.object({ data: z.array(CategoryWithCountSchema) }), 'Every category, by name.'),
      ...NOT_MODIFIED,
      ...errors(401, 403),
    },
  })
  app.openapi(categories, (c) => {
    const scope = scopeOf(c, core)
    return cachedJson(scope, { data: providers.categories(scope) }) as never
  })

  const get = catalogRoute({
    method: 'get',
    path: '/providers/{id}',
    tags: [TAG],
    summary: 'Get a provider',
    operationId: 'getProvider',
    request: { params: IdParamSchema },
    responses: {
      200: json(ProviderSchema, 'The provider.'),
      ...NOT_MODIFIED,
      ...errors(401, 403, 404),
    },
  })
  app.openapi(get, (c) => {
    const scope = scopeOf(c, core)
    return cachedJson(scope, providers.get(scope, c.req.valid('param').id)) as never
  })

  const logo = catalogRoute({
    method: 'get',
    path: '/providers/{id}/logo.svg',
    tags: [TAG],
    summary: "A provider's monogram logo",
    description:
      'The URL is the `logo_url` of the provider: its `v` changes with the logo, so it is cached for a year. Custom providers name their workspace in `workspace` (browsers cannot send a key for an image).',
    operationId: 'getProviderLogo',
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
