import { z } from 'zod'
import { VERSION } from '../../core/version.js'
import { intArg, parseCommand } from '../args.js'
import { type Io, resolveDataDir } from '../context.js'
import {
  type Check,
  checkCatalog,
  checkDataFolder,
  checkNativeModule,
  checkNode,
  checkPort,
} from '../doctor-checks.js'

export const DOCTOR_USAGE = `Usage:
  switchyard doctor [--port N] [--json] [--data DIR]
Checks Node.js, the SQLite native module, the provider catalog, the data folder and the port, and
says how to fix what is wrong. Exits 1 when a check fails.`

/** `switchyard doctor`. */
export async function doctorCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseCommand(
    argv,
    { port: { type: 'string' } },
    z.object({ data: z.string().optional(), json: z.boolean(), port: intArg(1, 65535).default(4747) }),
    DOCTOR_USAGE,
  )
  const dataDir = resolveDataDir(values.data, io.env)
  const checks: Check[] = [
    { name: 'Switchyard', ok: true, detail: VERSION },
    checkNode(),
    checkNativeModule(),
    checkCatalog(),
    ...checkDataFolder(dataDir),
    await checkPort(values.port),
  ]
  const failed = checks.filter((c) => !c.ok)
  if (values.json) io.out(JSON.stringify({ ok: failed.length === 0, checks }))
  else {
    for (const c of checks) {
      const mark = !c.ok ? '✗' : c.level === 'warn' ? '!' : '✓'
      io.out(`${mark} ${c.name.padEnd(22)} ${c.detail}`)
      if (c.fix) io.out(`  ${' '.repeat(22)} fix: ${c.fix}`)
    }
    io.out(failed.length ? `\n${failed.length} problem(s) found.` : '\nEverything looks good.')
  }
  return failed.length ? 1 : 0
}
