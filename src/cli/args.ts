import { type ParseArgsConfig, parseArgs } from 'node:util'
import { z } from 'zod'

/** A mistake in how the command was called: printed with a hint, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message)
  }
}

type Options = NonNullable<ParseArgsConfig['options']>

/** `--data DIR` and `--json`, which every command takes. */
export const COMMON_OPTIONS = {
  data: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options

/** Parses argv strictly (unknown flags are errors) and validates the values with a zod schema. */
export function parseCommand<S extends z.ZodTypeAny>(
  argv: string[],
  options: Options,
  schema: S,
  usage: string,
): { values: z.infer<S>; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    })
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/^TypeError \[\w+\]: /, ''), usage)
  }
  if (parsed.values.help) throw new UsageError('', usage)
  const result = schema.safeParse(parsed.values)
  if (!result.success) {
    const first = result.error.issues
      .map((i: z.core.$ZodIssue) => `--${String(i.path[0] ?? '')}: ${i.message}`)
      .join('; ')
    throw new UsageError(first, usage)
  }
  return { values: result.data, positionals: parsed.positionals }
}

/** A whole number given as text (`--port 0`, `--rpm 1200`). */
export const intArg = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))

/** Splits `<sub> [options]`; `--help` anywhere prints usage, a missing sub-command is a usage error. */
export function splitSubcommand(argv: string[], group: string, usage: string): [string, string[]] {
  if (argv.includes('--help') || argv.includes('-h')) throw new UsageError('', usage)
  const [sub, ...rest] = argv
  if (!sub || sub.startsWith('-')) throw new UsageError(`${group} needs a command`, usage)
  return [sub, rest]
}
