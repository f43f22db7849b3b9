import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import { fixturesOf, readFixturesFile } from '../../core/fixtures/fixtures.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const FIXTURES_USAGE = `Usage:
  switchyard fixtures apply FILE [--json] [--data DIR]
Applies a fixtures file (JSON; schema: schemas/fixtures.schema.json in the package): workspaces with
their tier, API keys with fixed values, custom providers, provider configs, simulated connections and
installations. What exists already (same workspace name, key value or id) is left as it is, so applying
twice changes nothing. An invalid file is refused whole, every problem listed by JSON pointer.`

const Options = z.object({ data: z.string().optional(), json: z.boolean() })

/** Prints each problem of a refused fixtures document on its own line (pointer: detail). */
export function describeFixturesError(err: unknown): Error {
  if (!(err instanceof AppError) || !err.errors?.length) return err as Error
  const lines = err.errors.map((e) => `  ${e.pointer || '/'}: ${e.detail}`)
  return new Error(`${err.detail}\n${lines.join('\n')}`)
}

/** `switchyard fixtures apply FILE`. */
export async function fixturesCommand(argv: string[], io: Io): Promise<void> {
  const [sub, rest] = splitSubcommand(argv, 'fixtures', FIXTURES_USAGE)
  if (sub !== 'apply') throw new UsageError(`unknown fixtures command '${sub}'`, FIXTURES_USAGE)
  const { values, positionals } = parseCommand(rest, {}, Options, FIXTURES_USAGE)
  const [file, extra] = positionals
  if (!file) throw new UsageError('missing FILE', FIXTURES_USAGE)
  if (extra) throw new UsageError(`unexpected argument '${extra}'`, FIXTURES_USAGE)
  const doc = readFixturesFile(file)
  const created = withCore(resolveDataDir(values.data, io.env), io, (core) => {
    try {
      return fixturesOf(core).apply(doc)
    } catch (err) {
      throw describeFixturesError(err)
    }
  })
  emit(io, values.json, { file, created }, () => [
    `Applied ${file}; created:`,
    ...Object.entries(created).map(([kind, n]) => `  ${kind.padEnd(17)} ${n}`),
  ])
}
