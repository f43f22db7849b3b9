import { statfsSync } from 'node:fs'
import { AppError } from '../errors.js'

/** Seconds a client is told to wait before sending a write again while the disk is full. */
export const DISK_FULL_RETRY_AFTER_S = 30

/** Below this many free bytes an I/O error on a write is read as a full disk. */
const LOW_SPACE_BYTES = 1024 * 1024

/** Free bytes for this user on the file system holding `dir`, or undefined when it cannot be read. */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir)
    return Number(s.bavail) * Number(s.bsize)
  } catch {
    return undefined
  }
}

const IO_ERROR = /^SQLITE_IOERR/
const FULL_MESSAGE = /database or disk is full|ENOSPC|no space left on device/i

/**
 * Whether an error means the data folder's disk is full. SQLite says SQLITE_FULL ("database or disk
 * is full") when a write meets ENOSPC; a few paths (growing the WAL index, truncating, syncing) say
 * SQLITE_IOERR_* instead, read as a full disk only when the folder's file system has next to no
 * space left. The commit worker hands its errors over as messages, hence the message patterns.
 */
export function isDiskFull(err: unknown, dir: string): boolean {
  if (!(err instanceof Error)) return false
  const code = (err as NodeJS.ErrnoException).code ?? ''
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || FULL_MESSAGE.test(err.message)) return true
  if (IO_ERROR.test(code) || /disk I\/O error/.test(err.message)) {
    const free = freeBytes(dir)
    return free !== undefined && free < LOW_SPACE_BYTES
  }
  return false
}

/** The problem every write answers while the disk is full: 503, Retry-After, the folder named. */
export const diskFullError = (dir: string): AppError =>
  new AppError(
    'disk_full',
    `The disk holding the data folder (${dir}) is full; nothing was stored. Free some space there and send the request again: writes resume without a restart.`,
    { headers: { 'retry-after': String(DISK_FULL_RETRY_AFTER_S) } },
  )

/**
 * What the gateway knows about its disk: full since a write failed for lack of space, until the
 * folder has clearly more room than it had then (someone freed space) or a write succeeds.
 */
export function createDiskWatch(dir: string) {
  let fullAt: { free: number | undefined } | undefined
  return {
    dir,
    /** Maps a full-disk error to the disk_full problem (and remembers it); anything else to undefined. */
    classify(err: unknown): AppError | undefined {
      if (!isDiskFull(err, dir)) return undefined
      fullAt = { free: freeBytes(dir) }
      return diskFullError(dir)
    },
    /** Whether the last write failed for lack of space and no room has appeared since. */
    get full(): boolean {
      if (!fullAt) return false
      const free = freeBytes(dir)
      if (free !== undefined && (fullAt.free === undefined || free > fullAt.free + LOW_SPACE_BYTES)) {
        fullAt = undefined
      }
      return fullAt !== undefined
    },
  }
}
export type DiskWatch = ReturnType<typeof createDiskWatch>
