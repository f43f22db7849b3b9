import { z } from 'zod'
import { noControlCharacters } from '../../core/common/text.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, table, withCore } from '../context.js'

export const KEYS_USAGE = `Usage:
  switchyard keys create --name NAME --role secret|publishable [--workspace W] [--json] [--data DIR]
  switchyard keys list [--workspace W] [--json] [--data DIR]
  switchyard keys revoke ID [--workspace W] [--json] [--data DIR]`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  name: noControlCharacters(z.string().trim().min(1, 'must not be empty').max(100)).optional(),
  role: z.enum(['secret', 'publishable']).optional(),
})

/** `switchyard keys create|list|revoke`. */
export function keysCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'keys', KEYS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { workspace: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    Options,
    KEYS_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  withCore(dataDir, io, (core) => {
    const ws = core.workspaces.get(values.workspace)
    switch (sub) {
      case 'create': {
        if (!values.name) throw new UsageError('--name is required', KEYS_USAGE)
        if (!values.role) throw new UsageError('--role is required (secret or publishable)', KEYS_USAGE)
        const created = core.apiKeys.create(ws.id, { name: values.name, role: values.role })
        emit(io, values.json, { ...created, workspace: ws.name }, () => [
          `Created ${created.role} key ${created.id} ("${created.name}") in workspace ${ws.name}.`,
          `Key (shown only once): ${created.key}`,
        ])
        return
      }
      case 'list': {
        const keys = core.apiKeys.list(ws.id)
        emit(io, values.json, { workspace: ws.name, data: keys }, () =>
          table(
            keys.map((k) => ({
              id: k.id,
              name: k.name,
              role: k.role,
              prefix: `${k.prefix}…`,
              status: k.status,
              created: k.created_at,
            })),
            ['id', 'name', 'role', 'prefix', 'status', 'created'],
          ),
        )
        return
      }
      case 'revoke': {
        const id = positionals[0]
        if (!id || positionals.length > 1) throw new UsageError('revoke takes exactly one key id', KEYS_USAGE)
        const revoked = core.apiKeys.revoke(ws.id, id)
        emit(io, values.json, revoked, () => [
          `Revoked key ${revoked.id} ("${revoked.name}") at ${revoked.revoked_at}.`,
        ])
        return
      }
      default:
        throw new UsageError(`unknown keys command '${sub}'`, KEYS_USAGE)
    }
  })
}
