import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ADMIN_TOKEN_FILE, DB_FILE, ENCRYPTION_KEY_FILE, openDataFolder } from '../core/data-folder.js'
import { connect, databaseHealth } from '../core/db/open.js'
import { loadCatalog } from '../core/providers/catalog.js'

export interface Check {
  name: string
  ok: boolean
  /** `warn` is shown but does not fail the run. */
  level?: 'warn'
  detail: string
  fix?: string
}

/** package.json `engines`; bin/switchyard.js refuses an older Node with the same numbers. */
const MIN_NODE = [22, 12]

export function checkNode(version = process.versions.node): Check {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  const ok = major > MIN_NODE[0]! || (major === MIN_NODE[0] && minor >= MIN_NODE[1]!)
  return {
    name: 'Node.js',
    ok,
    detail: `v${version}`,
    ...(!ok && { fix: `Install Node.js ${MIN_NODE.join('.')} or newer (24 LTS recommended).` }),
  }
}

export function checkNativeModule(): Check {
  try {
    const db = connect(':memory:')
    const { v } = db.prepare('SELECT sqlite_version() AS v').get() as { v: string }
    db.close()
    return { name: 'SQLite native module', ok: true, detail: `better-sqlite3 loads, SQLite ${v}` }
  } catch (err) {
    return {
      name: 'SQLite native module',
      ok: false,
      detail: (err as Error).message.split('\n')[0] ?? 'failed to load',
      fix: 'Reinstall (`npm ci`): better-sqlite3 ships prebuilt binaries for Linux, macOS and Windows on x64 and arm64. On another platform run `npm rebuild better-sqlite3 --foreground-scripts` (builds from source with python3, make and a C++ compiler).',
    }
  }
}

export function checkCatalog(): Check {
  try {
    const catalog = loadCatalog()
    return {
      name: 'Provider catalog',
      ok: true,
      detail: `${catalog.providers.length} providers in ${catalog.categories.length} categories`,
    }
  } catch (err) {
    return {
      name: 'Provider catalog',
      ok: false,
      detail: (err as Error).message,
      fix: 'Restore resources/catalog from git.',
    }
  }
}

/** The data folder: present and writable, private, database healthy and migrated, key matching. */
export function checkDataFolder(dir: string): Check[] {
  if (!existsSync(dir)) {
    return [
      {
        name: 'Data folder',
        ok: true,
        level: 'warn',
        detail: `${dir} does not exist yet; the first start creates it`,
      },
    ]
  }
  const checks: Check[] = []
  try {
    accessSync(dir, constants.R_OK | constants.W_OK)
    const mode = statSync(dir).mode & 0o777
    checks.push({
      name: 'Data folder',
      ok: true,
      ...(mode & 0o077 ? { level: 'warn' as const } : {}),
      detail: `${dir} (mode ${mode.toString(8)})`,
      ...(mode & 0o077 ? { fix: `chmod 700 "${dir}"` } : {}),
    })
  } catch {
    return [
      {
        name: 'Data folder',
        ok: false,
        detail: `${dir} is not readable and writable`,
        fix: `Check the owner of "${dir}".`,
      },
    ]
  }
  for (const file of [ENCRYPTION_KEY_FILE, ADMIN_TOKEN_FILE]) {
    const path = join(dir, file)
    if (existsSync(path) && statSync(path).mode & 0o077) {
      checks.push({
        name: file,
        ok: true,
        level: 'warn',
        detail: 'readable by other users',
        fix: `chmod 600 "${path}"`,
      })
    }
  }
  if (!existsSync(join(dir, DB_FILE))) return checks
  try {
    const folder = openDataFolder(dir)
    const { integrity, applied, known } = databaseHealth(folder.db)
    folder.db.close()
    checks.push({
      name: 'Database',
      ok: integrity === 'ok',
      detail: `integrity ${integrity}, ${applied}/${known} migrations applied, encryption key matches`,
      ...(integrity !== 'ok' && {
        fix: 'Restore from a snapshot (`switchyard import FILE`) or `switchyard reset --yes`.',
      }),
    })
  } catch (err) {
    checks.push({
      name: 'Database',
      ok: false,
      detail: (err as Error).message,
      fix: 'Stop other Switchyard processes on this folder, or restore its encryption.key / a snapshot.',
    })
  }
  return checks
}

/** Whether the port is free, or already taken by a running Switchyard (fine) or something else. */
export async function checkPort(port: number, host = '127.0.0.1'): Promise<Check> {
  const free = await new Promise<boolean>((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
  if (free) return { name: `Port ${port}`, ok: true, detail: 'free' }
  const health = await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(2000) })
    .then((r) => r.json() as Promise<{ status?: string; version?: string }>)
    .catch(() => undefined)
  if (health?.status === 'ok') {
    return {
      name: `Port ${port}`,
      ok: true,
      detail: `a Switchyard ${health.version ?? ''} is running there`.trim(),
    }
  }
  return {
    name: `Port ${port}`,
    ok: false,
    detail: 'in use by another program',
    fix: `Stop that program, or run \`switchyard serve --port 0\` (any free port) or \`--port N\`.`,
  }
}
