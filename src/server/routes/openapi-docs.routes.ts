import { type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import type { Core } from '../../core/core.js'
import { OPENAPI_BODY_LIMIT, OpenApiDocumentInfoSchema } from '../../core/openapi-docs/openapi-docs.schema.js'
import type { AppEnv } from '../env.js'
import { limitBody } from '../middleware/body-limit.js'
import { DELETED, errors, json, keyRoute } from '../openapi.js'

const TAG = 'Providers'

/** The route path that gets the larger body limit (app.ts leaves it out of the 1 MiB one). */
export const OPENAPI_DOCUMENT_PATH = /^\/api\/providers\/[^/]+\/openapi$/

const ProviderParamSchema = z.object({
  provider_id: z
    .string()
    .min(1)
    .max(63)
    .openapi({ param: { name: 'provider_id', in: 'path' }, description: 'A catalog or custom provider id.' }),
})

const DocumentSchema = z
  .record(z.string(), z.unknown())
  .openapi('OpenApiDocument', { description: 'An OpenAPI 3.0 or 3.1 document.' })

const SIMULATION =
  "Simulated connections of the provider are then answered from the document, after mock routes and any built-in simulation and before recordings: operations matched by method and path template, requests validated (400 in the document's declared error shape, else problem+json naming each pointer), collection/item path pairs kept as state per connection (POST creates, GET reads and lists with the declared pagination parameters, PUT/PATCH update, DELETE removes), other answers from the document's examples or values generated from its schemas. Answers carry `Switchyard-Operation: <operationId>`. A provider config with `validate_against_openapi: true` checks live and recorded exchanges against it."

/** A provider's OpenAPI document: attach (PUT), read (GET) and detach (DELETE). */
export function registerOpenApiDocRoutes(app: OpenAPIHono<AppEnv>, core: Core) {
  const { openapiDocs } = core
  const ws = (c: { get(k: 'principal'): { workspaceId: string } }) => c.get('principal').workspaceId

  // The document is read as text, not through the JSON validator: it is parsed once (JSON or YAML),
  // checked against the OpenAPI schema and stored byte for byte as it came.
  const put = keyRoute(core, 'secret', [limitBody(OPENAPI_BODY_LIMIT)], {
    method: 'put',
    path: '/api/providers/{provider_id}/openapi',
    tags: [TAG],
    summary: "Attach a provider's OpenAPI document",
    description: `Stores (or replaces) the provider's OpenAPI 3.0 or 3.1 document, sent as \`application/json\`, \`application/yaml\` or \`text/yaml\` (up to ${OPENAPI_BODY_LIMIT / 1024 / 1024} MiB). \`$ref\`s inside the document must resolve; external ones (files, URLs) are refused. An invalid document is a 400 listing every problem by JSON pointer, and nothing is stored. ${SIMULATION}`,
    operationId: 'putProviderOpenApi',
    request: {
      params: ProviderParamSchema,
      body: {
        required: true,
        content: {
          'application/json': { schema: DocumentSchema },
          'application/yaml': { schema: z.string() },
          'text/yaml': { schema: z.string() },
        },
      },
    },
    responses: {
      200: json(OpenApiDocumentInfoSchema, 'Stored: what the gateway read from it.'),
      ...errors(404, 413, 415),
    },
  })
  const { middleware, ...putDoc } = put
  app.openAPIRegistry.registerPath(putDoc)
  const handle = async (c: Context<AppEnv>) => {
    const text = await c.req.text()
    const provider = c.req.param('provider_id') as string
    return c.json(openapiDocs.put(ws(c), provider, text, c.req.header('content-type')), 200)
  }
  app.put('/api/providers/:provider_id/openapi', every(...(middleware as MiddlewareHandler[])), handle)

  const get = keyRoute(core, 'secret', [], {
    method: 'get',
    path: '/api/providers/{provider_id}/openapi',
    tags: [TAG],
    summary: "Get a provider's OpenAPI document",
    description: 'The document exactly as it was uploaded, in the content type it was uploaded with.',
    operationId: 'getProviderOpenApi',
    request: { params: ProviderParamSchema },
    responses: {
      200: {
        description: 'The document.',
        content: {
          'application/json': { schema: DocumentSchema },
          'application/yaml': { schema: z.string() },
        },
      },
      ...errors(404),
    },
  })
  app.openapi(get, (c) => {
    const { contentType, source } = openapiDocs.get(ws(c), c.req.valid('param').provider_id)
    return c.body(source, 200, { 'content-type': `${contentType}; charset=utf-8` }) as never
  })

  const remove = keyRoute(core, 'secret', [], {
    method: 'delete',
    path: '/api/providers/{provider_id}/openapi',
    tags: [TAG],
    summary: "Remove a provider's OpenAPI document",
    description: "Detaches it; its simulation's stored objects are deleted. 404 when the provider has none.",
    operationId: 'deleteProviderOpenApi',
    request: { params: ProviderParamSchema },
    responses: { 204: DELETED, ...errors(404) },
  })
  app.openapi(remove, (c) => {
    openapiDocs.remove(ws(c), c.req.valid('param').provider_id)
    return c.body(null, 204)
  })
}
