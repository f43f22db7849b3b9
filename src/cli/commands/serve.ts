import { z } from 'zod'
import { firstRunKeysUnseen, markFirstRunKeysShown } from '../../core/bootstrap.js'
import { DURABILITY_LEVELS } from '../../core/db/durability.js'
import { AppError } from '../../core/errors.js'
import { readFixturesFile } from '../../core/fixtures/fixtures.service.js'
import { VERSION } from '../../core/version.js'
import { startServer } from '../../server/index.js'
import { isLoopbackHost } from '../../server/middleware/host-check.js'
import { intArg, parseCommand, UsageError } from '../args.js'
import { type Io, resolveDataDir } from '../context.js'
import { describeFixturesError } from './fixtures.js'

export const SERVE_USAGE = `Usage:
  switchyard serve [--port N] [--host H] [--data DIR] [--fixtures FILE] [--durability full|normal]
    --port N   port to listen on (default 4747; 0 picks a free one)
    --host H   address to bind (default 127.0.0.1; anything else exposes the gateway to your network)
    --data DIR data folder (default: $SWITCHYARD_DATA, else the OS user-data folder)
    --fixtures FILE  apply this fixtures file before listening (see 'switchyard fixtures --help')
    --durability full|normal
               full (default): every commit is fsynced before it returns (an acknowledged
               webhook survives a power cut); normal: WAL with synchronous = NORMAL, faster
               ingest, nothing lost when the process crashes, but a power cut or OS crash may
               lose the last commits`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  port: intArg(0, 65535).default(4747),
  host: z.string().min(1).default('127.0.0.1'),
  fixtures: z.string().min(1).optional(),
  durability: z.enum(DURABILITY_LEVELS).default('full'),
})

/** Ctrl-C, a stop, a closed terminal: each closes the server and the database before exiting. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Under `npm start` / `npm run` / `npx`, npm passes SIGTERM and SIGINT to the shell it runs the
 * script in, and that shell dies without passing them on: the server would be left listening,
 * orphaned. So when npm launched us (it sets npm_command), losing the parent means stop. Not
 * otherwise: a server started in the background on purpose (`nohup switchyard serve &`) outlives
 * its shell.
 */
function watchLauncher(env: NodeJS.ProcessEnv, stop: () => void): NodeJS.Timeout | undefined {
  if (!env.npm_command) return undefined
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, 250)
  timer.unref()
  return timer
}

/** `switchyard serve`: runs until SIGINT/SIGTERM/SIGHUP (or, under npm, its parent's end), then closes the server and checkpoints the database. */
export async function serveCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseCommand(
    argv,
    {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      fixtures: { type: 'string' },
      durability: { type: 'string' },
    },
    Options,
    SERVE_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, SERVE_USAGE)
  const dataDir = resolveDataDir(values.data, io.env)
  const fixtures = values.fixtures === undefined ? undefined : readFixturesFile(values.fixtures)
  // Listen for the stop signals before anything is printed: whoever reads "listening on" may send
  // SIGTERM at once, and a signal with no listener would kill the process without closing the database.
  let stopRequested = false
  let stop: (() => void) | undefined
  const onSignal = () => {
    if (stopRequested) return
    stopRequested = true
    stop?.()
  }
  for (const signal of STOP_SIGNALS) process.once(signal, onSignal)
  const parentWatch = watchLauncher(io.env, onSignal)
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      dataDir,
      host: values.host,
      port: values.port,
      fixtures,
      durability: values.durability,
    })
  } catch (err) {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal)
    clearInterval(parentWatch)
    if (err instanceof AppError) throw describeFixturesError(err)
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      throw new Error(
        `port ${values.port} on ${values.host} is already in use: stop the other process, or pass --port 0 for a free port`,
      )
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new Error(`cannot bind to host '${values.host}'`)
    throw err
  }
  // One write, so whoever reads the banner (a script, a test) gets the keys with the URL.
  const lines = [
    `Switchyard ${VERSION}`,
    `listening on ${server.url}`,
    `dashboard: ${server.url}/?token=${server.adminToken}`,
    `data folder: ${dataDir}`,
  ]
  if (values.durability === 'normal') {
    lines.push(
      'durability: normal (a crash of this process loses nothing; a power cut may lose the last commits)',
    )
  }
  if (server.firstRun) {
    const secret = server.firstRun.keys.find((k) => k.role === 'secret')!
    lines.push(
      '',
      `First run: created workspace "${server.firstRun.workspace}" (tier free) with two API keys.`,
      'They are shown only this once; copy them now:',
      ...server.firstRun.keys.map((k) => `  ${k.role.padEnd(12)} ${k.key}`),
      '',
      `Try: curl -s -X POST ${server.url}/api/api-keys/search -H "Authorization: Bearer ${secret.key}"`,
    )
  }
  const keysUnseen = !server.firstRun && firstRunKeysUnseen(server.core)
  if (keysUnseen) {
    lines.push(
      '',
      'The first start created two API keys but stopped before showing them, and they cannot be shown again.',
      `Create a key: switchyard keys create --name dev --role secret --data "${dataDir}" (or on the dashboard's API keys page).`,
    )
  }
  io.out(lines.join('\n'))
  if (server.firstRun || keysUnseen) markFirstRunKeysShown(server.core)
  if (!isLoopbackHost(values.host)) {
    io.err(`warning: bound to ${values.host}; other machines on your network can reach this gateway.`)
  }
  await new Promise<void>((resolve) => {
    stop = () => {
      io.err('shutting down…')
      server.close().then(resolve, resolve)
    }
    if (stopRequested) stop()
  })
}
