import { AppError } from '../core/errors.js'
import { VERSION } from '../core/version.js'
import { UsageError } from './args.js'
import type { Io } from './io.js'
import { terminalSafeIo } from './terminal-text.js'

export const USAGE = `Switchyard ${VERSION}: a local, offline-first gateway for the integration service.

Usage: switchyard <command> [options]

Commands:
  serve        run the gateway (API + UI) on http://127.0.0.1:4747
  keys         create, list and revoke API keys
  workspaces   create and list workspaces, set their rate-limit tier and allowed redirect origins
  export       write a consistent snapshot of the data folder to a file
  import       replace the data folder's data with a snapshot
  reset        delete all data and start afresh (--yes)
  doctor       check the installation, data folder and port, and say how to fix problems
  events       tail the live event log, or export it as NDJSON or HAR
  listen       forward captured webhooks to your app (--forward-to URL), with retries
  trigger      send a realistic, signed sample webhook: trigger <provider> <type>
  sync         pull an upstream workspace in (sync pull), push captured webhooks out (sync push)
  seed         fill a workspace with demo data (seed demo)
  recordings   export and import the proxy's recordings as cassette files
  faults       inject faults into a simulated connection: faults add|list|clear CONNECTION
  mocks        declare mock routes that answer a provider's API: mocks add|list|show|rm
  providers    attach an OpenAPI document to a provider: providers openapi PROVIDER FILE|--remove
  fixtures     apply a fixtures file: workspaces, fixed keys, configs, connections (fixtures apply FILE)

Every command takes --data DIR (default: $SWITCHYARD_DATA, else the OS user-data folder)
and --json (print exactly one JSON object). Run 'switchyard <command> --help' for details.`

/** A command may return (or resolve to) its exit code; anything else means 0. It throws UsageError / AppError to fail. */
type Command = (argv: string[], io: Io) => unknown
/**
 * Each command's module is loaded when it runs (the bundler makes these imports lazy module
 * initialisers, no separate files): a start evaluates only what its command needs.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  keys: async () => (await import('./commands/keys.js')).keysCommand,
  workspaces: async () => (await import('./commands/workspaces.js')).workspacesCommand,
  export: async () => (await import('./commands/snapshot.js')).exportCommand,
  import: async () => (await import('./commands/snapshot.js')).importCommand,
  reset: async () => (await import('./commands/snapshot.js')).resetCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
  events: async () => (await import('./commands/events.js')).eventsCommand,
  listen: async () => (await import('./commands/listen.js')).listenCommand,
  trigger: async () => (await import('./commands/trigger.js')).triggerCommand,
  sync: async () => (await import('./commands/sync.js')).syncCommand,
  seed: async () => (await import('./commands/seed.js')).seedCommand,
  recordings: async () => (await import('./commands/recordings.js')).recordingsCommand,
  faults: async () => (await import('./commands/faults.js')).faultsCommand,
  mocks: async () => (await import('./commands/mocks.js')).mocksCommand,
  fixtures: async () => (await import('./commands/fixtures.js')).fixturesCommand,
  providers: async () => (await import('./commands/providers.js')).providersCommand,
}

/** Runs one command line; returns the process exit code (0 ok, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], terminal: Io): Promise<number> {
  // Every line any command prints passes here: webhook data and names cannot drive the terminal.
  const io = terminalSafeIo(terminal)
  const [name, ...rest] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE)
    return name ? 0 : 2
  }
  if (name === '--version' || name === 'version') {
    io.out(VERSION)
    return 0
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load) {
    io.err(`switchyard: unknown command '${name}'\n\n${USAGE}`)
    return 2
  }
  try {
    const command = await load()
    const code = await command(rest, io)
    return typeof code === 'number' ? code : 0
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) io.err(`switchyard ${name}: ${err.message}`)
      if (err.usage) (err.message ? io.err : io.out)(err.usage)
      return err.message ? 2 : 0
    }
    if (err instanceof AppError) {
      io.err(`switchyard ${name}: ${err.detail}`)
      return 1
    }
    io.err(`switchyard ${name}: ${(err as Error).message}`)
    return 1
  }
}
