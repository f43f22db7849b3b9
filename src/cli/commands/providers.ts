import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import { DEFAULT_WORKSPACE } from '../../core/workspaces/workspaces.service.js'
import { parseCommand, splitSubcommand, UsageError } from '../args.js'
import { emit, type Io, resolveDataDir, withCore } from '../context.js'

export const PROVIDERS_USAGE = `Usage:
  switchyard providers openapi PROVIDER FILE [--workspace W] [--json] [--data DIR]
  switchyard providers openapi PROVIDER --remove [--workspace W] [--json] [--data DIR]
Attaches an OpenAPI 3.0/3.1 document (a .json, .yaml or .yml file) to a catalog or custom provider:
its simulated connections are then answered from it, with state, and a provider config with
validate_against_openapi checks live calls against it. An invalid document is refused with every
problem listed, and nothing is stored. --remove detaches it. Works on the data folder directly.`

const Options = z.object({
  data: z.string().optional(),
  json: z.boolean(),
  workspace: z.string().default(DEFAULT_WORKSPACE),
  remove: z.boolean().default(false),
})

const contentTypeOf = (file: string, text: string) =>
  /\.ya?ml$/i.test(file) || !text.trimStart().startsWith('{') ? 'application/yaml' : 'application/json'

/** `switchyard providers openapi PROVIDER FILE|--remove`. */
export function providersCommand(argv: string[], io: Io): void {
  const [sub, rest] = splitSubcommand(argv, 'providers', PROVIDERS_USAGE)
  if (sub !== 'openapi') throw new UsageError(`unknown providers command '${sub}'`, PROVIDERS_USAGE)
  const { values, positionals } = parseCommand(
    rest,
    { workspace: { type: 'string' }, remove: { type: 'boolean' } },
    Options,
    PROVIDERS_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  const [provider, file, ...extra] = positionals
  if (!provider || extra.length || (values.remove ? file !== undefined : file === undefined)) {
    throw new UsageError('give a PROVIDER and either a FILE or --remove', PROVIDERS_USAGE)
  }
  if (values.remove) {
    withCore(dataDir, io, (core) =>
      core.openapiDocs.remove(core.workspaces.get(values.workspace).id, provider),
    )
    emit(io, values.json, { provider, removed: true }, () => [`Removed the OpenAPI document of ${provider}.`])
    return
  }
  let text: string
  try {
    text = readFileSync(file as string, 'utf8')
  } catch (err) {
    throw new AppError('invalid_request', `Cannot read ${file}: ${(err as Error).message}`)
  }
  const info = withCore(dataDir, io, (core) => {
    try {
      return core.openapiDocs.put(
        core.workspaces.get(values.workspace).id,
        provider,
        text,
        contentTypeOf(file as string, text),
      )
    } catch (err) {
      // The terminal gets every problem, one a line, not just the summary.
      if (!(err instanceof AppError) || !err.errors?.length) throw err
      const lines = err.errors.map((e) => `  ${e.pointer || '/'}: ${e.detail}`)
      throw new AppError(err.code, [err.detail, ...lines].join('\n'), { errors: err.errors })
    }
  })
  emit(io, values.json, info, () => [
    `Attached "${info.title}" ${info.version} (OpenAPI ${info.openapi}, ${info.operations} operations) to ${provider}.`,
    info.resources.length
      ? `Stateful resources: ${info.resources.join(', ')}`
      : 'No collection/item path pairs: answers come from examples and schemas.',
  ])
}
