import { AppError } from '../core/errors.js'
import { VERSION } from '../server/routes/meta.routes.js'
import { UsageError } from './args.js'
import { keysCommand } from './commands/keys.js'
import { serveCommand } from './commands/serve.js'
import { workspacesCommand } from './commands/workspaces.js'
import type { Io } from './context.js'

export const USAGE = `Switchyard ${VERSION}: a local, offline-first gateway for the integration service.

Usage: switchyard <command> [options]

Commands:
  serve        run the gateway (API + UI) on http://127.0.0.1:4747
  keys         create, list and revoke API keys
  workspaces   create and list workspaces, set their rate-limit tier

Every command takes --data DIR (default: $SWITCHYARD_DATA, else the OS user-data folder)
and --json (print exactly one JSON object). Run 'switchyard <command> --help' for details.`

type Command = (argv: string[], io: Io) => void | Promise<void>
const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  keys: keysCommand,
  workspaces: workspacesCommand,
}

/** Runs one command line; returns the process exit code (0 ok, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE)
    return name ? 0 : 2
  }
  if (name === '--version' || name === 'version') {
    io.out(VERSION)
    return 0
  }
  const command = COMMANDS[name]
  if (!command) {
    io.err(`switchyard: unknown command '${name}'\n\n${USAGE}`)
    return 2
  }
  try {
    await command(rest, io)
    return 0
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
