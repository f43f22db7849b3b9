import { createServer, type IncomingMessage, type RequestListener, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { App } from '../../src/server/app.js'

type Lane = (req: Parameters<RequestListener>[0], res: Parameters<RequestListener>[1]) => boolean

/**
 * One HTTP server that serves each request through a fast lane (made by `makeLane`, handing over to
 * the app) or through the app alone, as `useLane` says; `tally` counts what the lane took and what
 * it handed over. For comparing a lane's answers with the app's.
 */
export async function startLaneServer(app: App, makeLane: (toApp: RequestListener) => Lane) {
  const appListener = getRequestListener(app.fetch, { hostname: '127.0.0.1' })
  const tally = { taken: 0, handedOver: 0 }
  const state = { useLane: true }
  const lane = makeLane((req, res) => {
    tally.handedOver++
    appListener(req, res)
  })
  const server = createServer((req, res) => {
    if (state.useLane && lane(req, res)) tally.taken++
    else appListener(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    tally,
    state,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
export type LaneServer = Awaited<ReturnType<typeof startLaneServer>>

export interface RawAnswer {
  status: number
  /** The header names as sent, in order. */
  names: string[]
  /** The header fields by lower-case name; a repeated field's values joined by a newline. */
  fields: Record<string, string>
  body: Buffer
}

/**
 * One request with its target exactly as written (a URL string would be normalised first: `/a/../b`
 * to `/b`), and `repeated` sent as a second field of that name.
 */
export function send(
  port: number,
  path: string,
  options: { method: string; headers: Record<string, string>; body?: string; repeated?: [string, string] },
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method, headers: options.headers })
    if (options.repeated) req.appendHeader(...options.repeated)
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const names: string[] = []
        const fields: Record<string, string> = {}
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!
          names.push(name)
          const key = name.toLowerCase()
          fields[key] =
            fields[key] === undefined ? res.rawHeaders[i + 1]! : `${fields[key]}\n${res.rawHeaders[i + 1]}`
        }
        resolve({ status: res.statusCode!, names, fields, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
