import { bootstrap } from '../core/bootstrap.js'
import { type Core, createCore } from '../core/core.js'
import { defaultDataDir, openDataFolder } from '../core/data-folder.js'
import { openSdkUpstream } from '../server/sdk-upstream.js'
import type { Io } from './io.js'
import { oneLine } from './terminal-text.js'

export type { Io } from './io.js'

/** Where the data lives: `--data`, else SWITCHYARD_DATA, else the OS user-data folder. */
export const resolveDataDir = (flag: string | undefined, env: NodeJS.ProcessEnv) =>
  flag ?? (env.SWITCHYARD_DATA || defaultDataDir(env))

/**
 * Opens the data folder for an admin command. SQLite in WAL mode lets this run beside a server
 * on the same folder; the server reads keys and tiers from the database, so it sees the change.
 */
export function withCore<T>(dataDir: string, io: Io, work: (core: Core) => T): T {
  const folder = openDataFolder(dataDir)
  let core: Core
  let result: T
  try {
    core = createCore({ db: folder.db, encryptionKey: folder.encryptionKey, openUpstream: openSdkUpstream })
    const first = bootstrap(core)
    if (first) {
      io.err(`Created workspace "${first.workspace}" in ${dataDir} with these keys (shown only once):`)
      for (const k of first.keys) io.err(`  ${k.role.padEnd(12)} ${k.key}`)
    }
    result = work(core)
  } catch (err) {
    folder.db.close()
    throw err
  }
  // Async work (an online backup, a pull) keeps the database open until it settles and core has
  // stopped; synchronous work cannot have started anything that outlives it.
  if (result instanceof Promise)
    return result.finally(() => core.close().finally(() => folder.db.close())) as T
  folder.db.close()
  return result
}

/** Prints either one JSON object (`--json`) or human-readable lines. */
export function emit(io: Io, asJson: boolean, value: unknown, human: () => string[]) {
  if (asJson) io.out(JSON.stringify(value))
  else for (const line of human()) io.out(line)
}

/** Renders rows as an aligned text table. */
export function table(raw: Array<Record<string, string>>, columns: string[]): string[] {
  if (raw.length === 0) return ['(none)']
  // A cell is one line: a name or a captured value cannot break the table or fake a row.
  const rows = raw.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, oneLine(v)])))
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(columns.map((c) => c.toUpperCase())), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))]
}
