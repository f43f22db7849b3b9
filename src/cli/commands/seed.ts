import { z } from 'zod'
import { SEED_LINES, seedDemo } from '../../core/seed/demo-seed.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { intArg, parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const SEED_USAGE = `Usage:
  switchyard seed demo [--workspace W] [--events N] [--json] [--data DIR]
Fills the workspace with demo data: a provider config each for the demo's providers,
simulated connections in every status (active, needs_reauth, revoked), installations, and N realistic
signed sample webhooks (default 300) across those providers. Running it again adds more.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  events: intArg(0, 10_000).default(300),
})

/** `switchyard seed demo`. */
export async function seedCommand(argv: string[], io: Io): Promise<void> {
  const [sub, rest] = splitSubcommand(argv, 'seed', SEED_USAGE)
  if (sub !== 'demo') throw new UsageError(`unknown seed command '${sub}'`, SEED_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { workspace: { type: 'string' }, events: { type: 'string' } },
    Options,
    SEED_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, SEED_USAGE)
  const summary = await withCore(resolveDataDir(values.data, io.env), io, (core) =>
    seedDemo(core, core.workspaces.get(values.workspace).id, { events: values.events }),
  )
  emit(io, values.json, { workspace: values.workspace, ...summary }, () => [
    `Seeded workspace ${values.workspace}:`,
    `  provider configs  ${summary.provider_configs} new`,
    `  connections       ${summary.connections.active} active, ${summary.connections.needs_reauth} needs_reauth, ${summary.connections.revoked} revoked`,
    `  installations     ${summary.installations.active} active, ${summary.installations.revoked} revoked`,
    ...SEED_LINES.map(
      (line) => `  simulated ${line.label.padEnd(7)} ${summary[line.key]} requests (${line.made})`,
    ),
    `  events            ${summary.events} sample webhooks`,
  ])
}
