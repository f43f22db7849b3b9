import type { CapturedRequest, Event } from './events.schema.js'

export type ExportFormat = 'ndjson' | 'har'

export interface ExportItem {
  event: Event
  request: CapturedRequest | null
}

/** One NDJSON line: the event with its request (body as text or base64, as in the API). */
export const ndjsonLine = (item: ExportItem): string =>
  `${JSON.stringify({ ...item.event, request: item.request })}\n`

/** A HAR 1.2 entry for a captured webhook (the gateway's own answer is not stored, so it is a stub). */
export function harEntry(item: ExportItem & { request: CapturedRequest }): Record<string, unknown> {
  const { event, request } = item
  const host = request.headers.find((h) => h.name.toLowerCase() === 'host')?.value ?? '127.0.0.1'
  const url = `http://${host}${request.path}${request.query_string ? `?${request.query_string}` : ''}`
  return {
    startedDateTime: request.received_at,
    time: 0,
    request: {
      method: request.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: request.headers,
      queryString: request.query,
      postData: {
        mimeType: request.content_type ?? 'application/octet-stream',
        text: request.body,
        ...(request.body_encoding === 'base64' && { _encoding: 'base64' }),
      },
      headersSize: -1,
      bodySize: request.size,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: -1, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _switchyard: event,
  }
}

/**
 * Serializes an export as text chunks, one page at a time, so a large log streams in constant
 * memory. HAR holds captured webhooks only (domain events have no HTTP request); NDJSON holds all.
 */
export function* exportChunks(
  items: Iterable<ExportItem>,
  format: ExportFormat,
  creator: { name: string; version: string },
): Generator<string> {
  if (format === 'ndjson') {
    for (const item of items) yield ndjsonLine(item)
    return
  }
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`
  let first = true
  for (const item of items) {
    if (!item.request) continue
    yield `${first ? '' : ','}${JSON.stringify(harEntry({ ...item, request: item.request }))}`
    first = false
  }
  yield ']}}\n'
}
