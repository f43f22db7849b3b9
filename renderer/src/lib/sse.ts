export interface SseMessage {
  id?: string
  event: string
  data: string
}

/** Parses a Server-Sent Events byte stream (WHATWG rules: fields, blank-line dispatch, comments). */
export function createSseParser(onMessage: (m: SseMessage) => void) {
  let buffer = ''
  let data: string[] = []
  let event = ''
  let id: string | undefined
  const line = (text: string) => {
    if (text === '') {
      if (data.length)
        onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined && { id }) })
      data = []
      event = ''
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'event') event = value
    else if (field === 'id' && !value.includes('\0')) id = value
  }
  return (chunk: string) => {
    buffer += chunk
    const lines = buffer.split(/\r\n|\r|\n/)
    buffer = lines.pop() ?? ''
    for (const l of lines) line(l)
  }
}

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
      const parse = createSseParser((m) => {
        if (m.id) lastId = m.id
        options.onMessage(m)
      })
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        parse(value)
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
