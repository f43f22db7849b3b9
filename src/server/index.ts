import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CreatedApiKey } from '../core/api-keys/api-keys.schema.js'
import { bootstrap } from '../core/bootstrap.js'
import type { Clock } from '../core/common/clock.js'
import type { Ids } from '../core/common/ids.js'
import { type Core, createCore } from '../core/core.js'
import { type OpenDataFolderOptions, openDataFolder } from '../core/data-folder.js'
import type { Durability } from '../core/db/durability.js'
import { closeDatabase } from '../core/db/open.js'
import { fixturesOf } from '../core/fixtures/fixtures.service.js'
import { openSdkUpstream } from './sdk-upstream.js'
import { serveInStages } from './staged-start.js'

/**
 * How long a client may take and how many may be connected at once. A slow or stuck client costs a
 * socket and a parser; without limits a handful of one-byte-a-second clients hold them forever.
 */
export interface ServerLimits {
  /** Time to receive a request's headers; then 408 and the socket is closed. */
  headersTimeoutMs: number
  /**
   * Time to receive a whole request, body included (Node's `requestTimeout`); then 408. It bounds
   * only what the client sends: a response may stream for as long as it likes (the event stream).
   */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeoutMs: number
  /** Open connections at most; the server drops new ones beyond it until some close. */
  maxConnections: number
}

/**
 * The defaults: 10 s for headers (a real client sends them in one packet); 30 s for a request,
 * enough for a 5 MiB webhook over a slow uplink (about 170 KiB/s); Node's 5 s keep-alive; 256
 * connections, five times what bench:api opens, far above what one laptop's clients need.
 */
export const SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
}

export interface ServerConfig {
  dataDir: string
  host: string
  port: number
  clock?: Clock
  ids?: Ids
  logger?: Pick<Console, 'error' | 'warn' | 'info'>
  /** Passed to openDataFolder (the desktop app's native binding and keychain-wrapped key). */
  folder?: OpenDataFolderOptions
  /** Timeouts and the connection cap; SERVER_LIMITS where not given. */
  limits?: Partial<ServerLimits>
  /** A fixtures document (parsed JSON) to apply before listening; an invalid one fails the start. */
  fixtures?: unknown
  /** How durable each commit is (`--durability`); `full` unless given. See core/db/durability.ts. */
  durability?: Durability
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
  const folder = openDataFolder(config.dataDir, {
    ...config.folder,
    ...(config.durability && { durability: config.durability }),
  })
  const { db } = folder
  const core = createCore({
    db,
    encryptionKey: folder.encryptionKey,
    adminToken: folder.adminToken,
    openUpstream: openSdkUpstream,
    ...(config.clock && { clock: config.clock }),
    ...(config.ids && { ids: config.ids }),
  })
  let firstRun: ReturnType<typeof bootstrap>
  try {
    firstRun = bootstrap(core)
    if (config.fixtures !== undefined) fixturesOf(core).apply(config.fixtures)
  } catch (err) {
    closeDatabase(db)
    throw err
  }
  const appDeps = { core, ...(config.logger && { logger: config.logger }) }

  const limits = { ...SERVER_LIMITS, ...config.limits }
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default, which would stretch a
    // 10 s headers timeout to 40): a scan of the open connections, cheap at a few hundred.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  })
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  server.maxConnections = limits.maxConnections
  const staged = serveInStages(server, appDeps, config.host)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => {
      db.close()
      reject(err)
    })
    server.listen(config.port, config.host, resolve)
  })
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
      staged.stop()
      closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        await core.close()
        closeDatabase(db)
      })()
      return closed
    },
  }
}
