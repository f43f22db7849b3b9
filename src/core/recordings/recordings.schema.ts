import { z } from 'zod'
import { NameValueSchema } from '../events/events.schema.js'

export const PROXY_MODES = ['live', 'record', 'replay'] as const
export const ProxyModeSchema = z.enum(PROXY_MODES).meta({
  id: 'ProxyMode',
  description:
    'How the proxy answers real connections of this config: live (calls the provider), record (calls the provider and saves every exchange as a recording), replay (no network: recordings only).',
})
export type ProxyMode = z.infer<typeof ProxyModeSchema>

const BodyFields = {
  size: z.number().int().meta({ description: 'Body size in bytes.' }),
  body: z.string().meta({ description: 'The body: text when it is valid UTF-8, else base64.' }),
  body_encoding: z.enum(['utf8', 'base64']),
}

/** One side of a recorded exchange. Credential-carrying headers hold the redaction marker. */
export const RecordedRequestSchema = z
  .object({
    headers: z.array(NameValueSchema).meta({
      description:
        "Headers as sent to the provider, in order; credential headers (names containing auth, key, token, secret, signature, session, password, credential or cookie) and the connection's tokens are replaced by `[redacted]`.",
    }),
    ...BodyFields,
  })
  .meta({ id: 'RecordedRequest' })

export const RecordedResponseSchema = z
  .object({
    headers: z.array(NameValueSchema).meta({
      description:
        "Headers as the provider sent them (hop-by-hop removed; credential headers such as Set-Cookie and x-access-token, and the connection's tokens, redacted).",
    }),
    ...BodyFields,
  })
  .meta({ id: 'RecordedResponse' })

const summaryFields = {
  id: z.string().meta({ example: 'rec_2Yk3…' }),
  provider: z.string(),
  connection_id: z.string().nullable().meta({
    description: 'The connection it was recorded through; null for an imported recording.',
  }),
  method: z.string().meta({ example: 'GET' }),
  path: z.string().meta({
    description: "Path under the provider's API base URL, starting with `/`.",
    example: '/user/repos',
  }),
  query: z.string().meta({ description: 'The raw query string, without the `?`.' }),
  status: z.number().int().meta({ description: "The provider's status code.", example: 200 }),
  duration_ms: z.number().int().meta({ description: 'Time until the provider answered, when recorded.' }),
  request_size: z.number().int().meta({ description: 'Request body size in bytes.' }),
  response_size: z.number().int().meta({ description: 'Response body size in bytes.' }),
  created_at: z.string().datetime(),
}

/** A recording as search lists it: the exchange without its headers and bodies. */
export const RecordingSummarySchema = z.object(summaryFields).meta({ id: 'RecordingSummary' })
export type RecordingSummary = z.infer<typeof RecordingSummarySchema>

/** A recorded exchange with the proxy, bodies included. */
export const RecordingSchema = z
  .object({ ...summaryFields, request: RecordedRequestSchema, response: RecordedResponseSchema })
  .meta({ id: 'Recording' })
export type Recording = z.infer<typeof RecordingSchema>
