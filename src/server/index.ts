import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { CreatedApiKey } from '../core/api-keys/api-keys.schema.js'
import { bootstrap } from '../core/bootstrap.js'
import type { Clock } from '../core/common/clock.js'
import type { Ids } from '../core/common/ids.js'
import { type Core, createCore } from '../core/core.js'
import { type OpenDataFolderOptions, openDataFolder } from '../core/data-folder.js'
import { closeDatabase } from '../core/db/open.js'
import { type App, createApp } from './app.js'

export interface ServerConfig {
  dataDir: string
  host: string
  port: number
  clock?: Clock
  ids?: Ids
  logger?: Pick<Console, 'error' | 'warn' | 'info'>
  /** Passed to openDataFolder (the desktop app's native binding and keychain-wrapped key). */
  folder?: OpenDataFolderOptions
}

export interface RunningServer {
  url: string
  port: number
  core: Core
  /** Set on the first start of an empty data folder: the workspace and its two keys, shown once. */
  firstRun?: { workspace: string; keys: CreatedApiKey[] }
  /** The local admin token the UI needs (random per data folder). */
  adminToken: string
  close(): Promise<void>
}

/** The one composition root: opens the data folder, builds the app, listens. Never exits the process. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const folder = openDataFolder(config.dataDir, config.folder)
  const { db } = folder
  const core = createCore({
    db,
    encryptionKey: folder.encryptionKey,
    adminToken: folder.adminToken,
    ...(config.clock && { clock: config.clock }),
    ...(config.ids && { ids: config.ids }),
  })
  const firstRun = bootstrap(core)
  // The socket is bound before the HTTP app is assembled, which then happens in the next turn of the
  // event loop: whoever reads "listening on" connects meanwhile, and a request that arrives first
  // waits in the backlog (or builds the app itself). The first answer comes sooner; none fails.
  let app: App | undefined
  const appNow = () => {
    app ??= createApp({ core, ...(config.logger && { logger: config.logger }) })
    return app
  }
  const fetch: App['fetch'] = (request, env, context) => appNow().fetch(request, env, context)

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch, hostname: config.host, port: config.port }, () => resolve(s))
    s.once('error', (err) => {
      db.close()
      reject(err)
    })
  })
  const assemble = setImmediate(appNow)
  const port = (server.address() as AddressInfo).port
  // A wildcard bind is reachable on loopback, and only loopback Host names pass the host check.
  const wildcard = config.host === '0.0.0.0' || config.host === '::'
  const shownHost = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host

  let closed: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    port,
    core,
    adminToken: folder.adminToken,
    ...(firstRun && { firstRun }),
    close() {
      clearImmediate(assemble)
      closed ??= new Promise<void>((resolve) => {
        server.close(() => {
          closeDatabase(db)
          resolve()
        })
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closed
    },
  }
}
