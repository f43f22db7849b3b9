import { afterAll, beforeAll } from 'vitest'
import { type RunningServer, type ServerConfig, startServer } from '../../src/server/index.js'
import { tempDir } from './app.js'

const QUIET = { error() {}, warn() {}, info() {} }

/** The real server on 127.0.0.1 and a free port, on the data folder given, logging nothing. */
export const startQuietServer = (
  dataDir: string,
  config: Partial<ServerConfig> = {},
): Promise<RunningServer> => startServer({ dataDir, host: '127.0.0.1', port: 0, logger: QUIET, ...config })

/** The secret key the first start of an empty data folder created (and printed once). */
export const firstSecretKey = (server: RunningServer): string =>
  server.firstRun!.keys.find((k) => k.role === 'secret')!.key

/** A quiet server shared by the tests of a file or `describe` block; see `setupQuietServer`. */
export interface QuietServer {
  readonly server: RunningServer
  /** The first start's secret key. */
  readonly key: string
  /** The server's data folder, for a CLI run beside it. */
  readonly dataDir: string
}

/**
 * Starts a quiet server on a fresh temp data folder before the tests of the enclosing file or
 * `describe` block (vitest `beforeAll`), and closes it and removes the folder after them.
 * Read `server` and `key` inside tests and hooks, not at collection time.
 */
export function setupQuietServer(config: Partial<ServerConfig> = {}): QuietServer {
  const data = tempDir()
  let running: RunningServer | undefined
  beforeAll(async () => {
    running = await startQuietServer(data.dir, config)
  })
  afterAll(async () => {
    await running?.close()
    data.cleanup()
  })
  const started = () => {
    if (!running) throw new Error('setupQuietServer: the server starts in beforeAll; read it inside a test')
    return running
  }
  return {
    get server() {
      return started()
    },
    get key() {
      return firstSecretKey(started())
    },
    dataDir: data.dir,
  }
}
