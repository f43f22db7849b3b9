import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** Where `scripts/desktop-prepare.mjs` puts better-sqlite3 built for this Electron's ABI. */
export const nativeDirName = (electronVersion: string) => join('native', `electron-${electronVersion}`)

/**
 * The Electron-ABI better-sqlite3 binary: in the packaged app's resources, or in `out/native`
 * of a checkout. The Node build in node_modules stays untouched for `npm test` and the CLI.
 */
export function electronNativeBinding(options: {
  isPackaged: boolean
  resourcesPath: string
  appPath: string
  electronVersion: string
}): string | undefined {
  const base = options.isPackaged ? options.resourcesPath : join(options.appPath, 'out')
  const path = join(base, nativeDirName(options.electronVersion), 'better_sqlite3.node')
  return existsSync(path) ? path : undefined
}
