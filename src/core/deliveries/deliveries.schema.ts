import { z } from 'zod'

export const DeliveryKindSchema = z.enum(['forward', 'replay', 'endpoint']).meta({
  description:
    'forward: `switchyard listen`; replay: `POST /api/events/{id}/replay`; endpoint: an outbound webhook endpoint.',
})

/** One attempt to deliver an event somewhere. */
export const DeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    kind: DeliveryKindSchema,
    endpoint_id: z.string().nullable(),
    target: z.string().meta({ example: 'http://127.0.0.1:3000/hooks' }),
    attempt: z.number().int().meta({ description: 'Attempt number for this event and target, from 1.' }),
    status: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'HTTP status of the answer; null when none came (refused, timed out).' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    created_at: z.string().datetime(),
  })
  .meta({ id: 'Delivery' })
export type Delivery = z.infer<typeof DeliverySchema>

/** http(s) URL, as a target to deliver to. */
export const TargetUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
      )
    } catch {
      return false
    }
  }, 'must be an http(s) URL without credentials')

/** What `switchyard listen` reports after each forwarding attempt. */
export const RecordDeliverySchema = z
  .object({
    target: TargetUrlSchema,
    attempt: z.number().int().min(1).max(1000),
    status: z.number().int().min(100).max(599).nullable().optional(),
    error: z.string().max(1000).nullable().optional(),
    duration_ms: z.number().int().min(0).max(86_400_000),
  })
  .strict()
  .meta({ id: 'RecordDelivery' })
export type RecordDelivery = z.infer<typeof RecordDeliverySchema>

/** An HTTP field name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/
/** A field value: visible characters, spaces and tabs; never CR, LF or NUL (no header injection). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const HEADER_VALUE = /^[^\u0000-\u0008\u000a-\u001f\u007f]*$/

export const ReplayHeadersSchema = z
  .record(
    z.string().regex(HEADER_NAME, "a header name (letters, digits and !#$%&'*+.^_`|~-)"),
    z.string().max(8192).regex(HEADER_VALUE, 'no CR, LF or other control characters').nullable(),
  )
  .refine((headers) => Object.keys(headers).length <= 100, 'at most 100 headers')
  .meta({
    description:
      'Header changes, by name (case-insensitive): a string replaces every header of that name (or adds it), ' +
      '`null` removes it. Hop-by-hop headers (Host, Content-Length, Connection, …) are set by the gateway.',
    example: { 'X-GitHub-Event': 'ping', 'X-Hub-Signature-256': null },
  })

export const ReplayBodySchema = z
  .union([
    z.string().meta({ description: 'The new body as text (sent as UTF-8).' }),
    z
      .object({
        base64: z
          .string()
          .regex(
            /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
            'standard base64 (RFC 4648)',
          ),
      })
      .strict()
      .meta({ description: 'The new body as base64, for binary bodies.' }),
  ])
  .meta({ description: 'The new body: text, or `{ "base64": "…" }` for bytes that are not text.' })

export const ReplaySchema = z
  .object({
    url: TargetUrlSchema.optional().meta({
      description: 'Where to deliver; defaults to the target of the most recent delivery of this event.',
    }),
    headers: ReplayHeadersSchema.optional(),
    body: ReplayBodySchema.optional(),
    resign: z
      .boolean()
      .optional()
      .meta({
        description:
          "Sign what is sent with the provider config's webhook_secret and the provider's scheme, with a fresh " +
          'timestamp (the old signature headers are replaced). 409 when there is no secret or no scheme.',
      }),
  })
  .strict()
  .meta({
    id: 'ReplayRequest',
    description:
      'Without `headers`, `body` or `resign`: the exact captured request. With any of them: the edited request, ' +
      'recorded as a new `webhook.replayed` event (`replay_of` = this event) that holds what was sent; the ' +
      "attempt belongs to it. Bodies are bounded by the API's 1 MiB JSON limit (413).",
  })
export type ReplayHeaders = z.infer<typeof ReplayHeadersSchema>
export type ReplayBody = z.infer<typeof ReplayBodySchema>
export type Replay = z.infer<typeof ReplaySchema>
