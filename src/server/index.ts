import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { CreatedApiKey } from '../core/api-keys/api-keys.schema.js'
import { bootstrap } from '../core/bootstrap.js'
import type { Clock } from '../core/common/clock.js'
import type { Ids } from '../core/common/ids.js'
import { type Core, createCore } from '../core/core.js'
import { prepareDataDir } from '../core/data-dir.js'
import { openDatabase } from '../core/db/open.js'
import { createApp } from './app.js'

export interface ServerConfig {
  dataDir: string
  host: string
  port: number
  clock?: Clock
  ids?: Ids
  logger?: Pick<Console, 'error' | 'warn' | 'info'>
  nativeBinding?: string
}

export interface RunningServer {
  url: string
  port: number
  core: Core
  /** Set on the first start of an empty data folder: the workspace and its two keys, shown once. */
  firstRun?: { workspace: string; keys: CreatedApiKey[] }
  close(): Promise<void>
}

/** The one composition root: opens the data folder, builds the app, listens. Never exits the process. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = openDatabase({
    path: prepareDataDir(config.dataDir),
    ...(config.nativeBinding ? { nativeBinding: config.nativeBinding } : {}),
  })
  const core = createCore({
    db,
    ...(config.clock && { clock: config.clock }),
    ...(config.ids && { ids: config.ids }),
  })
  const firstRun = bootstrap(core)
  const app = createApp({ core, ...(config.logger && { logger: config.logger }) })

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(s))
    s.once('error', (err) => {
      db.close()
      reject(err)
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host

  let closed: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    port,
    core,
    ...(firstRun && { firstRun }),
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => {
          db.pragma('wal_checkpoint(TRUNCATE)')
          db.close()
          resolve()
        })
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closed
    },
  }
}
