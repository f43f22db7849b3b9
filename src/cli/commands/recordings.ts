import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { CassetteSchema, cassetteText } from '../../core/cassettes/cassette.js'
import { AppError, pointerOf } from '../../core/errors.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const RECORDINGS_USAGE = `Usage:
  switchyard recordings export [--provider P] --out FILE [--workspace W] [--json] [--data DIR]
  switchyard recordings import FILE [--workspace W] [--json] [--data DIR]
Cassettes: the proxy's recordings as a stable, diff-friendly JSON file (sorted keys, one exchange per
entry, bodies as text when UTF-8 else base64, a "version") to commit beside your tests. Credentials
were redacted before anything was recorded. Import is idempotent: exchanges already there are skipped.
Works on the data folder directly, whether or not the gateway is running.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  provider: z.string().min(1).max(63).optional(),
  out: z.string().min(1).optional(),
})

/** Reads and validates a cassette file; a bad one is an error naming the field, and nothing is loaded. */
function readCassette(file: string) {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new AppError(
      'invalid_request',
      `${file} is not a readable JSON cassette: ${(err as Error).message}`,
    )
  }
  const result = CassetteSchema.safeParse(parsed)
  if (!result.success) {
    const errors = result.error.issues.map((i) => ({ pointer: pointerOf(i.path), detail: i.message }))
    const first = errors[0]!
    throw new AppError(
      'invalid_request',
      `${file} is not a valid cassette: ${first.pointer || '/'} ${first.detail}`,
      {
        errors,
      },
    )
  }
  return result.data
}

/** `switchyard recordings export|import`. */
export function recordingsCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'recordings', RECORDINGS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { workspace: { type: 'string' }, provider: { type: 'string' }, out: { type: 'string', short: 'o' } },
    Options,
    RECORDINGS_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  switch (sub) {
    case 'export': {
      if (!values.out) throw new UsageError('--out FILE is required', RECORDINGS_USAGE)
      if (positionals.length)
        throw new UsageError(`unexpected argument '${positionals[0]}'`, RECORDINGS_USAGE)
      const out = values.out
      const count = withCore(dataDir, io, (core) => {
        const cassette = core.cassettes.exportCassette(
          core.workspaces.get(values.workspace).id,
          values.provider,
        )
        // Owner-only like a snapshot (recorded bodies can hold account data); chmod narrows an existing file.
        writeFileSync(out, cassetteText(cassette), { mode: 0o600 })
        chmodSync(out, 0o600)
        return cassette.entries.length
      })
      emit(io, values.json, { file: out, entries: count }, () => [`Exported ${count} recordings to ${out}.`])
      return
    }
    case 'import': {
      const [file, ...extra] = positionals
      if (!file || extra.length)
        throw new UsageError('import takes exactly one cassette file', RECORDINGS_USAGE)
      const cassette = readCassette(file)
      const result = withCore(dataDir, io, (core) =>
        core.cassettes.importCassette(core.workspaces.get(values.workspace).id, cassette),
      )
      emit(io, values.json, { file, ...result }, () => [
        `Imported ${result.imported} recordings from ${file} (${result.skipped} already there).`,
      ])
      return
    }
    default:
      throw new UsageError(`unknown recordings command '${sub}'`, RECORDINGS_USAGE)
  }
}
