import { type RunningServer, type ServerConfig, startServer } from '../../src/server/index.js'

const QUIET = { error() {}, warn() {}, info() {} }

/** The real server on 127.0.0.1 and a free port, on the data folder given, logging nothing. */
export const startQuietServer = (
  dataDir: string,
  config: Partial<ServerConfig> = {},
): Promise<RunningServer> => startServer({ dataDir, host: '127.0.0.1', port: 0, logger: QUIET, ...config })

/** The secret key the first start of an empty data folder created (and printed once). */
export const firstSecretKey = (server: RunningServer): string =>
  server.firstRun!.keys.find((k) => k.role === 'secret')!.key
