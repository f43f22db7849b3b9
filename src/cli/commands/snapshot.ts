import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { bootstrap } from '../../core/bootstrap.js'
import { ENCRYPTION_KEY_FILE } from '../../core/data-folder.js'
import { parseCommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const EXPORT_USAGE = `Usage:
  switchyard export --out FILE [--json] [--data DIR]
A consistent copy of the data folder's database (safe while the gateway runs). Secrets and tokens stay
encrypted with the folder's encryption.key: keep that file to import the snapshot into another folder.`

export const IMPORT_USAGE = `Usage:
  switchyard import FILE [--key-file PATH] [--json] [--data DIR]
Replaces all data in the folder with the snapshot's. A snapshot from another data folder needs that
folder's encryption.key (--key-file), which then becomes this folder's key: restart a running gateway.
Revocations only accumulate: every API key this folder knows as revoked stays revoked.`

export const RESET_USAGE = `Usage:
  switchyard reset [--yes] [--json] [--data DIR]
Deletes all data (workspaces, keys, connections, events, …) and starts afresh with workspace "default"
and two new keys, printed once.`

const summary = (tables: Record<string, number>) => {
  const rows = Object.entries(tables).filter(([, n]) => n > 0)
  const width = Math.max(0, ...rows.map(([t]) => t.length))
  return rows.map(([t, n]) => `  ${t.padEnd(width)} ${n}`)
}

/** `switchyard export --out FILE`. */
export async function exportCommand(argv: string[], io: Io): Promise<void> {
  const { values } = parseCommand(
    argv,
    { out: { type: 'string', short: 'o' } },
    z.object({ data: z.string().optional(), json: z.boolean(), out: z.string().min(1).optional() }),
    EXPORT_USAGE,
  )
  if (!values.out) throw new UsageError('--out FILE is required', EXPORT_USAGE)
  const out = values.out
  const result = await withCore(resolveDataDir(values.data, io.env), io, (core) => core.snapshots.export(out))
  emit(io, values.json, result, () => [
    `Exported ${result.bytes} bytes to ${result.file}:`,
    ...summary(result.tables),
  ])
}

/** `switchyard import FILE`. */
export function importCommand(argv: string[], io: Io): void {
  const { values, positionals } = parseCommand(
    argv,
    { 'key-file': { type: 'string' } },
    z.object({ data: z.string().optional(), json: z.boolean(), 'key-file': z.string().optional() }),
    IMPORT_USAGE,
  )
  const [file, ...extra] = positionals
  if (!file || extra.length) throw new UsageError('import takes exactly one snapshot file', IMPORT_USAGE)
  const dataDir = resolveDataDir(values.data, io.env)
  const result = withCore(dataDir, io, (core) =>
    core.snapshots.import(file, values['key-file'] ? { keyFile: values['key-file'] } : {}),
  )
  if (result.adoptedKey) {
    writeFileSync(join(dataDir, ENCRYPTION_KEY_FILE), result.adoptedKey.toString('base64'), { mode: 0o600 })
  }
  const { kept, reapplied } = result.revocations
  const json = {
    file,
    tables: result.tables,
    revocations_kept: kept,
    revocations_reapplied: reapplied,
    adopted_key: Boolean(result.adoptedKey),
  }
  emit(io, values.json, json, () => [
    `Imported ${file}:`,
    ...summary(result.tables),
    `Kept ${kept} API key revocation${kept === 1 ? '' : 's'} this folder already knew` +
      (reapplied ? ` (${reapplied} of them active in the snapshot, revoked again).` : '.'),
    ...(result.adoptedKey
      ? [`The snapshot's encryption key is now this folder's key: restart a running gateway.`]
      : []),
  ])
}

/** `switchyard reset`: wipes the folder's data and bootstraps it again. */
export function resetCommand(argv: string[], io: Io): void {
  const { values, positionals } = parseCommand(
    argv,
    { yes: { type: 'boolean', short: 'y', default: false } },
    z.object({ data: z.string().optional(), json: z.boolean(), yes: z.boolean() }),
    RESET_USAGE,
  )
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, RESET_USAGE)
  const dataDir = resolveDataDir(values.data, io.env)
  if (!values.yes) {
    throw new UsageError(
      `reset deletes everything in ${dataDir}; run it again with --yes to confirm`,
      RESET_USAGE,
    )
  }
  const first = withCore(dataDir, io, (core) => {
    core.snapshots.resetAll()
    return bootstrap(core)!
  })
  emit(io, values.json, { workspace: first.workspace, keys: first.keys }, () => [
    `Reset ${dataDir}: workspace "${first.workspace}" with new keys (shown only once):`,
    ...first.keys.map((k) => `  ${k.role.padEnd(12)} ${k.key}`),
  ])
}
