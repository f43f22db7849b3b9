import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the scripted server answers one request: a status, headers and body, or a dropped connection. */
export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop'

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/**
 * A real HTTP server on an ephemeral port that answers requests from a script, in order (the last
 * reply repeats), and records what it received. Stands in for a gateway that rate limits or fails.
 */
export async function startScriptedServer(script: Reply[]) {
  const received: Received[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const reply = script[Math.min(received.length - 1, script.length - 1)]!
      if (reply === 'drop') {
        req.socket.destroy()
        return
      }
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body)
      res.writeHead(reply.status, {
        ...(reply.body !== undefined &&
          typeof reply.body !== 'string' && { 'content-type': 'application/json' }),
        ...reply.headers,
      })
      res.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const problem = (
  status: number,
  code: string,
  detail: string,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  headers: { 'content-type': 'application/problem+json', ...headers },
  body: JSON.stringify({
    type: `https://switchyard.dev/problems/${code}`,
    title: code,
    status,
    detail,
    code,
  }),
})

export const PAGE = { status: 200, body: { data: [], has_more: false, limit: 50 } } satisfies Reply
