import { z } from 'zod'
import { TierSchema, WorkspaceNameSchema } from '../../core/workspaces/workspaces.schema.js'
import { intArg, parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, table, withCore } from '../context.js'
import { originsCommand } from './workspace-origins.js'

export const WORKSPACES_USAGE = `Usage:
  switchyard workspaces create --name W [--tier free|pro|enterprise] [--rpm N] [--json] [--data DIR]
  switchyard workspaces list [--json] [--data DIR]
  switchyard workspaces set-tier --name W --tier free|pro|enterprise [--rpm N] [--json] [--data DIR]
  switchyard workspaces origins list|add|remove [ORIGIN] [--workspace W] [--json] [--data DIR]
Tiers allow free 60, pro 600, enterprise --rpm N (default 6000) requests per minute.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  name: WorkspaceNameSchema.optional(),
  tier: TierSchema.optional(),
  rpm: intArg(1, 1_000_000).optional(),
})

/** `switchyard workspaces create|list|set-tier|origins`. */
export function workspacesCommand(argv: string[], io: Io): void {
  if (argv[0] === 'origins') {
    originsCommand(argv.slice(1), io)
    return
  }
  const [sub, rest] = splitSubcommand(argv, 'workspaces', WORKSPACES_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { name: { type: 'string' }, tier: { type: 'string' }, rpm: { type: 'string' } },
    Options,
    WORKSPACES_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, WORKSPACES_USAGE)
  withCore(resolveDataDir(values.data, io.env), io, (core) => {
    switch (sub) {
      case 'create': {
        if (!values.name) throw new UsageError('--name is required', WORKSPACES_USAGE)
        const ws = core.workspaces.create({ name: values.name, tier: values.tier ?? 'free', rpm: values.rpm })
        emit(io, values.json, ws, () => [
          `Created workspace ${ws.name} (${ws.id}), tier ${ws.tier}, ${ws.rpm} requests/minute.`,
        ])
        return
      }
      case 'list': {
        const all = core.workspaces.list()
        emit(io, values.json, { data: all }, () =>
          table(
            all.map((w) => ({
              name: w.name,
              id: w.id,
              tier: w.tier,
              rpm: String(w.rpm),
              created: w.created_at,
            })),
            ['name', 'id', 'tier', 'rpm', 'created'],
          ),
        )
        return
      }
      case 'set-tier': {
        if (!values.name) throw new UsageError('--name is required', WORKSPACES_USAGE)
        if (!values.tier) throw new UsageError('--tier is required', WORKSPACES_USAGE)
        const ws = core.workspaces.setTier(values.name, values.tier, values.rpm)
        emit(io, values.json, ws, () => [
          `Workspace ${ws.name} is now tier ${ws.tier}: ${ws.rpm} requests/minute.`,
        ])
        return
      }
      default:
        throw new UsageError(`unknown workspaces command '${sub}'`, WORKSPACES_USAGE)
    }
  })
}
