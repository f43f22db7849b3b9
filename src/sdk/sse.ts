import { createParser } from 'eventsource-parser'

/** One server-sent event: `event` is `message` unless the server named it. */
export interface SseMessage {
  id?: string
  event: string
  data: string
}

/**
 * The messages of a text/event-stream body, in order, until it ends (WHATWG rules, by
 * eventsource-parser: fields split across chunks, multi-line data, comments and pings skipped).
 * The one reader of the dashboard and the CLI; leaving the loop early cancels the body.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  let pending: SseMessage[] = []
  const parser = createParser({
    onEvent: (e) =>
      pending.push({ event: e.event ?? 'message', data: e.data, ...(e.id !== undefined && { id: e.id }) }),
  })
  const decoder = new TextDecoder()
  const reader = body.getReader()
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      parser.feed(decoder.decode(value, { stream: true }))
      const batch = pending
      pending = []
      yield* batch
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}
