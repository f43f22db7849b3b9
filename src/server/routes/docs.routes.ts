import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { AppError } from '../../core/errors.js'
import { VERSION } from '../../core/version.js'
import type { AppEnv } from '../env.js'
import { errors, json, SECURITY_SCHEMES } from '../openapi.js'
import { completeDocument } from '../openapi-complete.js'

const DESCRIPTION = `Switchyard is a local, offline-first gateway that implements the integration service's public API.

**Authentication.** Send \`Authorization: Bearer <key>\`. Secret keys (\`sk_…\`) may call every endpoint;
publishable keys (\`pk_…\`) only \`POST /auth-sessions\` and \`POST /install-sessions\` (403 elsewhere).
A missing, malformed or unknown key is a 401 \`unauthorized\`; a revoked one a 401 \`api_key_revoked\`.

**Errors.** Every error is \`application/problem+json\` (RFC 9457) with a stable \`code\`, plus
\`errors: [{pointer, detail}]\` when input fails validation.

**Rate limits.** Per workspace and tier: free 60, pro 600, enterprise a custom number of requests in
any rolling 60 seconds. Every request made with an API key counts once it is authenticated (secret or
publishable, also one refused with 403); 401s, inbound webhooks, the public catalog and the local admin
token do not. Over the limit: 429 \`rate_limited\` with \`Retry-After\` (whole seconds until a request would
be accepted). Every API-key response carries \`RateLimit-Policy: "default";q=<limit>;w=60\` and
\`RateLimit: "default";r=<remaining>;t=<seconds>\` (draft-ietf-httpapi-ratelimit-headers).

**Search.** Every list is a \`POST …/search\` with one request body and one envelope: \`limit\` defaults to
50 and is clamped to 200; default order \`created_at desc, id desc\` (providers: relevance with \`query\`,
else \`name asc\`); \`cursor\` and \`offset\` together are a 400; \`next_cursor\` is absent on the last page.`

const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Switchyard API',
    version: VERSION,
    description: DESCRIPTION,
    // The project has no public address to give; the name says whose API this is.
    contact: { name: 'Switchyard' },
    license: { name: 'MIT', identifier: 'MIT' },
  },
}

type DocsApp = OpenAPIHono<AppEnv>

/**
 * The OpenAPI 3.1 document of an app, built from the zod schemas its routes were declared with
 * (no servers: the served copy names the origin it was fetched from).
 */
export function openApiDocument(app: DocsApp) {
  return completeDocument(app.getOpenAPI31Document(DOCUMENT_CONFIG))
}

/** Files of swagger-ui-dist served under /docs/assets, with their media types. */
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'docs.js': 'text/javascript; charset=utf-8',
} as const
type AssetName = keyof typeof ASSETS

// validatorUrl: null keeps Swagger UI from calling validator.swagger.io: the page works offline.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
})
`

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Switchyard API reference</title>
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs.js"></script>
</body>
</html>
`

// Everything the page loads comes from this origin; Swagger UI styles elements inline.
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"

function createAssetReader() {
  const cache = new Map<AssetName, Buffer>()
  let folder: string | undefined
  return (name: AssetName): Buffer => {
    const hit = cache.get(name)
    if (hit) return hit
    if (name === 'docs.js') return Buffer.from(INIT_SCRIPT)
    try {
      folder ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
    } catch {
      throw new AppError('not_found', 'The API reference needs the swagger-ui-dist package; run npm install.')
    }
    const bytes = readFileSync(join(folder, name))
    cache.set(name, bytes)
    return bytes
  }
}

/**
 * GET /openapi.json (the OpenAPI 3.1 document) and GET /docs (a Swagger UI reference served from
 * node_modules, no CDN). Both need no key; like the rest of the API they answer loopback Hosts only.
 */
export function registerDocsRoutes(app: DocsApp) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, scheme)
  }
  let document: ReturnType<typeof openApiDocument> | undefined
  const readAsset = createAssetReader()

  const spec = createRoute({
    method: 'get',
    path: '/openapi.json',
    tags: ['Meta'],
    summary: 'This OpenAPI 3.1 document',
    description:
      'The OpenAPI 3.1 document of this gateway, built from the zod schemas that validate its requests; `servers` names the origin it was fetched from. Needs no key.',
    operationId: 'getOpenApiDocument',
    responses: {
      200: json(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 document of this gateway.'),
      ...errors(403),
    },
  })
  app.openapi(spec, (c) => {
    document ??= openApiDocument(app)
    return c.json(
      { ...document, servers: [{ url: new URL(c.req.url).origin }] } as Record<string, unknown>,
      200,
    )
  })

  const page = createRoute({
    method: 'get',
    path: '/docs',
    tags: ['Meta'],
    summary: 'The API reference (Swagger UI), served offline',
    description:
      'A browsable reference of this document (Swagger UI from the installed package, no CDN). Needs no key.',
    operationId: 'getApiReference',
    responses: {
      200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
      ...errors(403),
    },
  })
  app.openapi(page, (c) => {
    c.header('content-security-policy', CSP)
    return c.html(PAGE, 200)
  })

  const asset = createRoute({
    method: 'get',
    path: '/docs/assets/{file}',
    tags: ['Meta'],
    summary: 'A static file of the API reference page',
    description: 'A script, style sheet or icon of the /docs page, cached for an hour. Needs no key.',
    operationId: 'getApiReferenceAsset',
    request: {
      params: z.object({
        file: z
          .enum(Object.keys(ASSETS) as [AssetName, ...AssetName[]])
          .openapi({ param: { name: 'file', in: 'path' } }),
      }),
    },
    responses: {
      200: {
        description: 'The file.',
        content: Object.fromEntries(
          [...new Set(Object.values(ASSETS).map((type) => type.split(';')[0]!))].map((type) => [
            type,
            { schema: z.string() },
          ]),
        ),
      },
      ...errors(400, 403, 404),
    },
  })
  app.openapi(asset, (c) => {
    const name = c.req.valid('param').file
    return c.body(new Uint8Array(readAsset(name)), 200, {
      'content-type': ASSETS[name],
      'cache-control': 'public, max-age=3600',
    })
  })
}
