import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  url: string
  /** Raw header pairs, as the receiver got them. */
  headers: Array<[string, string]>
  body: Buffer
}

type Responder = (req: Received, res: ServerResponse) => void

/**
 * A real HTTP receiver on an ephemeral port (the user's app, in tests): records every request and
 * answers with `respond` (default 200 "ok").
 */
export async function startReceiver(respond: Responder = (_req, res) => res.end('ok')) {
  const received: Received[] = []
  const waiters: Array<() => void> = []
  let responder = respond
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const pairs: Array<[string, string]> = []
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
      const got = { method: req.method!, url: req.url!, headers: pairs, body: Buffer.concat(chunks) }
      received.push(got)
      responder(got, res)
      for (const wake of waiters.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    /** Changes how later requests are answered. */
    respondWith(next: Responder) {
      responder = next
    },
    /** Resolves once at least `n` requests have arrived. */
    async waitFor(n: number, timeoutMs = 10_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
      return received
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>

/** A URL on which nothing listens (a port that was just free). */
export async function deadUrl(): Promise<string> {
  const r = await startReceiver()
  await r.close()
  return r.url
}

/** Reads Server-Sent Events from a streaming response until `until` says stop. */
export async function readSse(
  res: Response,
  until: (events: Array<{ id?: string; data: string }>) => boolean,
  timeoutMs = 10_000,
): Promise<Array<{ id?: string; data: string }>> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: Array<{ id?: string; data: string }> = []
  let buffer = ''
  const deadline = Date.now() + timeoutMs
  try {
    while (!until(events)) {
      if (Date.now() > deadline) throw new Error(`SSE: only ${events.length} events before the timeout`)
      const { value, done } = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined; done: true }>((r) =>
          setTimeout(() => r({ value: undefined, done: true }), timeoutMs),
        ),
      ])
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
        const id = block
          .split('\n')
          .find((l) => l.startsWith('id: '))
          ?.slice(4)
        if (data.length) events.push({ ...(id && { id }), data: data.join('\n') })
        end = buffer.indexOf('\n\n')
      }
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return events
}
