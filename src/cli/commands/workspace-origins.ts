import { z } from 'zod'
import { parseOrigin } from '../../core/workspaces/redirect-origins.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const ORIGINS_USAGE = `Usage:
  switchyard workspaces origins list [--workspace W] [--json] [--data DIR]
  switchyard workspaces origins add ORIGIN [--workspace W] [--json] [--data DIR]
  switchyard workspaces origins remove ORIGIN [--workspace W] [--json] [--data DIR]
The origins a session's redirect_url may point to besides loopback (always allowed).
An origin is https://host[:port] (plain http only for loopback); no path, query or wildcard.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
})

/** The one ORIGIN argument of add/remove, checked before the data folder is opened. */
function originArg(positionals: string[]): string {
  const [entry, ...extra] = positionals
  if (!entry) throw new UsageError('an ORIGIN is required', ORIGINS_USAGE)
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`, ORIGINS_USAGE)
  const parsed = parseOrigin(entry)
  if ('error' in parsed) throw new UsageError(`'${entry}' ${parsed.error}`, ORIGINS_USAGE)
  return parsed.origin
}

/** `switchyard workspaces origins list|add|remove`: a workspace's allowed redirect origins. */
export function originsCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'workspaces origins', ORIGINS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { workspace: { type: 'string' } },
    Options,
    ORIGINS_USAGE,
  )
  if (sub === 'list' && positionals.length) {
    throw new UsageError(`unexpected argument '${positionals[0]}'`, ORIGINS_USAGE)
  }
  if (sub !== 'list' && sub !== 'add' && sub !== 'remove') {
    throw new UsageError(`unknown workspaces origins command '${sub}'`, ORIGINS_USAGE)
  }
  const origin = sub === 'list' ? '' : originArg(positionals)
  withCore(resolveDataDir(values.data, io.env), io, (core) => {
    const ws = core.workspaces.get(values.workspace)
    const { redirectOrigins } = core
    if (sub === 'add') {
      const { added } = redirectOrigins.add(ws.id, origin)
      emit(io, values.json, { workspace: ws.name, origin, added }, () => [
        added
          ? `Added ${origin} to the allowed redirect origins of workspace ${ws.name}.`
          : `${origin} was already allowed in workspace ${ws.name}.`,
      ])
    } else if (sub === 'remove') {
      redirectOrigins.remove(ws.id, origin)
      emit(io, values.json, { workspace: ws.name, origin, removed: true }, () => [
        `Removed ${origin} from the allowed redirect origins of workspace ${ws.name}.`,
      ])
    } else {
      const data = redirectOrigins.list(ws.id)
      emit(io, values.json, { workspace: ws.name, data }, () =>
        data.length ? data : [`(none: only loopback origins are allowed in workspace ${ws.name})`],
      )
    }
  })
}
