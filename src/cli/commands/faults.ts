import { z } from 'zod'
import type { Core } from '../../core/core.js'
import { AppError, pointerOf } from '../../core/errors.js'
import { type Fault, FaultInputSchema } from '../../core/providers-kit/engine/faults.schema.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { intArg, parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, table, withCore } from '../context.js'

export const FAULTS_USAGE = `Usage:
  switchyard faults add CONNECTION KIND [--count N] [--status 500|502|503] [--ms M] [--workspace W] [--json] [--data DIR]
  switchyard faults list CONNECTION [--workspace W] [--json] [--data DIR]
  switchyard faults clear CONNECTION [--workspace W] [--json] [--data DIR]
Kinds: expire_token, revoke_access (apply at once), rate_limit --count N,
server_error --count N [--status 500|502|503], latency --ms M --count N (M at most 30000).
Simulated connections only. Works on the data folder directly, whether or not the gateway is running.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  count: intArg(0, 1_000_000).optional(),
  status: intArg(0, 999).optional(),
  ms: intArg(0, 10_000_000).optional(),
})

const row = (f: Fault) => ({
  id: f.id,
  kind: f.kind,
  remaining: f.count === null ? 'applied' : `${f.remaining}/${f.count}`,
  detail: f.kind === 'server_error' ? `status ${f.status}` : f.kind === 'latency' ? `${f.ms} ms` : '',
  created: f.created_at,
})

/** `switchyard faults add|list|clear`. */
export function faultsCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'faults', FAULTS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    {
      workspace: { type: 'string' },
      count: { type: 'string' },
      status: { type: 'string' },
      ms: { type: 'string' },
    },
    Options,
    FAULTS_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  const [connection, kind, ...extra] = positionals
  if (!connection) throw new UsageError('name the connection (conn_…)', FAULTS_USAGE)
  const run = <T>(work: (faults: ReturnType<typeof faultsOf>, workspaceId: string) => T) =>
    withCore(dataDir, io, (core) => work(faultsOf(core), core.workspaces.get(values.workspace).id))
  switch (sub) {
    case 'add': {
      if (!kind || extra.length) throw new UsageError('add takes a connection and a fault kind', FAULTS_USAGE)
      const parsed = FaultInputSchema.safeParse({
        kind,
        ...(values.count !== undefined && { count: values.count }),
        ...(values.status !== undefined && { status: values.status }),
        ...(values.ms !== undefined && { ms: values.ms }),
      })
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ pointer: pointerOf(i.path), detail: i.message }))
        const first = errors[0]!
        throw new AppError('invalid_request', `Invalid fault: ${first.pointer || '/'} ${first.detail}`, {
          errors,
        })
      }
      const fault = run((faults, workspaceId) => faults.add(workspaceId, connection, parsed.data))
      emit(io, values.json, fault, () => [`Injected ${fault.kind} (${fault.id}) on ${connection}.`])
      return
    }
    case 'list': {
      if (kind) throw new UsageError(`unexpected argument '${kind}'`, FAULTS_USAGE)
      const data = run((faults, workspaceId) => faults.list(workspaceId, connection))
      emit(io, values.json, { data }, () =>
        table(data.map(row), ['id', 'kind', 'remaining', 'detail', 'created']),
      )
      return
    }
    case 'clear': {
      if (kind) throw new UsageError(`unexpected argument '${kind}'`, FAULTS_USAGE)
      run((faults, workspaceId) => faults.clear(workspaceId, connection))
      emit(io, values.json, { cleared: true }, () => [`Cleared the faults of ${connection}.`])
      return
    }
    default:
      throw new UsageError(`unknown faults command '${sub}'`, FAULTS_USAGE)
  }
}

const faultsOf = (core: Core) => core.simulation.faults
