import { z } from 'zod'
import { MAX_PATH_PATTERN, parsePathPattern } from './path-pattern.js'
import { MAX_TEMPLATE, parseTemplate } from './template.js'

export const MOCK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*'] as const
export const MAX_MOCK_HEADERS = 50
/** How many mock routes one workspace may hold (and one cassette may carry). */
export const MAX_MOCK_ROUTES = 1000

/**
 * Response headers a mock route may not set: hop-by-hop ones (they describe one connection, not
 * the answer), Content-Length (computed from the rendered body) and the proxy's own mode header.
 */
export const FORBIDDEN_MOCK_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'switchyard-proxy-mode',
])
/** RFC 9110 token characters. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** Visible Latin-1 text, spaces and tabs: what an HTTP header value may hold. */
export const HEADER_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/
/** Statuses whose answers never have a body. */
export const NO_BODY_STATUSES = new Set([204, 205, 304])

const PATH_DOC =
  "Path under the provider's API base, starting with `/`: literal segments, `:name` segments (one non-empty segment each) and an optional trailing `*` (the rest of the path, zero or more segments). A trailing `/` is not significant; the query is not part of the pattern."
const TEMPLATE_DOC =
  'A template: `{{params.id}}`, `{{query.limit}}`, `{{headers.x-request-id}}`, `{{body.email}}` (JSON or form body, dotted path, array indices as numbers; form fields like `metadata[plan]` nest as `body.metadata.plan`), `{{method}}`, `{{path}}`, `{{now}}`, `{{timestamp}}`, `{{uuid}}`, and `{{json body.items}}` for a value as JSON. Missing values are empty; `\\{{` writes a literal `{{`. No code runs.'

export const MockMethodSchema = z.enum(MOCK_METHODS).meta({
  id: 'MockMethod',
  description: 'The HTTP method it answers (upper case), or `*` for any method.',
  example: 'GET',
})

const pathPattern = z
  .string()
  .max(MAX_PATH_PATTERN)
  .superRefine((value, ctx) => {
    const parsed = parsePathPattern(value)
    if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: `not a path pattern: ${parsed}` })
  })
  .meta({ description: PATH_DOC, example: '/v1/customers/:id' })

const template = z
  .string()
  .max(MAX_TEMPLATE)
  .superRefine((value, ctx) => {
    const parsed = parseTemplate(value)
    if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: `template error: ${parsed}` })
  })

const headers = z
  .record(z.string(), z.string().max(8192))
  .superRefine((value, ctx) => {
    const names = Object.keys(value)
    if (names.length > MAX_MOCK_HEADERS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_MOCK_HEADERS} headers` })
    }
    const seen = new Set<string>()
    for (const name of names) {
      const lower = name.toLowerCase()
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [name], message })
      if (!HEADER_NAME.test(name)) issue('not a header name (RFC 9110 token characters only)')
      else if (FORBIDDEN_MOCK_HEADERS.has(lower)) {
        issue(`'${name}' cannot be set by a mock route (hop-by-hop, computed, or the proxy's own)`)
      } else if (seen.has(lower)) issue(`'${name}' is set twice (header names are case-insensitive)`)
      else if (!HEADER_VALUE.test(value[name] as string)) {
        issue('the value must be visible Latin-1 text (no control characters or line breaks)')
      } else {
        const parsed = parseTemplate(value[name] as string)
        if (typeof parsed === 'string') issue(`template error: ${parsed}`)
      }
      seen.add(lower)
    }
  })
  .meta({
    description: `Response headers, name → value; values are templates too (substituted values lose control characters). Hop-by-hop headers, Content-Length and Switchyard-Proxy-Mode cannot be set. Without Content-Type, a body starting with \`{\` or \`[\` is sent as \`application/json\`, any other as \`text/plain; charset=utf-8\`.`,
    example: { 'content-type': 'application/json' },
  })

const description = z
  .string()
  .max(500)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'must not contain control characters')

const fields = {
  provider: z.string().min(1).max(63).meta({
    description: 'The provider whose API it answers: a catalog provider id or a custom provider.',
    example: 'stripe',
  }),
  method: MockMethodSchema,
  path: pathPattern,
  status: z
    .number()
    .int()
    .min(200, 'a final status (200 to 599; 1xx answers are the server’s own)')
    .max(599)
    .meta({ description: 'The answer status (200 to 599).', example: 200 }),
  headers,
  body: template.meta({
    description: `The answer body. ${TEMPLATE_DOC} In a JSON body (by its Content-Type) substituted values are JSON-string escaped, so they cannot break out of a string literal.`,
    example: '{"id":"{{params.id}}","object":"customer","email":"{{body.email}}"}',
  }),
  description: description.nullable().meta({ description: 'What it is for (free text).' }),
  enabled: z.boolean().meta({ description: 'Disabled routes are kept but never answer.' }),
}

/** A workspace's declarative answer for one method and path pattern of a provider's API. */
export const MockRouteSchema = z
  .object({
    id: z.string().meta({ example: 'mock_2Yk3x9QbVd7T1nLpR4sA' }),
    ...fields,
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({
    id: 'MockRoute',
    description:
      'A mock route: answers a simulated connection’s proxied call (and a replay-mode call) before the built-in simulation and the recordings.',
  })
export type MockRoute = z.infer<typeof MockRouteSchema>

export const CreateMockRouteSchema = z
  .object({
    provider: fields.provider,
    method: fields.method.default('GET'),
    path: fields.path,
    status: fields.status.default(200),
    headers: fields.headers.default({}),
    body: fields.body.default(''),
    description: fields.description.optional(),
    enabled: fields.enabled.default(true),
  })
  .strict()
  .meta({ id: 'CreateMockRoute', description: 'A new mock route (method defaults to GET, status to 200).' })
export type CreateMockRoute = z.infer<typeof CreateMockRouteSchema>

export const UpdateMockRouteSchema = z
  .object({
    provider: fields.provider.optional(),
    method: fields.method.optional(),
    path: fields.path.optional(),
    status: fields.status.optional(),
    headers: fields.headers.optional(),
    body: fields.body.optional(),
    description: fields.description.optional(),
    enabled: fields.enabled.optional(),
  })
  .strict()
  .meta({
    id: 'UpdateMockRoute',
    description: 'Fields to change; `description: null` clears it. `headers` replaces all headers.',
  })
export type UpdateMockRoute = z.infer<typeof UpdateMockRouteSchema>

/** A mock route as a cassette or a fixtures file carries it: its id keeps a re-import idempotent. */
export const MockRouteEntrySchema = z
  .object({
    id: z
      .string()
      .regex(
        /^mock_[A-Za-z0-9_-]{1,60}$/,
        "must start with 'mock_' followed by 1-60 letters, digits, '_' or '-'",
      ),
    ...CreateMockRouteSchema.shape,
    created_at: z.string().datetime().optional().meta({
      description: 'When it was created (newer routes win ties); default: when it is imported.',
    }),
  })
  .strict()
  .meta({
    id: 'MockRouteEntry',
    description:
      'A mock route in a cassette or fixtures file; importing one with an id already stored replaces it.',
  })
export type MockRouteEntry = z.infer<typeof MockRouteEntrySchema>
