import type { ProxyAnswer } from '../../proxy/answerer.js'

const HEADER = 'x-hubspot-correlation-id'

/** The error body with the id placed where HubSpot writes it (after `message`). */
function stampBody(body: Uint8Array, id: string): Uint8Array {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(body).toString('utf8'))
  } catch {
    return body
  }
  if (typeof value !== 'object' || value === null || (value as { status?: unknown }).status !== 'error')
    return body
  const { status, message, ...rest } = value as Record<string, unknown>
  return Buffer.from(JSON.stringify({ status, message, correlationId: id, ...rest }))
}

/**
 * HubSpot gives each request one correlation id, in `X-HubSpot-Correlation-Id` and in an error
 * body's `correlationId`. Answers are built without it and stamped here with the call's id, which
 * comes from the injected ids (so a test can predict it).
 */
export function withCorrelationId(answer: ProxyAnswer, id: string): ProxyAnswer {
  const headers = answer.headers.filter(([name]) => name.toLowerCase() !== HEADER)
  const at = headers.findIndex(([name]) => name === 'content-type') + 1
  headers.splice(at, 0, [HEADER, id])
  const body =
    answer.status >= 400 && answer.body instanceof Uint8Array ? stampBody(answer.body, id) : answer.body
  return { ...answer, headers, body }
}
