import { readSse, type SseMessage } from '../../../src/sdk/sse'

/**
 * Follows an SSE endpoint with fetch (so the admin token goes in a header, never the URL),
 * reconnecting with Last-Event-ID after a drop. Returns a stop function.
 */
export function followStream(options: {
  url: string
  headers: Record<string, string>
  onMessage: (m: SseMessage) => void
  onState: (connected: boolean) => void
  retryMs?: number
}): () => void {
  const controller = new AbortController()
  let lastId: string | undefined
  let timer: number | undefined
  const connect = async () => {
    try {
      const res = await fetch(options.url, {
        headers: {
          ...options.headers,
          accept: 'text/event-stream',
          ...(lastId && { 'last-event-id': lastId }),
        },
        signal: controller.signal,
      })
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`)
      options.onState(true)
      for await (const m of readSse(res.body)) {
        if (m.id) lastId = m.id
        options.onMessage(m)
      }
    } catch {
      if (controller.signal.aborted) return
    }
    options.onState(false)
    if (!controller.signal.aborted) timer = window.setTimeout(connect, options.retryMs ?? 3000)
  }
  connect()
  return () => {
    controller.abort()
    window.clearTimeout(timer)
  }
}
