import type Database from 'better-sqlite3'

// better-sqlite3's type, not open.ts's alias: open.ts imports this module.
type Db = Database.Database

/**
 * How far a commit is on disk before it returns, chosen per `serve` (`--durability`).
 *
 * - `full` (the default): WAL with `synchronous = FULL`. Each commit is fsynced before it returns,
 *   so an acknowledged webhook survives a process crash and a power cut alike.
 * - `normal`: WAL with `synchronous = NORMAL`, as many SQLite-backed servers ship. Commits are
 *   written to the WAL file but fsynced only at checkpoints. A crash of the process (SIGKILL, an
 *   exception) loses nothing, since the operating system holds every write; a power cut or an OS
 *   crash may roll back the last commits before the latest checkpoint, never corrupt the database.
 *   It removes the fsync from every commit, which is what ingest waits on.
 *
 * Every connection the server opens on the folder (its own and the commit worker's) uses the same
 * level; other processes (CLI commands) keep their own, `full`.
 */
export const DURABILITY_LEVELS = ['full', 'normal'] as const
export type Durability = (typeof DURABILITY_LEVELS)[number]

/** The `synchronous` pragma of a level, run after CONNECTION_PRAGMAS (which set FULL). */
export const synchronousPragma = (durability: Durability): string =>
  durability === 'normal' ? 'synchronous = NORMAL' : 'synchronous = FULL'

/** The `synchronous` pragma an open connection runs with, so a second connection can be opened alike. */
export function sameDurabilityAs(db: Db): string {
  // SQLite's codes: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
  return synchronousPragma(db.pragma('synchronous', { simple: true }) === 1 ? 'normal' : 'full')
}

/** Whether each commit on this connection waits for an fsync (FULL or EXTRA; not NORMAL or OFF). */
export const fsyncsEachCommit = (db: Db): boolean => Number(db.pragma('synchronous', { simple: true })) >= 2
