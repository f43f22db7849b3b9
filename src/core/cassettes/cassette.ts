import { isUtf8 } from 'node:buffer'
import { z } from 'zod'
import {
  HEADER_NAME,
  HEADER_VALUE,
  MAX_MOCK_ROUTES,
  MockRouteEntrySchema,
} from '../mock-routes/mock-routes.schema.js'

/** The cassette file format's version; a reader refuses a version it does not know. */
export const CASSETTE_VERSION = 1

/** A header as HTTP can carry it: a token name, a Latin-1 value without line breaks. */
const HeaderPairSchema = z.tuple([
  z.string().max(8192).regex(HEADER_NAME, 'a header name (RFC 9110 token characters only)'),
  z
    .string()
    .max(65536)
    .regex(HEADER_VALUE, 'a header value (visible Latin-1 text: no line breaks or control characters)'),
])
const encoding = z.enum(['utf8', 'base64'])

export const CassetteEntrySchema = z
  .object({
    provider: z.string().min(1).max(63),
    recorded_at: z.string().datetime(),
    duration_ms: z.number().int().min(0),
    request: z
      .object({
        method: z
          .string()
          .min(1)
          .max(20)
          .regex(/^[A-Za-z]+$/, 'an HTTP method'),
        path: z.string().min(1).max(4096).regex(/^\//, 'a path starting with /'),
        query: z.string().max(16384),
        headers: z.array(HeaderPairSchema).max(200),
        body: z.string(),
        body_encoding: encoding,
      })
      .strict(),
    response: z
      .object({
        status: z.number().int().min(200, 'a final status (200 to 599)').max(599),
        headers: z.array(HeaderPairSchema).max(200),
        body: z.string(),
        body_encoding: encoding,
      })
      .strict(),
  })
  .strict()
  .meta({
    id: 'CassetteEntry',
    description:
      'One recorded exchange. Headers are [name, value] pairs in order; a body is text when it is UTF-8, else base64.',
  })
export type CassetteEntry = z.infer<typeof CassetteEntrySchema>

export const CassetteSchema = z
  .object({
    version: z.literal(CASSETTE_VERSION).meta({ description: 'The cassette format version (1).' }),
    entries: z.array(CassetteEntrySchema).max(100_000),
    mock_routes: z.array(MockRouteEntrySchema).max(MAX_MOCK_ROUTES).optional().meta({
      description:
        "The workspace's mock routes for the exported provider(s), when it has any. Importing replaces a route with the same id (never duplicates it).",
    }),
    openapi: z
      .array(
        z
          .object({
            provider: z.string().min(1).max(63),
            content_type: z.enum(['application/json', 'application/yaml']),
            document: z.string().min(1).meta({ description: 'The document as it was uploaded.' }),
          })
          .strict(),
      )
      .max(1000)
      .optional()
      .meta({
        description:
          "The OpenAPI documents attached to the exported provider(s), when there are any. Importing attaches each (replacing the provider's document).",
      }),
  })
  .strict()
  .meta({
    id: 'Cassette',
    description:
      'A cassette: recordings as a stable, diff-friendly JSON file (keys sorted, entries sorted by provider, method, path, query and time, one exchange per entry), plus the mock routes of the same provider(s). Credentials are redacted before anything is recorded.',
  })
export type Cassette = z.infer<typeof CassetteSchema>

/** A body as a cassette writes it: text when it is valid UTF-8, else base64. */
export const writeBody = (body: Buffer): { body: string; body_encoding: 'utf8' | 'base64' } =>
  isUtf8(body)
    ? { body: body.toString('utf8'), body_encoding: 'utf8' }
    : { body: body.toString('base64'), body_encoding: 'base64' }

export const readBody = (body: string, encodingName: 'utf8' | 'base64'): Buffer =>
  Buffer.from(body, encodingName)

/** Recursively sorts object keys (arrays keep their order), so the file is stable byte for byte. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}

/** The cassette as file text: sorted keys, two-space indent, a final newline. */
export const cassetteText = (cassette: Cassette): string => `${JSON.stringify(sortKeys(cassette), null, 2)}\n`
