import { createServer, type RequestListener } from 'node:http'
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
