import type { ProxyAnswer, ProxyCall } from '../../proxy/answerer.js'

/** Response headers as the proxy passes them on: name/value pairs, in order. */
export type HeaderList = Array<[string, string]>

/**
 * A simulated answer. A string body is sent as is, any other value as JSON; `null` is no body (and
 * no content-type).
 */
export const answer = (status: number, body: unknown, headers: HeaderList): ProxyAnswer => ({
  status,
  headers: body === null ? headers.filter(([n]) => n !== 'content-type') : headers,
  body: body === null ? null : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  mode: 'simulated',
})

/** Whether a helper gave back the answer to send instead of a value (`bodyOf`, a permission check). */
export const isAnswer = (v: unknown): v is ProxyAnswer =>
  typeof v === 'object' && v !== null && 'mode' in v && 'status' in v

/** The call's query string, parsed. */
export const queryOf = (call: Pick<ProxyCall, 'query'>) => new URLSearchParams(call.query)

/** The call's content type without parameters, lower case ('' when absent). */
export const contentTypeOf = (call: Pick<ProxyCall, 'headers'>) =>
  (call.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()

/** Why a JSON body was refused, for the provider to word in its own dialect. */
export type BodyProblem = { kind: 'empty' } | { kind: 'malformed'; detail: string } | { kind: 'not_object' }

/**
 * The call's JSON body. `empty` gives the value for an empty body (none: refused as `empty`);
 * `objectOnly` refuses arrays and scalars. A refusal is answered by `refuse`, in the provider's dialect.
 */
export function jsonBodyOf<T = unknown>(
  call: Pick<ProxyCall, 'body'>,
  refuse: (problem: BodyProblem) => ProxyAnswer,
  options: { empty?: T; objectOnly?: boolean } = {},
): T | ProxyAnswer {
  const text = call.body.toString('utf8').trim()
  if (!text) return 'empty' in options ? (options.empty as T) : refuse({ kind: 'empty' })
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return refuse({ kind: 'malformed', detail: (err as Error).message })
  }
  if (options.objectOnly && (typeof value !== 'object' || value === null || Array.isArray(value)))
    return refuse({ kind: 'not_object' })
  return value as T
}

/** The proxy URL of the call's path (what a client following a provider's link is sent to). */
export const proxyUrlOf = (call: Pick<ProxyCall, 'origin' | 'connection' | 'path'>) =>
  `${call.origin}/proxy/${call.connection.id}${call.path}`
