import { createHash } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  rawHeaders: string[]
  body: Buffer
}

/** Deterministic bytes covering every byte value, for byte-exactness checks. */
export const patternBytes = (size: number) => {
  const out = Buffer.allocUnsafe(size)
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 8)) & 0xff
  return out
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * A real HTTP server standing in for a provider's REST API. It remembers every request, and:
 * `/echo` answers the request body with its content type and a digest header; `/bytes?n=` sends
 * n pattern bytes (chunked), `/sized-bytes?n=` the same with their length declared; `/paged?page=` is three pages of two items with a GitHub-style absolute
 * `Link`; `/whoami` gives the token back in `x-access-token` and the body; `/created` answers 201 with an absolute `Location`; `/short` declares 100 bytes and hangs up after 10; `/status/{code}` answers that status; tokens listed by `reject()`
 * get a 401 on any path; everything else answers JSON describing the request.
 */
export async function startProviderApi() {
  const seen: SeenRequest[] = []
  const rejected = new Set<string>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
      })
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
      if (rejected.has(token)) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        return res.end('{"message":"Bad credentials"}')
      }
      const url = new URL(req.url!, 'http://x')
      if (url.pathname.endsWith('/echo')) {
        res.writeHead(200, {
          'content-type': req.headers['content-type'] ?? 'application/octet-stream',
          'x-body-sha256': sha256(body),
          'set-cookie': ['session=s3cr3t; HttpOnly', 'theme=dark'],
        })
        return res.end(body)
      }
      if (url.pathname.endsWith('/bytes')) {
        const n = Number(url.searchParams.get('n'))
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        const all = patternBytes(n)
        let offset = 0
        const write = () => {
          while (offset < n) {
            const chunk = all.subarray(offset, offset + 65536)
            offset += chunk.length
            if (!res.write(chunk)) return void res.once('drain', write)
          }
          res.end()
        }
        return write()
      }
      if (url.pathname.endsWith('/sized-bytes')) {
        // n pattern bytes of declared length: read whole by the proxy and sent in one piece.
        const all = patternBytes(Number(url.searchParams.get('n')))
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': all.length })
        return res.end(all)
      }
      if (url.pathname.endsWith('/paged')) {
        // Three pages of two items, GitHub style: absolute provider URLs in Link.
        const page = Number(url.searchParams.get('page') ?? '1')
        const at = (n: number) => `<${origin()}${url.pathname}?page=${n}&per_page=2>`
        const links = [...(page < 3 ? [`${at(page + 1)}; rel="next"`] : []), `${at(3)}; rel="last"`]
        res.writeHead(200, { 'content-type': 'application/json', link: links.join(', ') })
        return res.end(JSON.stringify([{ id: page * 2 - 1 }, { id: page * 2 }]))
      }
      if (url.pathname.endsWith('/whoami')) {
        // Gives the caller's token back, in a header and in the body, as some APIs do.
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-access-token': token,
          'x-request-id': 'r1',
        })
        return res.end(JSON.stringify({ token, note: `token is ${token}` }))
      }
      if (url.pathname.endsWith('/sized')) {
        // Declares its length, as most JSON APIs do (the others above send theirs chunked).
        const sized = JSON.stringify({ sized: true, query: url.search })
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(sized),
          'set-cookie': ['a=1', 'b=2'],
          ratelimit: '"provider";r=9;t=1',
        })
        return res.end(sized)
      }
      if (url.pathname.endsWith('/own-request-id')) {
        // Its own request id, in the header Stripe's and other SDKs read.
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_provider_1' })
        return res.end('{}')
      }
      if (url.pathname.endsWith('/short')) {
        // Declares 100 bytes, sends 10 and hangs up: an answer cut short.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        res.write('{"cut":"sh')
        return void setTimeout(() => res.socket?.destroy(), 20)
      }
      if (url.pathname.endsWith('/created')) {
        res.writeHead(201, { 'content-type': 'application/json', location: `${origin()}/v1/things/7` })
        return res.end('{"id":7}')
      }
      const status = /\/status\/(\d{3})$/.exec(url.pathname)?.[1]
      if (status) {
        res.writeHead(Number(status), { 'content-type': 'text/plain' })
        return res.end(Number(status) === 204 ? undefined : `status ${status}`)
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-provider': 'local' })
      res.end(JSON.stringify({ method: req.method, url: req.url }))
    })
  })
  let connections = 0
  let open = 0
  server.on('connection', (socket) => {
    connections++
    open++
    socket.on('close', () => open--)
  })
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = origin()
  return {
    url,
    seen,
    /** How many TCP connections the API has accepted so far. */
    connections: () => connections,
    /** How many of them are still open. */
    openConnections: () => open,
    /** Makes the API answer 401 to this access token. */
    reject: (token: string) => rejected.add(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
export type ProviderApi = Awaited<ReturnType<typeof startProviderApi>>
