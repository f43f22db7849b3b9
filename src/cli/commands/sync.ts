import { z } from 'zod'
import type { SyncProgress } from '../../core/sync/sync-pull.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, table, withCore } from '../context.js'

export const SYNC_USAGE = `Usage:
  switchyard sync pull --from URL --key sk_… [--workspace W] [--json] [--data DIR]
  switchyard sync push --to URL [--to-workspace W] [--workspace W] [--json] [--data DIR]
  switchyard sync status [--workspace W] [--json] [--data DIR]
pull copies the upstream workspace's custom providers, provider configs (no secrets), installations,
connections (no tokens) and events into the local workspace; run it again to fetch only what is new.
push sends the webhooks captured here to the upstream's /webhooks/{provider}, byte-exact, each once.
status shows how far each pull got (the newest created_at copied, per upstream and resource).`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  from: z.string().optional(),
  to: z.string().optional(),
  key: z.string().optional(),
  'to-workspace': z.string().min(1).optional(),
})

const BAR = 24

/** Progress on stderr: one redrawn line on a terminal, else one line per finished step. */
function progressWriter(io: Io, quiet: boolean) {
  const tty = Boolean(process.stderr.isTTY) && !quiet
  return {
    line(text: string, done: boolean) {
      if (tty) process.stderr.write(`\r\x1b[2K${text}${done ? '\n' : ''}`)
      else if (done && !quiet) io.err(text)
    },
  }
}

const bar = (done: number, total: number) => {
  const filled = total === 0 ? BAR : Math.round((done / total) * BAR)
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}]`
}

/** `switchyard sync pull|push`. */
export async function syncCommand(argv: string[], io: Io): Promise<number> {
  const [sub, rest] = splitSubcommand(argv, 'sync', SYNC_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    {
      workspace: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      key: { type: 'string' },
      'to-workspace': { type: 'string' },
    },
    Options,
    SYNC_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, SYNC_USAGE)
  const progress = progressWriter(io, values.json)
  const dataDir = resolveDataDir(values.data, io.env)
  if (sub === 'pull') {
    if (!values.from) throw new UsageError('--from URL is required', SYNC_USAGE)
    if (!values.key?.startsWith('sk_'))
      throw new UsageError('--key needs a secret key (sk_…) of the upstream', SYNC_USAGE)
    const from = values.from
    const key = values.key
    const summary = await withCore(dataDir, io, (core) =>
      core.sync.pull({
        workspaceId: core.workspaces.get(values.workspace).id,
        baseUrl: from,
        apiKey: key,
        onProgress: (p: SyncProgress) =>
          progress.line(
            `${p.resource.padEnd(17)} ${p.added} new, ${p.skipped} already here${p.done ? ' ✓' : ' …'}`,
            p.done,
          ),
      }),
    )
    emit(io, values.json, { workspace: values.workspace, ...summary }, () => [
      `Pulled from ${summary.upstream} into workspace ${values.workspace}${summary.complete ? '' : ' (stopped early)'}:`,
      ...Object.entries(summary.resources).map(
        ([r, c]) => `  ${r.padEnd(17)} ${c.added} new, ${c.skipped} already here`,
      ),
      ...summary.notes.map((n) => `  note: ${n}`),
    ])
    if (summary.error) io.err(`switchyard sync: ${summary.error}`)
    return summary.complete ? 0 : 1
  }
  if (sub === 'push') {
    if (!values.to) throw new UsageError('--to URL is required', SYNC_USAGE)
    const to = values.to
    const summary = await withCore(dataDir, io, (core) =>
      core.sync.push({
        workspaceId: core.workspaces.get(values.workspace).id,
        baseUrl: to,
        ...(values['to-workspace'] && { upstreamWorkspace: values['to-workspace'] }),
        onProgress: (p) =>
          progress.line(
            `webhooks ${bar(p.pushed + p.failed, p.total)} ${p.pushed + p.failed}/${p.total}${p.failed ? ` (${p.failed} refused)` : ''}`,
            p.done,
          ),
      }),
    )
    emit(io, values.json, { workspace: values.workspace, ...summary }, () => [
      `Pushed ${summary.pushed} captured webhooks to ${summary.upstream}.`,
      ...summary.failed.map(
        (f) => `  refused: ${f.event_id} → ${f.status ?? f.error} (will be tried again next push)`,
      ),
    ])
    if (summary.error) io.err(`switchyard sync: ${summary.error}`)
    return summary.complete ? 0 : 1
  }
  if (sub === 'status') {
    const marks = withCore(dataDir, io, (core) => core.sync.state(core.workspaces.get(values.workspace).id))
    emit(io, values.json, { workspace: values.workspace, data: marks }, () =>
      table(
        marks.map((m) => ({
          upstream: m.upstream,
          resource: m.resource,
          watermark: m.watermark_at,
          pulled: m.updated_at,
        })),
        ['upstream', 'resource', 'watermark', 'pulled'],
      ),
    )
    return 0
  }
  throw new UsageError(`unknown sync command '${sub}'`, SYNC_USAGE)
}
