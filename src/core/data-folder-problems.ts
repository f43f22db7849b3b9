import { accessSync, constants, statfsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * File systems of the kernel, not of a disk: a data folder there cannot hold a database, and Node's
 * recursive mkdir under /proc loops forever (EEXIST/ENOENT in turn) instead of failing.
 */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
])

const FIX =
  'pass --data with a folder of your own (or set SWITCHYARD_DATA), for example --data ~/switchyard-data'

/** The whole message for a data folder that cannot be used: the words "data folder", the path, the fix. */
export const dataFolderMessage = (dir: string, why: string): string =>
  `cannot use the data folder ${dir}: ${why}. Fix: ${FIX}.`

/** The nearest existing path at or above `path` (the root always exists). */
function nearestExisting(path: string): { path: string; isDirectory: boolean } {
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      return { path: p, isDirectory: statSync(p).isDirectory() }
    } catch {
      if (dirname(p) === p) return { path: p, isDirectory: true }
    }
  }
}

/**
 * Why `dir` cannot be a data folder (a file, under a file, on a kernel file system, not writable
 * and not creatable), or undefined when it can. Checked before anything is created in it.
 */
export function dataFolderProblem(dir: string): string | undefined {
  const existing = nearestExisting(dir)
  const self = existing.path === resolve(dir)
  if (!existing.isDirectory) {
    return self
      ? 'it is a file, not a folder'
      : `${existing.path} is a file, so no folder can be created under it`
  }
  try {
    const type = Number(statfsSync(existing.path).type)
    const pseudo = PSEUDO_FILE_SYSTEMS.get(type)
    if (pseudo) return `${existing.path} is on the kernel's ${pseudo} file system, not on a disk`
  } catch {
    // No statfs here: the checks below still apply.
  }
  try {
    accessSync(existing.path, constants.R_OK | constants.W_OK | constants.X_OK)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const what = code === 'EROFS' ? 'is on a read-only file system' : 'is not writable by you'
    return self ? `it ${what}` : `${existing.path} ${what}, so the folder cannot be created`
  }
  return undefined
}
