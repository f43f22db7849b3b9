import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { type App, type AppDeps, createApp, createHealthApp } from './app.js'

/** How long after the HTTP adapter is ready the API is assembled, unless a request needs it sooner. */
const ASSEMBLE_AFTER_MS = 20

/** The path of a request URL, without parsing the whole URL. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const end = url.search(/[?#]/)
  return start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end)
}

/**
 * Serves the app on `server` in three steps, so whoever reads "listening on" is answered as soon as
 * possible and never refused (startup in bench/RESULTS.md):
 * 1. the socket is bound; requests wait in its backlog, or here in `queued`;
 * 2. on the next turn the HTTP adapter loads (with Node's fetch classes, while the client
 *    connects) and /health is answered, by an app of /health alone behind the same middleware;
 * 3. the rest of the API is assembled, one route group per turn of the event loop (createApp's
 *    `between`), in the background or at once for a request that needs it, which waits until then;
 * 4. the stored OpenAPI documents are prepared for their simulations, a step per turn, in the background.
 * With the whole app, the fast lanes (proxy-fast-lane.ts, capture-fast-lane.ts) take the usual
 * proxied calls and webhook deliveries first.
 * Call it before `server.listen`; `stop()` abandons the steps not yet taken (the server is closing).
 */
export function serveInStages(server: Server, deps: AppDeps, hostname: string): { stop(): void } {
  const health = createHealthApp(deps)
  const healthPaths = new Set(health.routes.filter((r) => r.method !== 'ALL').map((r) => r.path))
  let app: App | undefined
  let stopped = false
  const nextTurn = () =>
    new Promise<void>((resolve, reject) =>
      setImmediate(() => (stopped ? reject(new Error('server closed')) : resolve())),
    )
  let assembling: Promise<App> | undefined
  // The fast lanes take the usual proxied call, webhook delivery and search once the whole app is there
  // to hand the others to.
  let fastLanes: Array<(req: IncomingMessage, res: ServerResponse) => boolean> = []
  const wholeApp = () =>
    (assembling ??= createApp(deps, nextTurn).then(async (built) => {
      const [{ createProxyFastLane }, { createCaptureFastLane }, { createSearchFastLane }] =
        await Promise.all([
          import('./proxy-fast-lane.js'),
          import('./capture-fast-lane.js'),
          import('./search-fast-lane.js'),
        ])
      const toApp: RequestListener = (req, res) => handle!(req, res)
      fastLanes = [
        createProxyFastLane(deps.core, toApp),
        createCaptureFastLane(deps.core, toApp),
        createSearchFastLane(deps.core, toApp),
      ]
      app = built
      return built
    }))
  const fetch: App['fetch'] = (request, env, context) => {
    if (app) return app.fetch(request, env, context)
    if (healthPaths.has(pathOf(request.url))) return health.fetch(request, env, context)
    return wholeApp().then((built) => built.fetch(request, env, context))
  }

  let handle: RequestListener | undefined
  const queued: Array<[IncomingMessage, ServerResponse]> = []
  server.on('request', (req, res) => {
    for (const lane of fastLanes) if (lane(req, res)) return
    if (handle) handle(req, res)
    else queued.push([req, res])
  })
  let attach: NodeJS.Immediate | undefined
  let assemble: NodeJS.Timeout | undefined
  server.once('listening', () => {
    attach = setImmediate(async () => {
      const { getRequestListener } = await import('@hono/node-server')
      handle = getRequestListener(fetch, { hostname })
      for (const [req, res] of queued.splice(0)) handle(req, res)
      // In the background once the first requests (a health check, typically) have been answered.
      // A failed assembly shows on the requests that wait for it (and in every test of createApp).
      // Then the stored OpenAPI documents are prepared, a step per turn, for their first calls.
      assemble = setTimeout(
        () =>
          wholeApp()
            .then(() => deps.core.openapiDocs.prepareAll(nextTurn))
            .catch(() => {}),
        ASSEMBLE_AFTER_MS,
      )
    })
  })
  return {
    stop() {
      stopped = true
      clearImmediate(attach)
      clearTimeout(assemble)
    },
  }
}
