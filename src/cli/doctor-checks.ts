import { existsSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { ADMIN_TOKEN_FILE, DB_FILE, ENCRYPTION_KEY_FILE, openDataFolder } from '../core/data-folder.js'
import { dataFolderProblem } from '../core/data-folder-problems.js'
import { connect, databaseHealth } from '../core/db/open.js'
import { loadCatalog } from '../core/providers/catalog.js'
import { freeBytes } from '../core/storage/disk-full.js'

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
  const problem = dataFolderProblem(dir)
  if (problem) {
    return [
      {
        name: 'Data folder',
        ok: false,
        detail: `${dir}: ${problem}`,
        fix: 'Pass --data with a folder of your own (or set SWITCHYARD_DATA).',
      },
    ]
  }
  if (!existsSync(dir)) {
    return [
      {
        name: 'Data folder',
        ok: true,
        level: 'warn',
        detail: `${dir} does not exist yet; the first start creates it`,
      },
      checkDiskSpace(dir),
    ]
  }
  const mode = statSync(dir).mode & 0o777
  const checks: Check[] = [
    {
      name: 'Data folder',
      ok: true,
      ...(mode & 0o077 ? { level: 'warn' as const } : {}),
      detail: `${dir} (mode ${mode.toString(8)})`,
      ...(mode & 0o077 ? { fix: `chmod 700 "${dir}"` } : {}),
    },
    checkDiskSpace(dir),
  ]
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

/** Below this much free space the gateway may soon answer writes with 503 disk_full. */
const LOW_DISK_BYTES = 100 * 1024 * 1024

const mebibytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`

/** Free space on the disk that holds the data folder (or the nearest folder above it that exists). */
export function checkDiskSpace(dir: string): Check {
  let at = dir
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  const free = freeBytes(at)
  if (free === undefined) return { name: 'Disk space', ok: true, level: 'warn', detail: 'unknown' }
  const low = free < LOW_DISK_BYTES
  return {
    name: 'Disk space',
    ok: free > 0,
    ...(low && { level: 'warn' as const }),
    detail: `${mebibytes(free)} free for the data folder`,
    ...(low && {
      fix: 'Free some space there: on a full disk the gateway answers writes with 503 disk_full (reads keep working).',
    }),
  }
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
  if (health?.status === 'ok' || health?.status === 'degraded') {
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
